// A visitor of the running app over real HTTP, for the tests of whole processes: its own cookie jar and its own
// local address (any 127.x address is this machine), so a proxy in front sees one client per visitor; and the
// shop's checkout as a browser without JavaScript posts it.
import http from "node:http";

export interface Reply {
  status: number;
  location: string | null;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export class Visitor {
  private readonly cookies = new Map<string, string>();

  /** `origin` is the address the site believes it has (PUBLIC_URL): forms must come from it. */
  constructor(
    readonly base: string,
    readonly from = "127.0.0.1",
    readonly origin = base,
  ) {}

  get cookie() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  request(
    method: string,
    pathname: string,
    fields?: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<Reply> {
    const url = new URL(pathname, this.base);
    const body = fields ? new URLSearchParams(fields).toString() : undefined;
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: `${url.pathname}${url.search}`,
          method,
          localAddress: this.from,
          agent: false,
          headers: {
            "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126 Safari/537.36",
            ...(this.cookies.size ? { Cookie: this.cookie } : {}),
            ...(body ? { Origin: this.origin, "Content-Type": "application/x-www-form-urlencoded" } : {}),
            ...headers,
          },
        },
        (res) => {
          for (const line of res.headers["set-cookie"] ?? []) {
            const [pair] = line.split(";");
            const at = pair!.indexOf("=");
            const name = pair!.slice(0, at).trim();
            const value = pair!.slice(at + 1).trim();
            if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === "") this.cookies.delete(name);
            else this.cookies.set(name, value);
          }
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (d) => {
            text += d;
          });
          res.on("end", () =>
            resolve({
              status: res.statusCode!,
              location: typeof res.headers.location === "string" ? res.headers.location : null,
              headers: res.headers,
              body: text,
            }),
          );
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  }

  get(pathname: string, headers?: Record<string, string>) {
    return this.request("GET", pathname, undefined, headers);
  }

  post(pathname: string, fields: Record<string, string>, headers?: Record<string, string>) {
    return this.request("POST", pathname, fields, headers);
  }
}

/** The delivery step's fields for this recipient. */
function deliveryFields(email: string, fullName = "Dana Buyer") {
  return {
    fullName,
    email,
    phone: "+44 7700 900000",
    addressLine1: "1 Road",
    city: "London",
    postalCode: "N1 1AA",
    country: "United Kingdom",
  };
}

function expectRedirect(reply: Reply, step: string) {
  if (reply.status !== 302 && reply.status !== 303)
    throw new Error(`${step}: expected a redirect, got ${reply.status}: ${reply.body.slice(0, 300)}`);
  return reply.location!;
}

/** Puts a Multi Link card named `name` in the visitor's cart, as the order form posts it. */
export async function addMultiLinkCard(v: Visitor, name: string) {
  expectRedirect(
    await v.post("/order-card", {
      intent: "add-card",
      type: "multi-link",
      name,
      "links[0].platform": "custom",
      "links[0].name": "Shop",
      "links[0].url": "https://shop.example/",
    }),
    "add to cart",
  );
}

/**
 * Delivery and 'Place Order' for what the cart holds. Bank transfer answers with the success page's address
 * (order id and token); card payment with the hosted payment page's.
 */
export async function placeOrder(v: Visitor, email: string, paymentMethod: "card" | "bank_transfer") {
  const delivered = expectRedirect(
    await v.post("/cart", { intent: "delivery", ...deliveryFields(email) }),
    "delivery",
  );
  if (!delivered.includes("step=summary")) throw new Error(`delivery: sent to ${delivered}`);
  const placed = expectRedirect(
    await v.post("/cart", { intent: "place-order", paymentMethod }),
    "place order",
  );
  const url = new URL(placed, v.base);
  // A refusal (e.g. a rate limit) goes back to the cart with a toast.
  if (url.pathname === "/cart") throw new Error(`place order: refused, sent back to ${placed}`);
  return { location: placed, orderId: url.searchParams.get("order"), token: url.searchParams.get("token") };
}
