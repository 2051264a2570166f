import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "./config";
import { buildTestApp, type TestApp } from "./test/build-test-app";

const base = { NODE_ENV: "test", LOG_LEVEL: "silent" } as const;

describe("TRUST_PROXY", () => {
  it("refuses true: every client could then name its own address in X-Forwarded-For", () => {
    for (const value of ["true", "TRUE", "yes", "on"])
      expect(() => loadConfig({ ...base, TRUST_PROXY: value }), value).toThrow(
        /TRUST_PROXY: .*the number of proxies .* or their addresses/,
      );
  });

  it("refuses anything that is not a hop count or proxy addresses, naming the bad part", () => {
    expect(() => loadConfig({ ...base, TRUST_PROXY: "10.0.0.1, proxy.internal" })).toThrow(
      /TRUST_PROXY: .*"proxy\.internal"/,
    );
    expect(() => loadConfig({ ...base, TRUST_PROXY: "10.0.0.0/33" })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ ...base, TRUST_PROXY: "-1" })).toThrow(/TRUST_PROXY/);
  });

  it("takes no proxy, a hop count, or addresses, ranges and the named ranges", () => {
    expect(loadConfig({ ...base }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: "0" }).trustProxy).toBe(false);
    expect(typeof loadConfig({ ...base, TRUST_PROXY: "2" }).trustProxy).toBe("function");
    expect(
      loadConfig({ ...base, TRUST_PROXY: "loopback, 10.0.0.0/8, 192.0.2.7, fd00::/8" }).trustProxy,
    ).toBe("loopback,10.0.0.0/8,192.0.2.7,fd00::/8");
  });
});

describe("DEMO_DATA", () => {
  it("is on outside production and off in production unless asked for; a bad value is refused", () => {
    expect(loadConfig({ ...base }).demoData).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: "development" }).demoData).toBe(true);
    const production = { ...base, NODE_ENV: "production", SESSION_SECRET: "x".repeat(64) };
    expect(loadConfig(production).demoData).toBe(false);
    expect(loadConfig({ ...production, DEMO_DATA: "1" }).demoData).toBe(true);
    expect(loadConfig({ ...base, DEMO_DATA: "0" }).demoData).toBe(false);
    expect(loadConfig({ ...production, DEMO_DATA: "" }).demoData).toBe(false);
    expect(() => loadConfig({ ...base, DEMO_DATA: "yes" })).toThrow(
      /DEMO_DATA: must be "1" or "0"/,
    );
  });
});

describe("behind a proxy on this machine, a client's own X-Forwarded-For is not believed", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  // A visitor writes "127.0.0.1" (or anything) first; the proxy appends the address it saw last.
  for (const setting of ["1", "127.0.0.1", "loopback"]) {
    it(`TRUST_PROXY=${setting}: the dev outbox stays closed to a remote visitor posing as local`, async () => {
      t = await buildTestApp({ seed: false, env: { TRUST_PROXY: setting } });
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
  }

  it("the per-address sign-in limit holds while the left-most address changes every attempt", async () => {
    t = await buildTestApp({ seed: false, env: { TRUST_PROXY: "1" } });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        remoteAddress: "127.0.0.1",
        headers: {
          "x-forwarded-for": `198.51.100.${i + 1}, 203.0.113.7`,
          cookie: "tw_csrf=abcdefabcdefabcdefabcdefabcdefab",
          "x-csrf-token": "abcdefabcdefabcdefabcdefabcdefab",
        },
        payload: { email: `spoof-${i}@nowhere.example`, password: "Wrong-pass1" },
      });
      statuses.push(res.statusCode);
    }
    // SIGN_IN_LIMIT_PER_MINUTE is 20: the 21st attempt from 203.0.113.7 on is refused.
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
  });
});
