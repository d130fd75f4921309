import { describe, expect, it } from "vitest";
import { listenLocally, rawRequest } from "../tests/support/raw-http";
import { guarded } from "./guarded";

describe("a request that fails outside the app", () => {
  it("is answered 500 and logged with its path only, never the token in its address", async () => {
    const logged: object[] = [];
    const listener = guarded(
      () => {
        throw new Error("broken");
      },
      { error: (details) => logged.push(details) },
    );
    const { origin, close } = await listenLocally(listener);
    try {
      const answer = await rawRequest(`${origin}/claim-cards?token=s3cretTokenValue123`, {});
      const reset = await rawRequest(`${origin}/api/auth/reset-password/Abc123Def456Ghi789Jkl0`, {});
      expect([answer.status, reset.status]).toEqual([500, 500]);
      expect(answer.body.toString()).toBe("Internal Server Error");
    } finally {
      await close();
    }
    expect(logged.map((d) => (d as { url: string }).url)).toEqual([
      "/claim-cards",
      "/api/auth/reset-password/:token",
    ]);
    expect(JSON.stringify(logged)).not.toContain("s3cretTokenValue123");
  });
});
