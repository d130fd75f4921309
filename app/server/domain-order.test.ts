// The domains' order lives in three places that must agree: the folders of app/server, biome.json's import rules
// (which make `npm run lint` fail on an import against the order) and the README's list. A new domain fails here
// until it has its place in all three.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Lowest first: each domain imports only those before it. */
const DOMAIN_ORDER = [
  "platform",
  "accounts",
  "webhooks",
  "referrals",
  "cards",
  "cold-calling",
  "contacts",
  "companies",
  "shop",
  "site",
];

const root = path.resolve(import.meta.dirname, "../..");

interface Override {
  includes: string[];
  linter?: {
    rules?: { style?: { noRestrictedImports?: { options?: { patterns?: { group: string[] }[] } } } };
  };
}

const overrides: Override[] = JSON.parse(readFileSync(path.join(root, "biome.json"), "utf8")).overrides;

/** Every import pattern the override for these files forbids. */
function forbidden(include: string) {
  const found = overrides.filter((o) => o.includes[0] === include);
  expect(found, `biome.json has one override for ${include}`).toHaveLength(1);
  const patterns = found[0]!.linter?.rules?.style?.noRestrictedImports?.options?.patterns ?? [];
  return patterns.flatMap((p) => p.group);
}

describe("the domains' order", () => {
  it("has every folder of app/server in it, each with a README that says what it owns", () => {
    const folders = readdirSync(path.join(root, "app/server"), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(folders.sort()).toEqual([...DOMAIN_ORDER].sort());
    for (const domain of DOMAIN_ORDER)
      expect(readFileSync(path.join(root, "app/server", domain, "README.md"), "utf8")).toMatch(
        new RegExp(`^\`${domain}/\` owns `),
      );
  });

  it("is enforced by biome.json: each domain may not import any domain above it, and may import those below", () => {
    DOMAIN_ORDER.slice(1).forEach((domain, i) => {
      const above = DOMAIN_ORDER.slice(i + 2);
      if (above.length === 0) return;
      const groups = forbidden(`app/server/${domain}/**`);
      for (const a of above)
        expect(groups).toEqual(expect.arrayContaining([`~/server/${a}/**`, `../${a}/**`, `../../${a}/**`]));
      for (const b of DOMAIN_ORDER.slice(0, i + 2)) expect(groups.join(" ")).not.toContain(`/${b}/**`);
    });
  });

  it("keeps platform/ free of every domain without naming them, so a new domain is covered the day it is made", () => {
    expect(forbidden("app/server/platform/*.ts")).toEqual(
      expect.arrayContaining(["~/server/**", "!~/server/platform/**", "../*/**"]),
    );
    expect(forbidden("app/server/platform/*/**")).toEqual(
      expect.arrayContaining(["~/server/**", "!~/server/platform/**", "../../*/**"]),
    );
  });

  it("is the order the README lists", () => {
    const readme = readFileSync(path.join(root, "README.md"), "utf8");
    const section = readme.slice(readme.indexOf("### Domains"));
    const block = section.slice(
      section.indexOf("```") + 3,
      section.indexOf("```", section.indexOf("```") + 3),
    );
    const listed = [...block.matchAll(/^([a-z-]+)\/ /gm)].map((m) => m[1]);
    expect(listed).toEqual(DOMAIN_ORDER);
  });
});
