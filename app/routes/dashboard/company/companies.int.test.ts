// Companies through their routes on both databases: creating one, inviting (one at a time and by CSV), accepting
// an invitation only as its address, roles and the last owner, and who may see and do what.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyEvents, emailOutbox, invitations, members } from "~/db/schema";
import { answer, getRequest } from "../../../../tests/support/routes";
import { toastOf } from "../../../../tests/support/shop";
import { type CompanyShop, companyRoutes, companyShop, invitationFor } from "./company-fixture";
import * as logCsv from "./log-csv";

let shop: CompanyShop;
let r: ReturnType<typeof companyRoutes>;
let slug: string;

beforeAll(async () => {
  shop = await companyShop("companies");
  r = companyRoutes(shop);
});
afterAll(() => shop?.t.close());

const messageOf = async (a: { headers: Headers; data: Record<string, unknown> }) =>
  (a.data.error as string | undefined) ?? (await toastOf(a.headers))?.description;

describe("creating a company", () => {
  it("refuses a form without a name, and makes nothing", async () => {
    const refused = await r.createCompany(shop.olivia, { name: " " });
    expect(refused.status).toBe(400);
    expect((refused.data.result as { error: Record<string, string[]> }).error.name).toEqual([
      "Company name is required",
    ]);
    const badSite = await r.createCompany(shop.olivia, {
      name: "Acme",
      website: "http://acme.example:99999",
    });
    expect((badSite.data.result as { error: Record<string, string[]> }).error.website).toEqual([
      "Enter a full web address starting with https://",
    ]);
    expect((await r.listCompanies(shop.olivia)).data.companies).toEqual([]);
  });

  it("makes its creator the owner and opens it at an address from its name", async () => {
    const made = await r.createCompany(shop.olivia, {
      name: "Acme Café Ltd",
      website: "https://acme.example",
      contactEmail: "hello@acme.example",
    });
    expect(made.status).toBe(302);
    slug = made.location!.split("/").pop()!;
    expect(slug).toBe("acme-cafe-ltd");
    expect((await r.listCompanies(shop.olivia)).data.companies).toEqual([
      { slug, name: "Acme Café Ltd", role: "owner" },
    ]);
    const page = await r.openCompany(shop.olivia.cookie, slug);
    expect(page.data).toMatchObject({
      role: "owner",
      manages: true,
      company: { website: "https://acme.example/" },
    });
    // A second company of the same name gets an address of its own.
    const again = await r.createCompany(shop.otto, { name: "Acme Cafe Ltd" });
    expect(again.location).toBe("/dashboard/company/acme-cafe-ltd-2");
  });
});

