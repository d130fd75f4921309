// The dashboard's My Links section read as a route: each customer sees only the links of their own cards with
// their click counts, also with many cards. Another customer's card or link ids answer 404.

import { describe, expect, it } from "vitest";
import { verifiedCustomer } from "../../../tests/support/auth";
import { answer } from "../../../tests/support/routes";
import { createCardPage } from "../../server/cards/cards.server";
import * as links from "./links";
import {
  adminCookie,
  alice,
  auth,
  bob,
  cardsOf,
  context,
  get,
  linkIdOf,
  personalCard,
  shopCard,
  t,
  titles,
} from "./links-fixture";

describe("My Links: reading", () => {
  it("sends an anonymous visitor to /login", async () => {
    const page = await answer(links.loader, get(""), context);
    expect(page).toMatchObject({ status: 302, location: "/login?redirectTo=%2Fdashboard%2Flinks" });
  });

  it("lists each of the customer's cards with its links, kinds and clicks in the last 30 days and all time", async () => {
    const page = await answer(links.loader, get(alice.cookie), context);
    expect(page.status).toBe(200);
    const cards = cardsOf(page);
    expect(cards.map((c) => c.cardNumber).sort()).toEqual(
      [shopCard.cardNumber, personalCard.cardNumber].sort(),
    );
    const shop = cards.find((c) => c.cardNumber === shopCard.cardNumber)!;
    expect(shop.links).toMatchObject([
      { title: "Instagram", kind: "social", clicks30Days: 9, clicksAllTime: 16 },
      { title: "Tips", kind: "payment", clicks30Days: 0, clicksAllTime: 0 },
      { title: "Website", kind: "other", clicks30Days: 0, clicksAllTime: 5 },
    ]);
    expect(page.data.counts).toEqual({ all: 4, social: 2, payment: 1, other: 1 });
  });

  it("shows only the chosen tab's links, and All Links for an unknown tab", async () => {
    expect(titles(await answer(links.loader, get(alice.cookie, "?tab=social"), context))).toEqual(
      expect.arrayContaining(["Instagram", "YouTube"]),
    );
    expect(titles(await answer(links.loader, get(alice.cookie, "?tab=payment"), context))).toEqual(["Tips"]);
    expect(titles(await answer(links.loader, get(alice.cookie, "?tab=other"), context))).toEqual(["Website"]);
    expect(titles(await answer(links.loader, get(alice.cookie, "?tab=<script>"), context))).toHaveLength(4);
  });

  it("never shows another customer's links or clicks, and answers 404 for a link that is not theirs", async () => {
    const bobs = await answer(links.loader, get(bob.cookie), context);
    expect(titles(bobs)).toEqual(["Bob's site"]);
    expect(cardsOf(bobs)[0]!.links[0]).toMatchObject({ clicks30Days: 11, clicksAllTime: 11 });
    const instagram = await linkIdOf(shopCard.id, "https://instagram.com/alice");
    for (const open of ["edit", "remove"]) {
      const peek = await answer(links.loader, get(bob.cookie, `?${open}=${instagram}`), context);
      expect({ open, status: peek.status }).toEqual({ open, status: 404 });
    }
    expect(cardsOf(await answer(links.loader, get(adminCookie), context))).toEqual([]);
  });
});

describe("My Links: an account with many cards", () => {
  it("shows five cards a page, newest first, with every card offered for a new link and tab counts of all", async () => {
    const carol = await verifiedCustomer(auth, t.db, "Carol", "carol@example.com");
    const numbers: string[] = [];
    for (let n = 1; n <= 7; n++) {
      const card = await createCardPage(
        t.db,
        {
          name: `Carol ${n}`,
          slug: `carol-${n}`,
          password: `carol-edit-${n}`,
          ownerUserId: carol.id,
          links: [{ title: `Site ${n}`, url: `https://carol${n}.example`, icon: "globe" }],
        },
        { announce: false },
      );
      numbers.push(card.cardNumber);
    }
    const first = await answer(links.loader, get(carol.cookie), context);
    expect(first.data).toMatchObject({ page: 1, pages: 2, counts: { all: 7 } });
    expect(titles(first)).toEqual(["Site 7", "Site 6", "Site 5", "Site 4", "Site 3"]);
    expect((first.data.allCards as { cardNumber: string }[]).map((c) => c.cardNumber).sort()).toEqual(
      [...numbers].sort(),
    );
    const second = await answer(links.loader, get(carol.cookie, "?page=2"), context);
    expect(titles(second)).toEqual(["Site 2", "Site 1"]);
    // A page past the end shows the last; a link's form opens on the page of its card.
    expect(titles(await answer(links.loader, get(carol.cookie, "?page=99"), context))).toEqual([
      "Site 2",
      "Site 1",
    ]);
    const oldest = (second.data.cards as { links: { id: string }[] }[]).at(-1)!.links[0]!.id;
    const editing = await answer(links.loader, get(carol.cookie, `?edit=${oldest}`), context);
    expect(editing.data).toMatchObject({ page: 2, editing: oldest });
  });
});
