import { describe, expect, it } from "vitest";
import { CardLinkSchema, CreateClientSchema } from "./card-page";

describe("card page text fields", () => {
  it("refuses a line break in a name or a link title, which would start a new line in the vCard", () => {
    const client = CreateClientSchema.safeParse({ name: "Eve\r\nEMAIL:evil@example.com" });
    expect(client.success).toBe(false);
    expect(client.error?.issues.map((i) => i.message)).toContain("Name must be a single line of text");
    const link = CardLinkSchema.safeParse({
      title: "Site\nURL:x",
      url: "https://example.com",
      icon: "globe",
    });
    expect(link.error?.issues.map((i) => i.message)).toContain("Link title must be a single line of text");
  });

  it("keeps the line breaks of a bio, but not other control characters", () => {
    expect(CreateClientSchema.safeParse({ name: "Eve", bio: "Line one\r\nLine two" }).success).toBe(true);
    const bell = CreateClientSchema.safeParse({ name: "Eve", bio: "Ring\u0007" });
    expect(bell.error?.issues.map((i) => i.message)).toContain("Bio must not contain control characters");
  });
});
