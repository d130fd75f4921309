// The request log never carries a secret token from a URL.
import { describe, expect, it } from "vitest";
import { loggedPath } from "./request-log.server";

describe("loggedPath", () => {
  it.each([
    ["/payment-success?order=5f0c&token=Zm9vYmFyYmF6cXV4cXV1eA", "/payment-success"],
    ["/payment-success/receipt?order=5f0c&token=abc&print=1", "/payment-success/receipt"],
    ["/payment-canceled?order=1&token=secret", "/payment-canceled"],
    ["/reset-password?token=k2Jd9sLQ0pXz", "/reset-password"],
    ["/api/auth/verify-email?token=eyJhbGciOiJIUzI1NiJ9.x.y&callbackURL=/login", "/api/auth/verify-email"],
    [
      "/api/auth/reset-password/Qm3kX9zLp0aT7wYb2?callbackURL=%2Freset-password",
      "/api/auth/reset-password/:token",
    ],
    ["/unknown/AbCdEfGh1234567890XyZ", "/unknown/:token"],
    ["/unsubscribe?token=0b8e2c1a-4b7e-9f3d.Zm9vYmFyYmF6cXV4cXV1eEZvbw", "/unsubscribe"],
    ["/claim-cards?token=k2Jd9sLQ0pXzAbCdEfGh1234567890XyZabcdefghij", "/claim-cards"],
    ["/login?redirectTo=%2Fclaim-cards%3Ftoken%3Dk2Jd9sLQ0pXz", "/login"],
  ])("logs %s as %s", (url, expected) => {
    expect(loggedPath(url)).toBe(expected);
  });

  it("keeps the paths that say what was asked for", () => {
    expect(loggedPath("/card/nora-bakes-cakes-in-london")).toBe("/card/nora-bakes-cakes-in-london");
    expect(loggedPath("/go/7d5b8f0e-2c1a-4b7e-9f3d-1a2b3c4d5e6f")).toBe(
      "/go/7d5b8f0e-2c1a-4b7e-9f3d-1a2b3c4d5e6f",
    );
    expect(loggedPath("/admin-dashboard/edit/7d5b8f0e-2c1a-4b7e-9f3d-1a2b3c4d5e6f")).toBe(
      "/admin-dashboard/edit/7d5b8f0e-2c1a-4b7e-9f3d-1a2b3c4d5e6f",
    );
    expect(loggedPath(undefined)).toBe("");
  });
});
