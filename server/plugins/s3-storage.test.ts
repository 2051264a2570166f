import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bucketPublicUrl, s3Storage } from "./s3-storage";

// s3rver is a local S3 stand-in speaking the real protocol (signed requests, buckets, objects).
let server: S3rver;
let endpoint: string;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tw-s3-"));

beforeAll(async () => {
  server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: "tradewinds-photos", configs: [] }],
  });
  const { port } = (await server.run()) as { port: number };
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("s3Storage", () => {
  it("puts an object readable at its public URL, then deletes it", async () => {
    const storage = s3Storage({
      bucket: "tradewinds-photos",
      endpoint,
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
    });
    const body = Buffer.from("a photo's bytes");
    const { url } = await storage.put("listings/u1/p1.webp", body, "image/webp");
    expect(url).toBe(`${endpoint}/tradewinds-photos/listings/u1/p1.webp`);
    const got = await fetch(url);
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("image/webp");
    expect(Buffer.from(await got.arrayBuffer()).equals(body)).toBe(true);

    await storage.delete("listings/u1/p1.webp");
    expect((await fetch(url)).status).toBe(404);
  });

  it("reads an object back with its content type, and answers null for a missing key", async () => {
    const storage = s3Storage({
      bucket: "tradewinds-photos",
      endpoint,
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
    });
    const body = Buffer.from("%PDF-1.7 an attachment's bytes");
    await storage.put("private/messages/u1/a1", body, "application/pdf");
    const got = await storage.get("private/messages/u1/a1");
    expect(got?.contentType).toBe("application/pdf");
    expect(got?.data.equals(body)).toBe(true);
    expect(await storage.get("private/messages/u1/missing")).toBeNull();
    await storage.delete("private/messages/u1/a1");
    expect(await storage.get("private/messages/u1/a1")).toBeNull();
  });

  it("fails loudly when the bucket does not exist rather than pretending to store", async () => {
    const storage = s3Storage({
      bucket: "no-such-bucket",
      endpoint,
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
    });
    await expect(storage.put("x.webp", Buffer.from("x"), "image/webp")).rejects.toThrow();
  });

  it("derives public URLs for AWS, custom endpoints and a configured CDN", () => {
    expect(bucketPublicUrl({ bucket: "b", region: "eu-west-1" })).toBe(
      "https://b.s3.eu-west-1.amazonaws.com",
    );
    expect(bucketPublicUrl({ bucket: "b", endpoint: "http://minio:9000/" })).toBe(
      "http://minio:9000/b",
    );
    expect(bucketPublicUrl({ bucket: "b", publicUrl: "https://cdn.example/" })).toBe(
      "https://cdn.example",
    );
  });
});
