import { describe, expect, it } from "vitest";
import { CardProfile } from "~/components/dashboard/card-profile";
import { ScanActivity } from "~/components/dashboard/scan-activity";
import type { MyCard } from "~/server/cards/my-cards.server";
import { staticHtml } from "./static-html.server";

const hostile = `Eve" onmouseover="alert(1)" x='<script>alert(2)</script><img src=x onerror=alert(3)>`;
const card: MyCard = {
  id: "c1",
  cardNumber: "WC1234",
  name: hostile,
  businessName: hostile,
  slug: "eve",
  profileImageUrl: null,
  paused: false,
  links: 0,
  views: 0,
  clicks: 0,
  bio: hostile,
  contactPhone: `+44 20 <b>7946</b> 0000`,
  contactEmail: null,
  contactExchange: false,
  linkList: [],
};

describe("parts of a page drawn on the server for the loader's data", () => {
  it("keep a card's text as text: the page shows them without React escaping them again", () => {
    const html = staticHtml(<CardProfile card={card} publicUrl="https://tapcard.example" />, "card-profile-");
    expect(html).not.toMatch(/<script|<img src="?x|<b>|onmouseover="alert/);
    expect(html).toContain("&lt;script&gt;alert(2)&lt;/script&gt;");
    expect(html).toContain('href="tel:+442079460000"');
  });

  it("give the ids React makes their own prefix, apart from the page's", () => {
    const html = staticHtml(
      <ScanActivity
        range={30}
        bucket="day"
        points={[]}
        spans={[]}
        links={[]}
        of="your card"
        ranges={[]}
        csvHref="/dashboard/cards/activity.csv?range=30"
      />,
      "scan-activity-",
    );
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.filter((id) => id !== "scan-activity-heading" && id !== "scan-activity")).not.toEqual([]);
    for (const id of ids) expect(id).toContain("scan-activity");
  });

  it("keep link titles in the scan activity's click table as text", () => {
    const html = staticHtml(
      <ScanActivity
        range={7}
        bucket="day"
        points={[]}
        spans={[]}
        links={[
          {
            linkId: "l1",
            title: '<img src=x onerror="alert(4)">',
            cardNumber: "WC0001",
            clicks: { nfc: 1, qr: 0, link: 0 },
            total: 1,
          },
        ]}
        of="your card"
        ranges={[]}
        csvHref="/dashboard/cards/activity.csv?range=7"
      />,
      "scan-activity-",
    );
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(4)&quot;&gt;");
  });
});
