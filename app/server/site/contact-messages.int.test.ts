import { asc } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactMessages, emailOutbox } from "~/db/schema";
import { ContactSchema } from "~/schemas/contact";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { loadConfig } from "../platform/env.server";
import { saveContactMessage } from "./contact-messages.server";

let t: TestDb;
const config = loadConfig({
  DATA_DIR: "/tmp/contact-test",
  AUTH_SECRET: "x".repeat(32),
  SUPPORT_EMAIL: "help@shop.test",
  SHOP_NAME: "Shop",
});

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.delete(emailOutbox);
  await t.db.delete(contactMessages);
});

const parse = (input: Record<string, string>) => ContactSchema.parse(input);

describe("contact messages", () => {
  it("stores the message and queues the support copy and the acknowledgement together", async () => {
    await saveContactMessage(
      t.db,
      config,
      parse({
        name: "Dee",
        email: "Dee@Example.com",
        subject: "delivery",
        orderNumber: "WC123456",
        message: "Where is it?",
      }),
    );
    const [row] = await t.db.select().from(contactMessages);
    expect(row).toMatchObject({
      name: "Dee",
      email: "dee@example.com",
      subject: "Delivery",
      orderNumber: "WC123456",
    });
    const mails = await t.db.select().from(emailOutbox).orderBy(asc(emailOutbox.id));
    expect(mails.map((m) => [m.to, m.replyTo])).toEqual([
      ["help@shop.test", "dee@example.com"],
      ["dee@example.com", "help@shop.test"],
    ]);
    expect(mails[0]!.subject).toBe("Contact form: Delivery");
    expect(mails[0]!.text).toContain("Order number: WC123456");
    expect(mails[1]!.text).toContain("Thank you for contacting us. We'll get back to you soon.");
  });

  it("stores the sender's own subject for 'Other' and drops an order number the subject does not need", async () => {
    await saveContactMessage(
      t.db,
      config,
      parse({
        name: "Eve",
        email: "eve@example.com",
        subject: "custom",
        customSubject: "Wholesale",
        orderNumber: "WC1",
        message: "Hi",
      }),
    );
    const [row] = await t.db.select().from(contactMessages);
    expect(row).toMatchObject({ subject: "Wholesale", orderNumber: null });
  });

  it("echoes none of the sender's words to the address they gave (it has not proven it is theirs); support gets them all", async () => {
    await saveContactMessage(
      t.db,
      config,
      parse({
        name: "Visit pills.example now",
        email: "victim@example.com",
        subject: "custom",
        customSubject: "You won: claim at prize.example",
        message: "Cheap pills at https://pills.example, reply with your bank details",
      }),
    );
    const [support, acknowledgement] = await t.db.select().from(emailOutbox).orderBy(asc(emailOutbox.id));
    expect(acknowledgement!.to).toBe("victim@example.com");
    for (const part of [acknowledgement!.subject, acknowledgement!.text, acknowledgement!.html]) {
      expect(part).not.toMatch(/pills|prize|bank details|claim/i);
    }
    expect(acknowledgement!.text).toContain("Thank you for contacting us. We'll get back to you soon.");
    expect(support!.text).toContain("Cheap pills at https://pills.example, reply with your bank details");
    expect(support!.text).toContain("You won: claim at prize.example");
    expect(support!.text).toContain("Visit pills.example now");
  });

  it("names the chosen subject's label in the acknowledgement", async () => {
    await saveContactMessage(
      t.db,
      config,
      parse({ name: "Gil", email: "gil@example.com", subject: "hiring", message: "Hi" }),
    );
    const [, acknowledgement] = await t.db.select().from(emailOutbox).orderBy(asc(emailOutbox.id));
    expect(acknowledgement!.subject).toBe("We received your message: Hiring");
  });

  it("keeps nothing when queuing an e-mail fails", async () => {
    const broken = { ...config, mail: { ...config.mail, support: null as unknown as string } };
    await expect(
      saveContactMessage(
        t.db,
        broken,
        parse({ name: "Fay", email: "fay@example.com", subject: "support", message: "Hi" }),
      ),
    ).rejects.toThrow();
    expect(await t.db.select().from(contactMessages)).toEqual([]);
    expect(await t.db.select().from(emailOutbox)).toEqual([]);
  });
});

describe("contact schema", () => {
  it("requires the revealed field for 'Other' and 'Delivery'", () => {
    const base = { name: "A", email: "a@b.co", message: "Hi" };
    const other = ContactSchema.safeParse({ ...base, subject: "custom" });
    expect(other.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["customSubject", "Please specify the subject"],
    ]);
    const delivery = ContactSchema.safeParse({ ...base, subject: "delivery", orderNumber: "  " });
    expect(delivery.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["orderNumber", "Order number is required"],
    ]);
    expect(ContactSchema.safeParse({ ...base, subject: "hiring" }).success).toBe(true);
  });
});
