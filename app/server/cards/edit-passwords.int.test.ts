// Guessing a card's edit password through the two forms that take one, posted as a browser does: the update form
// ('Update Your Card') and 'Add a card to my account' share one limit of wrong passwords per card number, however
// many addresses and accounts guess, and a number no card has is answered and counted like one that exists.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as myCards from "~/routes/dashboard/cards";
import * as updateLinks from "~/routes/shop/update-links";
import { routeContext, testAuth, verifiedCustomer } from "../../../tests/support/auth";
import { answer, postRequest } from "../../../tests/support/routes";
import { ipSequence, testConfig } from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import type { Auth } from "../accounts/auth.server";
import { EDIT_PASSWORD_LIMITED, EDIT_PASSWORD_WRONG } from "../shop/update-request-actions.server";
import { createCardPage } from "./cards.server";
import { CARD_LIMITS } from "./limits.server";
import { CLAIM_LIMITED, CLAIM_REFUSED } from "./ownership.server";

const SITE = "http://shop.test";
let t: TestDb;
let auth: Auth;
const config = testConfig("edit-passwords");
const nextIp = ipSequence();

beforeAll(async () => {
  t = await createTestDb();
  auth = testAuth(t.db, config);
});
afterAll(() => t?.close());

let serial = 0;
async function card(password: string) {
  serial += 1;
  return createCardPage(
    t.db,
    { name: `Owner ${serial}`, slug: `guessed-${serial}`, password, links: [] },
    { announce: false },
  );
}

/** The update form, from a new address each time: the per-address limit is not what is tested. */
const updateForm = (cardNumber: string, editPassword: string) =>
  answer(
    updateLinks.action,
    postRequest(`${SITE}/update-links`, {
      cardNumber,
      name: "Guesser",
      email: "guesser@example.com",
      updateType: "add-link",
      platform: "Website",
      url: "https://guess.example",
      editPassword,
    }),
    routeContext(t.db, config, auth, nextIp()),
  );

/** 'Add a card to my account', by a new account from a new address each time. */
async function addToAccount(cardNumber: string, password: string) {
  serial += 1;
  const { cookie } = await verifiedCustomer(auth, t.db, "Claimer", `claimer-${serial}@example.com`);
  return answer(
    myCards.action,
    postRequest(`${SITE}/dashboard/cards`, { intent: "claim", cardNumber, password }, cookie),
    routeContext(t.db, config, auth, nextIp()),
  );
}

const fieldError = (reply: { data: Record<string, unknown> }) =>
  (reply.data.result as { error?: Record<string, string[]> }).error?.editPassword?.[0];
const formError = (reply: { data: Record<string, unknown> }) =>
  (reply.data.result as { error?: Record<string, string[]> }).error?.[""]?.[0];

describe("guessing a card's edit password", () => {
  it("is limited per card number across both forms, every address and every account", async () => {
    const c = await card("the-right-edit-password");
    const half = CARD_LIMITS.editPasswordPerCard.max / 2;
    for (let i = 0; i < half; i++) {
      const reply = await updateForm(c.cardNumber, `guess-${i}`);
      expect(reply.status).toBe(400);
      expect(fieldError(reply)).toBe(EDIT_PASSWORD_WRONG);
    }
    for (let i = half; i < CARD_LIMITS.editPasswordPerCard.max; i++) {
      const reply = await addToAccount(c.cardNumber, `guess-${i}`);
      expect(reply.status).toBe(400);
      expect(formError(reply)).toBe(CLAIM_REFUSED);
    }
    // Now even the right password is refused by both forms, from anywhere, and nothing is added.
    const update = await updateForm(c.cardNumber, "the-right-edit-password");
    expect(update.status).toBe(429);
    expect(fieldError(update)).toBe(EDIT_PASSWORD_LIMITED);
    const claim = await addToAccount(c.cardNumber, "the-right-edit-password");
    expect(claim.status).toBe(429);
    expect(formError(claim)).toBe(CLAIM_LIMITED);
    // Another card is not affected.
    const other = await card("other-edit-password");
    expect((await updateForm(other.cardNumber, "other-edit-password")).status).toBe(302);
  }, 120_000);

  it("gives a right password back: the owner's own tries do not use up the limit", async () => {
    const c = await card("owners-edit-password");
    for (let i = 0; i <= CARD_LIMITS.editPasswordPerCard.max; i++)
      expect((await updateForm(c.cardNumber, "owners-edit-password")).status).toBe(302);
  }, 120_000);

  it("answers and counts a number no card has exactly like a wrong password for a real card", async () => {
    const real = await card("a-real-edit-password");
    const unknown = "WC0999"; // numbers are allocated from WC1000 up
    const realWrong = await updateForm(real.cardNumber, "a-guess");
    const unknownWrong = await updateForm(unknown, "a-guess");
    expect(unknownWrong.status).toBe(realWrong.status);
    expect(fieldError(unknownWrong)).toBe(fieldError(realWrong));
    expect(fieldError(unknownWrong)).toBe(EDIT_PASSWORD_WRONG);
    // It is a password try for that number like any other: the limit comes at the same count.
    for (let i = 1; i < CARD_LIMITS.editPasswordPerCard.max; i++) await updateForm(unknown, `guess-${i}`);
    const limited = await updateForm(unknown, "a-guess");
    expect(limited.status).toBe(429);
    expect(fieldError(limited)).toBe(EDIT_PASSWORD_LIMITED);
  }, 120_000);
});
