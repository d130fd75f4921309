import { describe, expect, it } from "vitest";
import { DeliverySchema } from "~/schemas/checkout";
import { countryCodeFor, countryName, countryOptions } from "./countries";

describe("countries", () => {
  it("lists every ISO 3166-1 country by name, the United Kingdom first", () => {
    const options = countryOptions();
    expect(options).toHaveLength(249);
    expect(options[0]).toEqual({ code: "GB", name: "United Kingdom" });
    expect(options).toContainEqual({ code: "FR", name: "France" });
    const rest = options.slice(1).map((o) => o.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, "en-GB")));
  });

  it("reads a country typed as free text before the select: its name, a code or a common alias", () => {
    expect(countryCodeFor("United Kingdom")).toBe("GB");
    expect(countryCodeFor(" uk ")).toBe("GB");
    expect(countryCodeFor("Scotland")).toBe("GB");
    expect(countryCodeFor("france")).toBe("FR");
    expect(countryCodeFor("United States of America")).toBe("US");
    expect(countryCodeFor("Bosnia and Herzegovina")).toBe("BA");
    expect(countryCodeFor("Cote d'Ivoire")).toBe("CI");
    expect(countryCodeFor("de")).toBe("DE");
    expect(countryCodeFor("Narnia")).toBeNull();
    expect(countryCodeFor("x".repeat(10_000))).toBeNull();
  });

  it("names a code, and shows an old free-text country as it was typed", () => {
    expect(countryName("FR")).toBe("France");
    expect(countryName("Narnia")).toBe("Narnia");
  });

  it("stores the country of a delivery address as its code, and refuses one that is not on the list", () => {
    const base = {
      fullName: "A",
      email: "a@example.com",
      phone: "1",
      addressLine1: "1 Rue",
      city: "Paris",
      postalCode: "75001",
    };
    expect(DeliverySchema.parse({ ...base, country: "FR" }).country).toBe("FR");
    expect(DeliverySchema.parse({ ...base, country: "United Kingdom" }).country).toBe("GB");
    const refused = DeliverySchema.safeParse({ ...base, country: "Narnia" });
    expect(refused.error?.issues.map((i) => i.message)).toEqual(["Please choose your country from the list"]);
    const missing = DeliverySchema.safeParse({ ...base, country: "" });
    expect(missing.error?.issues.map((i) => i.message)).toEqual(["Country is required"]);
  });
});
