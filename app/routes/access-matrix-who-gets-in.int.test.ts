// Who gets into every signed-in route: an anonymous visitor is sent to sign in and every post refused, customer A
// sees their own pages, customers are kept out of the admin area, and the admin gets into every admin page. Also
// a card page's public 'share your details' form: the same for everyone, shown only while its owner has it on.
import { describe, expect, it } from "vitest";
import { exchangedContacts } from "~/db/schema";
import { formStamp, setContactExchange } from "~/server/contacts/exchange.server";
import { CASES } from "../../tests/support/access-matrix/cases";
import { signedInRouteFiles } from "../../tests/support/access-matrix/route-sources";
import { ORIGIN, setUpAccessMatrix } from "../../tests/support/access-matrix/setup";
import { routeModule } from "../../tests/support/route-table";
import { answer, getRequest, postRequest } from "../../tests/support/routes";

const matrix = setUpAccessMatrix();

describe("access matrix", () => {
  const files = signedInRouteFiles();

  it("sends an anonymous visitor to sign in, and refuses every post without changing anything", async () => {
    const before = await matrix.snapshotOfA();
    for (const file of files) {
      const c = CASES[file]!;
      const m = await routeModule(file);
      if (m.loader && c.read !== "redirect") {
        const a = await matrix.getAs(c, "anonymous", m);
        const where = c.area === "admin" ? "/admin-login" : "/login";
        expect({ file, status: a.status, to: a.location?.split("?")[0] }).toEqual({
          file,
          status: 302,
          to: where,
        });
      }
      for (const [intent, { fields }] of Object.entries(c.intents ?? {})) {
        const a = await matrix.postAs(c, "anonymous", m, intent, fields);
        const refused =
          c.area === "admin" ? a.status === 403 : a.status === 302 && a.location?.startsWith("/login");
        expect({ file, intent, refused }).toEqual({ file, intent, refused: true });
      }
    }
    expect(await matrix.snapshotOfA()).toEqual(before);
  });

  it("shows customer A their own things", async () => {
    for (const file of files) {
      const c = CASES[file]!;
      const m = await routeModule(file);
      if (c.area !== "customer" || !m.loader || c.read === "redirect") continue;
      const a = await matrix.getAs(c, "A", m);
      expect({ file, status: a.status }).toEqual({ file, status: c.ownerStatus ?? 200 });
    }
  });

  it("keeps customers out of the admin area: pages lead to the admin sign-in, posts get 403", async () => {
    const before = await matrix.snapshotOfA();
    for (const who of ["A", "B"] as const) {
      for (const file of files) {
        const c = CASES[file]!;
        if (c.area !== "admin") continue;
        const m = await routeModule(file);
        if (m.loader && c.read !== "redirect") {
          const a = await matrix.getAs(c, who, m);
          expect({ file, who, status: a.status, to: a.location }).toEqual({
            file,
            who,
            status: 302,
            to: "/admin-login",
          });
        }
        for (const [intent, { fields }] of Object.entries(c.intents ?? {})) {
          const a = await matrix.postAs(c, who, m, intent, fields);
          expect({ file, who, intent, status: a.status }).toEqual({ file, who, intent, status: 403 });
        }
      }
    }
    expect(await matrix.snapshotOfA()).toEqual(before);
  });

  it("lets the admin into every admin page", async () => {
    for (const file of files) {
      const c = CASES[file]!;
      const m = await routeModule(file);
      if (c.area !== "admin" || !m.loader || c.read === "redirect") continue;
      const a = await matrix.getAs(c, "admin", m);
      expect({ file, status: a.status }).toEqual({ file, status: 200 });
    }
  });
});

describe("access matrix: a card page's 'share your details' form (public)", () => {
  const connect = "routes/card/connect.ts";
  const who = ["anonymous", "A", "B", "admin"] as const;
  const share = () => ({
    name: "Mallory",
    email: "mallory@example.com",
    consent: "on",
    stamp: formStamp(matrix.config.authSecret, "alice-private", Date.now() - 5_000),
  });
  const params = { slug: "alice-private" };

  it("shows no form to anyone while A's switch is off, and a post by anyone changes nothing", async () => {
    const m = await routeModule(connect);
    const before = await matrix.snapshotOfA();
    for (const w of who) {
      const page = await answer(
        m.loader!,
        getRequest(`${ORIGIN}/alice-private/connect`, matrix.cookies[w]),
        matrix.context,
        params,
      );
      expect({ w, status: page.status, form: page.body.includes("<form") }).toEqual({
        w,
        status: 404,
        form: false,
      });
      const posted = await answer(
        m.action!,
        postRequest(`${ORIGIN}/alice-private/connect`, share(), matrix.cookies[w]),
        matrix.context,
        params,
      );
      expect({ w, status: posted.status }).toEqual({ w, status: 404 });
    }
    expect(await matrix.snapshotOfA()).toEqual(before);
    // Only the contact A was given in the setup: nothing was shared.
    expect((await matrix.db.select().from(exchangedContacts)).map((c) => c.name)).toEqual([
      "Carol Contact-of-Alice",
    ]);
  });

  it("shows everyone, signed in or not, the same form once A turns it on, and never A's account details", async () => {
    await setContactExchange(matrix.db, matrix.aliceId, matrix.ids.cardId, true);
    try {
      const m = await routeModule(connect);
      for (const w of who) {
        const page = await answer(
          m.loader!,
          getRequest(`${ORIGIN}/alice-private/connect`, matrix.cookies[w]),
          matrix.context,
          params,
        );
        expect({ w, status: page.status }).toEqual({ w, status: 200 });
        expect(page.body).toContain("Share your details with Alice Private");
        expect(page.body).not.toContain("alice@example.com");
        expect(page.headers.get("Set-Cookie")).toBeNull();
      }
    } finally {
      await setContactExchange(matrix.db, matrix.aliceId, matrix.ids.cardId, false);
    }
  });
});
