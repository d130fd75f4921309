// Customer B and the admin against customer A's things on every customer route: A's ids in an address or a post
// answer 404, pages show none of A's things, and nothing of A's changes, whatever they post.
import { describe, expect, it } from "vitest";
import { CASES } from "../../tests/support/access-matrix/cases";
import { signedInRouteFiles } from "../../tests/support/access-matrix/route-sources";
import { ORIGIN, setUpAccessMatrix } from "../../tests/support/access-matrix/setup";
import { routeModule } from "../../tests/support/route-table";
import { answer, getRequest } from "../../tests/support/routes";

const matrix = setUpAccessMatrix();

describe("access matrix", () => {
  const files = signedInRouteFiles();

  for (const who of ["B", "admin"] as const) {
    it(`answers ${who} with 404 for A's ids on customer routes and shows none of A's things`, async () => {
      const { cookies, context, ids, getAs, postAs, leaks, snapshotOfA } = matrix;
      const before = await snapshotOfA();
      for (const file of files) {
        const c = CASES[file]!;
        if (c.area !== "customer") continue;
        const m = await routeModule(file);
        if (m.loader && c.read !== "redirect") {
          const a = await getAs(c, who, m);
          if (c.read === "ids") expect({ file, status: a.status }).toEqual({ file, status: 404 });
          else expect({ file, status: a.status, leaks: leaks(a) }).toEqual({ file, status: 200, leaks: [] });
          for (const address of c.foreignReads?.(ids) ?? []) {
            const r = await answer(m.loader, getRequest(`${ORIGIN}${address}`, cookies[who]), context);
            expect({ address, status: r.status }).toEqual({ address, status: 404 });
            const own = await answer(m.loader, getRequest(`${ORIGIN}${address}`, cookies.A), context);
            expect({ address, owner: own.status }).toEqual({ address, owner: 200 });
          }
        }
        for (const [intent, { kind, fields }] of Object.entries(c.intents ?? {})) {
          const a = await postAs(c, who, m, intent, fields);
          if (kind === "foreign")
            expect({ file, intent, status: a.status }).toEqual({ file, intent, status: 404 });
          expect({ file, intent, leaks: leaks(a, fields(ids)) }).toEqual({ file, intent, leaks: [] });
        }
      }
      expect(await snapshotOfA()).toEqual(before);
    });
  }
});
