// Webhooks' rate limits: test events, each a request the worker must make.
import { defineLimits } from "../platform/rate-limit.server";

export const WEBHOOK_LIMITS = defineLimits({
  /**
   * 'Send test event' per webhook endpoint and per account: each one is a request the worker must make, and a
   * flood of them would hold it for other accounts.
   */
  webhookTestPerEndpoint: { max: 10, windowSeconds: 60 * 60 },
  webhookTestPerAccount: { max: 30, windowSeconds: 60 * 60 },
});
