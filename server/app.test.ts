import { describe, expect, it } from "vitest";
import { Agent } from "./test/agent";
import { setUpTestApp } from "./test/build-test-app";

const t = setUpTestApp({ seed: false });

describe("the app shell", () => {
  it("answers liveness and readiness", async () => {
    expect((await t.app.inject("/healthz")).json()).toEqual({ status: "ok" });
    const ready = await t.app.inject("/readyz");
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready" });
  });

  it("publishes an OpenAPI document with the browse paths and a docs page", async () => {
    const res = await t.app.inject("/api/openapi.json");
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      "/api/categories",
      "/api/categories/{slug}",
      "/api/territories",
      "/api/listings",
      "/api/listings/{id}",
      "/api/listings/{id}/bids",
      "/api/home",
      "/api/uploads",
      "/api/listings/{id}/edit",
      "/api/me/listings",
      "/api/stores/{id}",
      "/api/cart/validate",
      "/api/checkout",
      "/api/me/orders",
      "/api/me/sales",
      "/api/orders/{id}",
      "/api/payments/webhook/{provider}",
      "/api/payments/sandbox/sessions/{session}/pay",
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    const docs = await t.app.inject("/api/docs");
    expect([200, 302]).toContain(docs.statusCode);
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await t.app.inject("/api/nothing-here");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: "not_found", message: "No such endpoint." } });
  });

  it("sends security headers", async () => {
    const res = await t.app.inject("/healthz");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
  });

  it("does not let a forged X-Forwarded-For dodge the per-address sign-in limit", async () => {
    const agent = new Agent(t.app);
    const statuses: number[] = [];
    for (let i = 0; i <= t.app.config.signInLimitPerMinute; i++) {
      const res = await agent.post(
        "/api/auth/login",
        { email: `nobody${i}@example.test`, password: "Wrong-password1!" },
        { headers: { "x-forwarded-for": `203.0.113.${i}` } },
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
  });
});