describe("inviting and joining", () => {
  it("sends an invitation only its address can accept, once", async () => {
    const sent = await r.postPeople(shop.olivia.cookie, slug, {
      intent: "invite",
      email: "Adam@Example.com",
      role: "admin",
    });
    expect(sent.status).toBe(302);
    expect(await toastOf(sent.headers)).toMatchObject({ title: "Invitation sent to adam@example.com" });
    const invitation = await invitationFor(shop, "adam@example.com");
    const mail = shop.sent.find((m) => m.to === "adam@example.com" && m.subject.includes("invited"))!;
    expect(mail.subject).toBe("Olivia invited you to join Acme Café Ltd on TapCard");
    expect(mail.text).toContain(`http://shop.test/invitations/${invitation.id}`);

    // Anyone holding the link sees whom it is for; another account cannot take it.
    expect((await r.openInvitation("", invitation.id)).data).toMatchObject({ state: "sign-in" });
    const wrong = await r.answerInvitation(shop.mia.cookie, invitation.id, "accept");
    expect(wrong.status).toBe(403);
    expect(await messageOf(wrong)).toBe(
      "This invitation is for adam@example.com, and you are signed in as mia@example.com. Log out, then sign in as adam@example.com to accept it.",
    );
    expect((await r.openInvitation(shop.mia.cookie, invitation.id)).data).toMatchObject({
      state: "wrong-account",
    });

    const accepted = await r.answerInvitation(shop.adam.cookie, invitation.id, "accept");
    expect(accepted).toMatchObject({ status: 302, location: `/dashboard/company/${slug}` });
    expect((await r.openCompany(shop.adam.cookie, slug)).data).toMatchObject({ role: "admin" });

    // Used: the link now says so, and accepting again changes nothing.
    const reused = await r.answerInvitation(shop.adam.cookie, invitation.id, "accept");
    expect(reused.status).toBe(404);
    expect(await messageOf(reused)).toBe("This invitation has expired, was revoked or was already used.");
    expect((await r.openInvitation(shop.adam.cookie, invitation.id)).status).toBe(404);
  });

  it("refuses an expired invitation", async () => {
    await r.postPeople(shop.olivia.cookie, slug, { intent: "invite", email: "mia@example.com" });
    const invitation = await invitationFor(shop, "mia@example.com");
    await shop.t.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, invitation.id));
    expect((await r.answerInvitation(shop.mia.cookie, invitation.id, "accept")).status).toBe(404);
    // Resent, it works for another 7 days.
    const resent = await r.postPeople(shop.adam.cookie, slug, {
      intent: "resend",
      invitationId: invitation.id,
    });
    expect(resent.status).toBe(302);
    expect((await r.answerInvitation(shop.mia.cookie, invitation.id, "accept")).status).toBe(302);
    expect((await r.openCompany(shop.mia.cookie, slug)).data).toMatchObject({
      role: "member",
      manages: false,
    });
  });

  it("refuses to invite someone twice or a member again, beside the field", async () => {
    const member = await r.postPeople(shop.olivia.cookie, slug, {
      intent: "invite",
      email: "mia@example.com",
    });
    expect(member.status).toBe(400);
    expect((member.data.result as { error: Record<string, string[]> }).error.email).toEqual([
      "They are already a member of this company.",
    ]);
    await r.postPeople(shop.olivia.cookie, slug, { intent: "invite", email: "zoe@example.com" });
    const twice = await r.postPeople(shop.olivia.cookie, slug, {
      intent: "invite",
      email: "zoe@example.com",
    });
    expect((twice.data.result as { error: Record<string, string[]> }).error.email).toEqual([
      "They already have an invitation waiting. Resend it from the list instead.",
    ]);
  });

  it("revokes an invitation: its link stops working", async () => {
    const zoe = await invitationFor(shop, "zoe@example.com");
    const revoked = await r.postPeople(shop.olivia.cookie, slug, { intent: "revoke", invitationId: zoe.id });
    expect(revoked.status).toBe(302);
    expect((await r.openInvitation("", zoe.id)).status).toBe(404);
  });
});

describe("the people CSV", () => {
  const header = "name,email,job_title,phone";
  const row = (i: number) =>
    `Person ${i},person${i}@example.com,Sales,+44 7700 900${String(i).padStart(3, "0")}`;

  it("reports every bad row with its line, and imports nothing until the file is clean", async () => {
    const before = await shop.t.db.select().from(invitations);
    const rows = Array.from({ length: 20 }, (_, i) => row(i + 1));
    rows[4] = "Bad Row,not-an-address,Sales,";
    rows[9] = "Mia,mia@example.com,,";
    const refused = await r.importCsv(shop.olivia.cookie, slug, [header, ...rows].join("\n"));
    expect(refused.status).toBe(400);
    expect(refused.data.error).toBe("Nothing was imported: 2 rows need fixing first.");
    expect(refused.data.refused).toEqual([
      { line: 6, reason: "email is not an e-mail address" },
      { line: 11, reason: "mia@example.com is already a member" },
    ]);
    expect(await shop.t.db.select().from(invitations)).toEqual(before);
  });

  it("refuses a file with a repeated address or an unknown column", async () => {
    const repeated = await r.importCsv(shop.olivia.cookie, slug, [header, row(1), row(1)].join("\n"));
    expect(repeated.data.refused).toEqual([{ line: 3, reason: "person1@example.com is also on line 2" }]);
    const unknown = await r.importCsv(shop.olivia.cookie, slug, "email,salary\nx@example.com,1");
    expect(unknown.data.error).toBe(
      "The first row must name the columns: name, email, job_title, phone. This file's header has unknown 'salary'.",
    );
  });

  it("invites every row of a clean file, each by e-mail, in one step", async () => {
    const outboxBefore = (await shop.t.db.select().from(emailOutbox)).length;
    const rows = Array.from({ length: 20 }, (_, i) => row(i + 1));
    const done = await r.importCsv(shop.adam.cookie, slug, [header, ...rows].join("\n"));
    expect(done.status).toBe(302);
    expect(await toastOf(done.headers)).toMatchObject({ title: "20 invitations sent" });
    const waiting = (await shop.t.db.select().from(invitations)).filter((i) => i.email.startsWith("person"));
    expect(waiting).toHaveLength(20);
    expect(waiting.find((i) => i.email === "person3@example.com")).toMatchObject({
      name: "Person 3",
      jobTitle: "Sales",
      role: "member",
      status: "pending",
    });
    const outbox = await shop.t.db.select().from(emailOutbox);
    expect(outbox.length - outboxBefore).toBe(20);
    expect(outbox.at(-1)!.text).toContain("http://shop.test/invitations/");
    const page = await r.loadPeople(shop.olivia.cookie, slug);
    expect(page.data.waitingCount).toBe(20);
  });
});

