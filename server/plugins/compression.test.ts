import { brotliDecompressSync, gunzipSync } from "node:zlib";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPRESS_MIN_BYTES, compressionPlugin, pickEncoding } from "./compression";

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Listing ${i}` })) };
const app = Fastify();

beforeAll(async () => {
  await app.register(compressionPlugin);
  app.get("/big", async () => big);
  app.get("/small", async () => ({ ok: true }));
  app.get("/stream", async (_request, reply) =>
    reply.type("text/event-stream").send("data: x\n\n".repeat(500)),
  );
  app.get("/live", (_request, reply) => {
    // As the live feed does: the socket is written to directly.
    reply.hijack();
    reply.raw.writeHead(200, { "content-type": "text/event-stream" });
    reply.raw.end("data: x\n\n".repeat(500));
  });
  await app.ready();
});

afterAll(() => app.close());

describe("pickEncoding", () => {
  it("prefers brotli, falls back to gzip, honours q=0", () => {
    expect(pickEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(pickEncoding("gzip, deflate")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip")).toBe("gzip");
    expect(pickEncoding("identity")).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});

describe("compression of in-memory answers", () => {
  it("sends large JSON as brotli to a browser that takes it, with Vary", async () => {
    const res = await app.inject({ url: "/big", headers: { "accept-encoding": "gzip, br" } });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(big);
  });

  it("sends gzip when brotli is not accepted, and plain JSON when nothing is", async () => {
    const gz = await app.inject({ url: "/big", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(big);

    const plain = await app.inject({ url: "/big" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.json()).toEqual(big);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it("leaves answers under the threshold alone", async () => {
    const res = await app.inject({ url: "/small", headers: { "accept-encoding": "br" } });
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.json()).toEqual({ ok: true });
  });

  it("never compresses an event stream, whether sent or written to the socket", async () => {
    for (const url of ["/stream", "/live"]) {
      const res = await app.inject({ url, headers: { "accept-encoding": "br, gzip" } });
      expect(res.headers["content-encoding"]).toBeUndefined();
      expect(res.body.startsWith("data: x")).toBe(true);
    }
  });
});
