// Generated line breaks and control characters in every single-line field of a visitor's forms (register, contact,
// sharing details on a card page, ordering a card, updating one), posted as a hand-made post would: nothing stored
// in such a field holds a line break or a control character, a refusal (4xx) says why and writes nothing, no 500.

import { describe, it } from "vitest";
import { contactMessages, exchangedContacts, users } from "~/db/schema";
import { formStamp } from "~/server/contacts/exchange.server";
import * as register from "./auth/register";
import * as connect from "./card/connect";
import {
  cardNumber,
  cartText,
  column,
  config,
  expectOneLine,
  type Form,
  postTo,
  SLUG,
} from "./one-line-fixture";
import * as orderCard from "./shop/order-card";
import * as updateLinks from "./shop/update-links";
import * as contactForm from "./site/contact";

const FORMS: Form[] = [
  {
    form: "register",
    fields: { name: column(users, users.name) },
    post: (field, value, marker) =>
      postTo(
        register.action,
        "/register",
        () => "",
      )({
        name: "Reg Name",
        email: `${marker.toLowerCase()}@example.com`,
        password: "a long password 1",
        terms: "on",
        [field]: value,
      }),
  },
  {
    form: "contact",
    fields: {
      name: column(contactMessages, contactMessages.name),
      customSubject: column(contactMessages, contactMessages.subject),
    },
    post: (field, value, marker) =>
      postTo(
        contactForm.action,
        "/contact",
        () => "",
      )({
        name: "Con Name",
        email: `${marker.toLowerCase()}@example.com`,
        subject: "custom",
        customSubject: "A subject",
        message: "Hello there",
        website: "",
        [field]: value,
      }),
  },
  {
    form: "card page: share your details",
    fields: {
      name: column(exchangedContacts, exchangedContacts.name),
      company: column(exchangedContacts, exchangedContacts.company),
      jobTitle: column(exchangedContacts, exchangedContacts.jobTitle),
    },
    post: (field, value, marker) =>
      postTo(connect.action, `/${SLUG}/connect`, () => "", { slug: SLUG })({
        name: "Share Name",
        email: `${marker.toLowerCase()}@example.com`,
        company: "Share Ltd",
        jobTitle: "Buyer",
        consent: "on",
        website: "",
        stamp: formStamp(config.authSecret, SLUG, Date.now() - 5_000),
        [field]: value,
      }),
  },
  {
    form: "order a Multi Link card",
    fields: { name: cartText, "links[0].name": cartText },
    post: (field, value) =>
      postTo(
        orderCard.action,
        "/order-card",
        () => "",
      )({
        intent: "add-card",
        type: "multi-link",
        name: "Card Name",
        instagram: "https://instagram.com/casey",
        "links[0].platform": "website",
        "links[0].name": "My site",
        "links[0].url": "https://casey.example",
        [field]: value,
      }),
  },
  {
    form: "update your card",
    fields: { name: cartText },
    post: (field, value, marker) =>
      postTo(
        updateLinks.action,
        "/update-links",
        () => "",
      )({
        cardNumber,
        name: "Upd Name",
        email: `${marker.toLowerCase()}@example.com`,
        updateType: "add-link",
        platform: "Website",
        url: "https://casey.example/new",
        [field]: value,
      }),
  },
];

describe("single-line fields of a visitor's forms take one line, whatever is posted", () => {
  for (const f of FORMS)
    for (const [field, stored] of Object.entries(f.fields))
      it(`${f.form}: ${field}`, () => expectOneLine(f, field, stored));
});
