import { afterEach, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { isLoopback } from "./outbox.routes";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe("isLoopback", () => {
  it("knows loopback in every spelling and nothing else", () => {
    for (const a of ["127.0.0.1", "127.9.8.7", "::1", "::ffff:127.0.0.1", "0:0:0:0:0:0:0:1"])
      expect(isLoopback(a), a).toBe(true);
    for (const a of ["10.0.0.1", "192.168.1.2", "::ffff:10.0.0.1", "fe80::1", "", undefined])
      expect(isLoopback(a), String(a)).toBe(false);
  });
});

describe("dev outbox", () => {
  it("lists the emails kept locally to someone on this machine", async () => {
    t = await buildTestApp({ seed: false });
    await t.app.mailer.send({
      to: "someone@example.test",
      subject: "Hello",
      text: "Hi",
      html: "<p>Hi</p>",
    });
    const res = await t.app.inject({ url: "/api/dev/outbox", remoteAddress: "127.0.0.1" });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.length).toBeGreaterThan(0);
    expect(res.json().items[0]).toHaveProperty("subject");
  });

  it("does not exist for anyone reaching the server from another address", async () => {
    t = await buildTestApp({ seed: false });
    for (const remoteAddress of ["203.0.113.7", "::ffff:192.168.0.10", "2001:db8::1"]) {
      const res = await t.app.inject({ url: "/api/dev/outbox", remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(404);
      expect(res.body).not.toContain("subject");
    }
  });

  it("behind a proxy on this machine, answers only a client the proxy says is local", async () => {
    t = await buildTestApp({ seed: false, env: { TRUST_PROXY: "1" } });
    const remote = await t.app.inject({
      url: "/api/dev/outbox",
      remoteAddress: "127.0.0.1",
      headers: { "x-forwarded-for": "198.51.100.4" },
    });
    expect(remote.statusCode).toBe(404);
    // The visitor's own "127.0.0.1" comes first; the proxy appended the address it really saw.
    const spoofed = await t.app.inject({
      url: "/api/dev/outbox",
      remoteAddress: "127.0.0.1",
      headers: { "x-forwarded-for": "127.0.0.1, 203.0.113.7" },
    });
    expect(spoofed.statusCode).toBe(404);
    const local = await t.app.inject({
      url: "/api/dev/outbox",
      remoteAddress: "127.0.0.1",
      headers: { "x-forwarded-for": "127.0.0.1" },
    });
    expect(local.statusCode).toBe(200);
  });

  it("is not there at all in production", async () => {
    t = await buildTestApp({
      seed: false,
      env: { NODE_ENV: "production", SESSION_SECRET: "x".repeat(40) },
    });
    const res = await t.app.inject({ url: "/api/dev/outbox", remoteAddress: "127.0.0.1" });
    expect(res.statusCode).toBe(404);
  });
});
