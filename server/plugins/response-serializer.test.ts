import Fastify from "fastify";
import { isResponseSerializationError, type ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { homeSchema, listingDetailSchema, listingPageSchema } from "../../core/contracts/browse";
import { hasTransform, responseSerializerCompiler } from "./response-serializer";

const card = z.object({ id: z.string(), priceCents: z.number().int() });
const stamp = z.codec(z.iso.datetime(), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

describe("hasTransform", () => {
  it("finds a transform or a codec at any depth, and nothing in plain schemas", () => {
    expect(hasTransform(card)).toBe(false);
    expect(hasTransform(z.object({ items: z.array(card), next: card.nullable().optional() }))).toBe(
      false,
    );
    expect(hasTransform(z.string().transform((s) => s.length))).toBe(true);
    expect(hasTransform(z.object({ a: z.array(z.union([card, stamp])) }))).toBe(true);
    expect(hasTransform(z.object({ when: stamp.optional() }))).toBe(true);
  });

  it("ends on a schema that refers to itself", () => {
    interface Node {
      name: string;
      children: Node[];
    }
    const node: z.ZodType<Node> = z.lazy(() =>
      z.object({ name: z.string(), children: z.array(node) }),
    );
    expect(hasTransform(node)).toBe(false);
  });

  it("holds for the browse answers, which then take zod's fast path", () => {
    expect(hasTransform(listingPageSchema)).toBe(false);
    expect(hasTransform(homeSchema)).toBe(false);
    expect(hasTransform(listingDetailSchema)).toBe(false);
  });
});

describe("responseSerializerCompiler", () => {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  let caught: unknown;

  beforeAll(async () => {
    app.setSerializerCompiler(responseSerializerCompiler);
    app.setErrorHandler((err, _request, reply) => {
      caught = err;
      reply.status(500).send({ failed: true });
    });
    app.get("/card", { schema: { response: { 200: card } } }, async () => ({
      id: "a",
      priceCents: 100,
      // A field the contract does not name never leaves the server.
      sellerEmail: "someone@example.com",
    }));
    app.get("/wrong", { schema: { response: { 200: card } } }, async () => ({
      id: "a",
      priceCents: "100" as unknown as number,
    }));
    app.get("/stamped", { schema: { response: { 200: z.object({ at: stamp }) } } }, async () => ({
      at: new Date("2026-11-27T10:00:00.000Z"),
    }));
    await app.ready();
  });

  afterAll(() => app.close());

  it("writes what the schema names and drops the rest", async () => {
    const res = await app.inject({ url: "/card" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: "a", priceCents: 100 });
  });

  it("refuses an answer that does not match, as the library's compiler does", async () => {
    const res = await app.inject({ url: "/wrong" });
    expect(res.statusCode).toBe(500);
    expect(caught && isResponseSerializationError(caught as never)).toBe(true);
  });

  it("runs a codec backwards: a schema with one keeps zod's encode", async () => {
    const res = await app.inject({ url: "/stamped" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ at: "2026-11-27T10:00:00.000Z" });
  });
});
