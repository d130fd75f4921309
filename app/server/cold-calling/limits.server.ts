// Cold calling's rate limits: signed-in writes to prospects, each counted per account and per client address.
import type { WriteLimit } from "../platform/rate-limit.server";

const perHour = (name: string, account: number, address: number): WriteLimit => ({
  name,
  account: { max: account, windowSeconds: 3600 },
  address: { max: address, windowSeconds: 3600 },
});

export const PROSPECT_WRITES = {
  /** A file is up to 2,000 rows: ten files an hour is more than any real list. */
  prospectImport: perHour("prospectImport", 10, 30),
  addProspect: perHour("addProspect", 120, 360),
  prospectNote: perHour("prospectNote", 240, 720),
  prospectStatus: perHour("prospectStatus", 600, 1800),
};
