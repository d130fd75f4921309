export function parseStripeForm(body: string): Record<string, unknown>;
export function sendWebhook(opts: {
  webhookUrl: string;
  secret: string;
  session: Record<string, unknown>;
  type?: string;
  eventId?: string;
}): Promise<WebhookDelivery>;
export interface WebhookDelivery {
  status: number;
  body: string;
  event: { id: string; type: string; data: { object: Record<string, unknown> } };
}
export function startFakeStripe(opts?: {
  port?: number;
  webhookUrl?: string;
  webhookSecret?: string;
}): Promise<{
  port: number;
  url: string;
  sessions: Map<
    string,
    Record<string, unknown> & { id: string; url: string; success_url: string; cancel_url: string }
  >;
  /** Every refund made, in order. */
  refunds: { id: string; amount: number; payment_intent: string; status: string }[];
  deliveries: WebhookDelivery[];
  stop(): Promise<void>;
}>;
