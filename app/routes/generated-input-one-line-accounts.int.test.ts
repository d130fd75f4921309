// Generated line breaks and control characters in every single-line field of a customer's and the admin's forms
// (a prospect added by hand, the profile, a card page created, a shop added), posted as a hand-made post would:
// nothing stored holds a line break or a control character, a refusal says why and writes nothing, no 500.

import { describe, expect, it } from "vitest";
import { cardPages, pageLinks, prospects, shops, users } from "~/db/schema";
import * as adminCards from "./admin/cards";
import * as createCard from "./admin/create-card";
import * as prospectsRoute from "./dashboard/cold-calling/prospects";
import * as profile from "./dashboard/settings/profile";
import { adminCookie, column, customer, expectOneLine, type Form, postTo } from "./one-line-fixture";

const FORMS: Form[] = [
  {
    form: "prospects: add by hand",
    fields: {
      businessName: column(prospects, prospects.businessName),
      contactName: column(prospects, prospects.contactName),
      address: column(prospects, prospects.address),
    },
    post: (field, value) =>
      postTo(
        prospectsRoute.action,
        "/dashboard/cold-calling/prospects",
        () => customer.cookie,
      )({
        intent: "add-prospect",
        businessName: "Biz",
        businessType: "salon",
        [field]: value,
      }),
  },
  {
    form: "settings: profile",
    fields: { firstName: column(users, users.name), location: column(users, users.location) },
    post: (field, value) =>
      postTo(
        profile.action,
        "/dashboard/settings",
        () => customer.cookie,
      )({
        intent: "profile",
        firstName: "Casey",
        lastName: "Lines",
        [field]: value,
      }),
  },
  {
    form: "admin: create a card page",
    fields: {
      name: column(cardPages, cardPages.name),
      businessName: column(cardPages, cardPages.businessName),
      "links[0].title": column(pageLinks, pageLinks.title),
    },
    post: (field, value, marker) =>
      postTo(
        createCard.action,
        "/admin-dashboard/create",
        () => adminCookie,
      )({
        name: "Admin Card",
        businessName: "Admin Biz",
        slug: marker.toLowerCase(),
        password: "admin-edit-1",
        "links[0].title": "Site",
        "links[0].url": "https://admin.example",
        "links[0].icon": "globe",
        [field]: value,
      }),
  },
  {
    form: "admin: add a shop",
    fields: { name: column(shops, shops.name), location: column(shops, shops.location) },
    post: (field, value) =>
      postTo(
        adminCards.action,
        "/admin-dashboard/cards",
        () => adminCookie,
      )({
        intent: "create-shop",
        name: "Shop Name",
        location: "Leeds",
        [field]: value,
      }),
  },
];

describe("single-line fields of account and admin forms take one line, whatever is posted", () => {
  for (const f of FORMS)
    for (const [field, stored] of Object.entries(f.fields))
      it(`${f.form}: ${field}`, () => expectOneLine(f, field, stored));

  it("still stores a name of one line as it was typed", async () => {
    const a = await FORMS[0]!.post("businessName", "Mark-plain Zoë's Café", "Mark-plain");
    expect(a.status).toBeLessThan(400);
    expect(await column(prospects, prospects.businessName)("Mark-plain")).toEqual(["Mark-plain Zoë's Café"]);
  });
});
