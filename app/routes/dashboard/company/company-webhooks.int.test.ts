// A company's webhooks through its Integrations tab on both databases: its owners and admins add endpoints (the
// company's, not their own), and every contact shared with a member's company card is queued for them with the
// member in the event; the member's own endpoints hear of their personal card's contacts only.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookDeliveries, webhookEndpoints } from "~/db/schema";
import { ShareContactSchema } from "~/schemas/contact-exchange";
import { findShareCard, setContactExchange, shareContact } from "~/server/contacts/exchange.server";
import { addWebhookEndpoint } from "~/server/webhooks/webhooks.server";
import { answer, getRequest, postRequest } from "../../../../tests/support/routes";
import * as settingsIntegrations from "../settings/integrations";
import { type CompanyShop, companyRoutes, companyShop, invitationFor } from "./company-fixture";
import * as integrations from "./integrations";
import * as overview from "./overview";

let shop: CompanyShop;
let slug: string;
let miasCard: { id: string; slug: string };
const BASE = "http://shop.test/dashboard";

beforeAll(async () => {
  shop = await companyShop("company-webhooks");
  const r = companyRoutes(shop);
  slug = (await r.createCompany(shop.olivia, { name: "Hooks Co" })).location!.split("/").pop()!;
  await r.postPeople(shop.olivia.cookie, slug, { intent: "invite", email: shop.mia.email, role: "member" });
  await r.answerInvitation(shop.mia.cookie, (await invitationFor(shop, shop.mia.email)).id, "accept");
  await answer(
    overview.action,
    postRequest(`${BASE}/company/${slug}`, { intent: "make-card" }, shop.mia.cookie),
    shop.context,
    { slug },
  );
  const card = (
    await answer(overview.loader, getRequest(`${BASE}/company/${slug}`, shop.mia.cookie), shop.context, {
      slug,
    })
  ).data.card as { id: string; slug: string };
  miasCard = card;
  await setContactExchange(shop.t.db, shop.mia.id, card.id, true);
  // Mia's own endpoint, for her personal cards.
  await addWebhookEndpoint(shop.t.db, shop.mia.id, "https://mia.example/hook", {
    authSecret: shop.context.config.authSecret,
    allowedHosts: [],
  });
});
afterAll(() => shop?.t.close());

const page = (cookie: string, query = "") =>
  answer(
    integrations.loader,
    getRequest(`${BASE}/company/${slug}/integrations${query}`, cookie),
    shop.context,
    {
      slug,
    },
  );
const post = (cookie: string, fields: Record<string, string>) =>
  answer(
    integrations.action,
    postRequest(`${BASE}/company/${slug}/integrations`, fields, cookie),
    shop.context,
    {
      slug,
    },
  );

describe("a company's webhooks", () => {
  it("are for owners and admins: a member is refused, another company and the shop's admin find nothing", async () => {
    expect((await page(shop.mia.cookie)).status).toBe(403);
    expect(
      (await post(shop.mia.cookie, { intent: "add-endpoint", url: "https://evil.example/" })).status,
    ).toBe(403);
    expect((await page(shop.otto.cookie)).status).toBe(404);
    expect((await page(shop.admin)).status).toBe(404);
  });

  it("adds an endpoint that is the company's: the admin's own Settings does not list it", async () => {
    const added = await post(shop.olivia.cookie, {
      intent: "add-endpoint",
      url: "https://crm.hooks.example/in",
    });
    expect(added.status).toBe(200);
    expect((added.data.created as { secret: string }).secret).toMatch(/^whsec_/);
    expect((await page(shop.olivia.cookie)).data.endpoints).toMatchObject([
      { url: "https://crm.hooks.example/in" },
    ]);
    const own = await answer(
      settingsIntegrations.loader,
      getRequest(`${BASE}/settings/integrations`, shop.olivia.cookie),
      shop.context,
    );
    expect(own.data.endpoints).toEqual([]);
    // And an id of the company's endpoint means nothing in the admin's own Settings.
    const endpoint = added.data.created as { id: string };
    const foreign = await answer(
      settingsIntegrations.action,
      postRequest(
        `${BASE}/settings/integrations`,
        { intent: "delete-endpoint", endpointId: endpoint!.id },
        shop.olivia.cookie,
      ),
      shop.context,
    );
    expect(foreign.status).toBe(404);
  });

  it("receive a contact shared with a member's company card, with the member; the member's own endpoint does not", async () => {
    const card = await findShareCard(shop.t.db, miasCard.slug);
    expect(card).not.toBeNull();
    await shareContact(shop.t.db, {
      card: card!,
      input: ShareContactSchema.parse({ name: "Lead Person", email: "lead@client.example", consent: "on" }),
      source: "nfc",
      publicUrl: "http://shop.test",
      shopName: "TapCard",
    });
    const queued = await shop.t.db
      .select({ url: webhookEndpoints.url, body: webhookDeliveries.body })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId));
    expect(queued.map((q) => q.url)).toEqual(["https://crm.hooks.example/in"]);
    const event = JSON.parse(queued[0]!.body);
    expect(event).toMatchObject({
      type: "contact.created",
      data: {
        name: "Lead Person",
        card: { slug: miasCard.slug },
        member: { name: "Mia", email: shop.mia.email },
      },
    });
  });

  it("stay the company's when the admin who added one leaves: the first owner is told of failures from then on", async () => {
    const r = companyRoutes(shop);
    await r.postPeople(shop.olivia.cookie, slug, { intent: "invite", email: shop.adam.email, role: "admin" });
    await r.answerInvitation(shop.adam.cookie, (await invitationFor(shop, shop.adam.email)).id, "accept");
    expect(
      (await post(shop.adam.cookie, { intent: "add-endpoint", url: "https://adams.hooks.example/in" }))
        .status,
    ).toBe(200);
    expect((await r.leave(shop.adam.cookie, slug)).status).toBe(302);
    const [kept] = await shop.t.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.url, "https://adams.hooks.example/in"));
    expect(kept).toMatchObject({ ownerUserId: shop.olivia.id });
    expect((await page(shop.olivia.cookie)).data.endpoints).toHaveLength(2);
  });
});
