import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../seed/seed";
import { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";

const t = setUpTestApp();
let agent: Agent;

beforeAll(async () => {
  agent = new Agent(t.app);
  const res = await agent.post("/api/auth/login", {
    email: "kwame@demo.tradewinds.test",
    password: DEMO_PASSWORD,
  });
  expect(res.statusCode).toBe(200);
});

const upload = (filename: string, contentType: string, data: Buffer, who = agent) =>
  who.upload("/api/me/avatar", filename, contentType, data);

const photo = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: "#0f766e" } })
    .withMetadata({ exif: { IFD0: { Copyright: "secret-gps-place" } } })
    .jpeg()
    .toBuffer();

describe("POST /api/me/avatar", () => {
  it("stores a square, re-encoded avatar without the photo's metadata", async () => {
    const res = await upload("me.jpg", "image/jpeg", await photo());
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().avatarUrl as string;
    expect(url).toMatch(/^\/uploads\/avatars\/.+\.webp$/);
    const file = path.join(t.app.config.uploadsDir, url.slice("/uploads/".length));
    const meta = await sharp(fs.readFileSync(file)).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(fs.readFileSync(file).includes(Buffer.from("secret-gps-place"))).toBe(false);
    expect((await agent.get("/api/auth/session")).json().user.avatarUrl).toBe(url);
  });

  it("judges by content: a text file named .jpg and an SVG are refused", async () => {
    const text = await upload("cat.jpg", "image/jpeg", Buffer.from("definitely not a picture"));
    expect(text.statusCode).toBe(400);
    expect(text.json().error.code).toBe("not_an_image");
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const res = await upload("logo.png", "image/png", svg);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("not_an_image");
  });

  it("refuses a truncated image", async () => {
    const full = await sharp({
      create: { width: 800, height: 800, channels: 3, background: "#f97316" },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const res = await upload("cut.png", "image/png", full.subarray(0, Math.floor(full.length / 2)));
    expect(res.statusCode).toBe(400);
    expect(["image_damaged", "not_an_image"]).toContain(res.json().error.code);
  });

  it("refuses a file over 10 MB", async () => {
    const res = await upload("huge.jpg", "image/jpeg", Buffer.alloc(10 * 1024 * 1024 + 10, 1));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe("Images must be at most 10 MB.");
  });

  it("needs sign-in", async () => {
    const res = await upload("me.jpg", "image/jpeg", await photo(), new Agent(t.app));
    expect(res.statusCode).toBe(401);
  });
});