describe("roles and the last owner", () => {
  const memberId = async (userId: string) =>
    (await shop.t.db.select().from(members).where(eq(members.userId, userId)))[0]!.id;

  it("keeps the last owner: they cannot leave or demote themselves, and an admin cannot remove them", async () => {
    const leave = await r.leave(shop.olivia.cookie, slug);
    expect(leave.status).toBe(400);
    expect(await messageOf(leave)).toBe("A company needs an owner. Make someone else an owner first.");
    const demote = await r.postPeople(shop.olivia.cookie, slug, {
      intent: "set-role",
      memberId: await memberId(shop.olivia.id),
      role: "admin",
    });
    expect(demote.status).toBe(400);
    const removed = await r.postPeople(shop.adam.cookie, slug, {
      intent: "remove",
      memberId: await memberId(shop.olivia.id),
    });
    expect(removed.status).toBeGreaterThanOrEqual(400);
    expect((await r.openCompany(shop.olivia.cookie, slug)).data).toMatchObject({ role: "owner" });
  });

  it("lets only an owner make an owner; then the first owner may leave", async () => {
    const byAdmin = await r.postPeople(shop.adam.cookie, slug, {
      intent: "set-role",
      memberId: await memberId(shop.mia.id),
      role: "owner",
    });
    expect(byAdmin.status).toBe(403);
    expect(await messageOf(byAdmin)).toBe(
      "Only an owner can change an owner's role or make someone an owner.",
    );
    const byOwner = await r.postPeople(shop.olivia.cookie, slug, {
      intent: "set-role",
      memberId: await memberId(shop.adam.id),
      role: "owner",
    });
    expect(byOwner.status).toBe(302);
    expect((await r.openCompany(shop.adam.cookie, slug)).data).toMatchObject({ role: "owner" });
  });

  it("removes a member: they lose the company's pages", async () => {
    const removed = await r.postPeople(shop.adam.cookie, slug, {
      intent: "remove",
      memberId: await memberId(shop.mia.id),
    });
    expect(removed.status).toBe(302);
    expect((await r.openCompany(shop.mia.cookie, slug)).status).toBe(404);
  });

  it("records each change in the log, which downloads as CSV", async () => {
    const csv = await answer(
      logCsv.loader,
      getRequest(`http://shop.test/dashboard/company/${slug}/log.csv`, shop.olivia.cookie),
      shop.context,
      { slug },
    );
    expect(csv.body).toContain('"Olivia","Invited","adam@example.com","Admin"');
    const log = await shop.t.db.select().from(companyEvents);
    expect(log.map((e) => e.action)).toEqual(
      expect.arrayContaining([
        "created",
        "invited",
        "joined",
        "resent",
        "revoked",
        "imported",
        "role-changed",
        "removed",
      ]),
    );
  });
});

describe("who sees what", () => {
  it("answers 404 to anyone not in the company, the shop's admin included, and 403 to a member on People", async () => {
    for (const cookie of ["", shop.otto.cookie, shop.admin]) {
      const answer = await r.openCompany(cookie, slug);
      expect(answer.status === 404 || answer.location?.startsWith("/login")).toBe(true);
    }
    expect(
      (await r.postPeople(shop.otto.cookie, slug, { intent: "invite", email: "x@example.com" })).status,
    ).toBe(404);
    await r.postPeople(shop.adam.cookie, slug, { intent: "invite", email: "mia@example.com" });
    await r.answerInvitation(shop.mia.cookie, (await invitationFor(shop, "mia@example.com")).id, "accept");
    expect((await r.loadPeople(shop.mia.cookie, slug)).status).toBe(403);
    expect(
      (await r.postPeople(shop.mia.cookie, slug, { intent: "invite", email: "x@example.com" })).status,
    ).toBe(403);
  });

  it("answers an id of another company's invitation or member with 404, changing nothing", async () => {
    const ottoMember = (await shop.t.db.select().from(members).where(eq(members.userId, shop.otto.id)))[0]!;
    const refused = await r.postPeople(shop.adam.cookie, slug, { intent: "remove", memberId: ottoMember.id });
    expect(refused.status).toBe(404);
    expect((await shop.t.db.select().from(members).where(eq(members.id, ottoMember.id))).length).toBe(1);
  });
});
