// The countries a delivery address may be in: ISO 3166-1 alpha-2 codes, named by the platform's own
// Intl.DisplayNames (British English), so no list of names is kept here. Browser-safe.
import { UK_COUNTRY } from "~/delivery-options";

/** Every officially assigned ISO 3166-1 alpha-2 code. */
const CODES = (
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT " +
  "BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH " +
  "ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT " +
  "HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS " +
  "LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI " +
  "NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG " +
  "SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG " +
  "UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"
).split(" ");

let names: Map<string, string> | null = null;

function countryNames() {
  if (!names) {
    const display = new Intl.DisplayNames(["en-GB"], { type: "region", fallback: "code" });
    names = new Map(CODES.map((code) => [code, display.of(code) ?? code]));
  }
  return names;
}

function isCountryCode(value: string): boolean {
  return countryNames().has(value);
}

/** A code's name; anything else (an address typed before countries were a list) is shown as it was typed. */
export function countryName(value: string): string {
  return countryNames().get(value) ?? value;
}

/** Every country for a select: the United Kingdom first, then the rest by name. */
export function countryOptions(): { code: string; name: string }[] {
  const all = [...countryNames()].map(([code, name]) => ({ code, name }));
  const uk = all.filter((c) => c.code === UK_COUNTRY);
  const rest = all.filter((c) => c.code !== UK_COUNTRY).sort((a, b) => a.name.localeCompare(b.name, "en-GB"));
  return [...uk, ...rest];
}

/** Common ways of writing a country that are not its ISO name. */
const ALIASES: Record<string, string> = {
  uk: "GB",
  "great britain": "GB",
  britain: "GB",
  england: "GB",
  scotland: "GB",
  wales: "GB",
  "northern ireland": "GB",
  "united kingdom of great britain and northern ireland": "GB",
  usa: "US",
  "united states of america": "US",
  america: "US",
  holland: "NL",
  "the netherlands": "NL",
  "republic of ireland": "IE",
  eire: "IE",
  turkey: "TR",
  "czech republic": "CZ",
  "south korea": "KR",
  "ivory coast": "CI",
};

const key = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

let byName: Map<string, string> | null = null;

/**
 * The code for a country as someone may have typed it (a code, its name in British or American English, or a
 * common alias), or null. Reads addresses saved when Country was free text.
 */
export function countryCodeFor(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > 100) return null;
  if (isCountryCode(trimmed.toUpperCase())) return trimmed.toUpperCase();
  if (!byName) {
    byName = new Map(Object.entries(ALIASES));
    const american = new Intl.DisplayNames(["en-US"], { type: "region", fallback: "code" });
    for (const [code, name] of countryNames()) {
      byName.set(key(name), code);
      byName.set(key(american.of(code) ?? code), code);
    }
  }
  return byName.get(key(trimmed)) ?? null;
}
