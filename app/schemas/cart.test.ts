// The Multi Link form without JavaScript: 'Add Link' and remove answered by the server with the form edited.
import { describe, expect, it } from "vitest";
import { cardItemFromForm } from "./cart";
import { editMultiLinkDraft, LINK_MESSAGES } from "./link-rules";

function form(entries: [string, string][]) {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
}

const base: [string, string][] = [
  ["type", "multi-link"],
  ["name", "Nora"],
  ["bio", "Baker"],
  ["instagram", "https://instagram.com/nora"],
];

describe("editMultiLinkDraft", () => {
  it("adds the new row's link, keeps what was typed and clears the row", () => {
    const first = editMultiLinkDraft(
      form([
        ...base,
        ["links[0].platform", "website"],
        ["links[0].name", ""],
        ["links[0].url", "https://nora.example"],
      ]),
      "add-link",
    );
    expect(first).toMatchObject({
      name: "Nora",
      bio: "Baker",
      error: null,
      links: [{ platform: "website", label: "Website", url: "https://nora.example" }],
      newLink: { platform: "website", name: "", url: "" },
    });
    expect(first.fields.instagram).toBe("https://instagram.com/nora");

    const second = editMultiLinkDraft(
      form([
        ...base,
        ["links[0].platform", "website"],
        ["links[0].name", "Website"],
        ["links[0].url", "https://nora.example"],
        ["links[1].platform", "custom"],
        ["links[1].name", "Shop"],
        ["links[1].url", "https://shop.nora.example"],
      ]),
      "add-link",
    );
    expect(second.links.map((l) => `${l.label}: ${l.url}`)).toEqual([
      "Website: https://nora.example",
      "Shop: https://shop.nora.example",
    ]);
  });

  it("refuses a bad new link with the specification's message and keeps it as typed", () => {
    const bad = (platform: string, url: string, name = "") =>
      editMultiLinkDraft(
        form([...base, ["links[0].platform", platform], ["links[0].name", name], ["links[0].url", url]]),
        "add-link",
      );
    expect(bad("website", "")).toMatchObject({ error: LINK_MESSAGES.emptyUrl, links: [] });
    expect(bad("website", "nora.example")).toMatchObject({
      error: LINK_MESSAGES.http,
      newLink: { platform: "website", url: "nora.example" },
    });
    expect(bad("email", "nora")).toMatchObject({ error: LINK_MESSAGES.email });
    expect(bad("phone", "call me")).toMatchObject({ error: LINK_MESSAGES.phone });
    expect(bad("custom", "https://x.example")).toMatchObject({ error: LINK_MESSAGES.customName });
  });

  it("removes a link by its position, and drops posted links that break the rules", () => {
    const draft = editMultiLinkDraft(
      form([
        ...base,
        ["links[0].platform", "website"],
        ["links[0].url", "https://a.example"],
        ["links[1].platform", "website"],
        ["links[1].url", "javascript:alert(1)"],
        ["links[2].platform", "website"],
        ["links[2].url", "https://b.example"],
        ["links[3].platform", "website"],
        ["links[3].url", ""],
      ]),
      "remove-link:0",
    );
    expect(draft.links.map((l) => l.url)).toEqual(["https://b.example"]);
    expect(draft.error).toBeNull();
  });

  it("posts back as a card the cart accepts: the profile fields and every added link together", () => {
    const draft = editMultiLinkDraft(
      form([...base, ["links[0].platform", "tiktok"], ["links[0].url", "https://tiktok.com/@nora"]]),
      "add-link",
    );
    const again = form([
      ...base,
      ...draft.links.flatMap((l, i): [string, string][] => [
        [`links[${i}].platform`, l.platform],
        [`links[${i}].name`, l.label],
        [`links[${i}].url`, l.url],
      ]),
      [`links[${draft.links.length}].platform`, draft.newLink.platform],
      [`links[${draft.links.length}].url`, ""],
    ]);
    const item = cardItemFromForm(again);
    expect(item.success && item.data.links.map((l) => l.url)).toEqual([
      "https://instagram.com/nora",
      "https://tiktok.com/@nora",
    ]);
  });
});
