import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type Attachment,
  attachmentSchema,
  MESSAGE_LIMITS,
} from "../../../core/contracts/messages";
import { rows } from "../../db/rows";
import type { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { createUser, signedInAgent } from "../../test/factories";
import { contentDisposition, refusalOf, sanitizeFileName, webpName } from "./attachment-content";
import { cleanUpUnsentAttachments } from "./attachments.service";

const t = setUpTestApp();
let ana: { id: string; agent: Agent };
let ben: { id: string; agent: Agent };

async function person(name: string) {
  const user = await createUser(t.database.db, name);
  return { id: user.id, agent: await signedInAgent(t.app, t.database.db, user.id) };
}

beforeAll(async () => {
  ana = await person("ana");
  ben = await person("ben");
});

const png = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: "#c2410c" } })
    .png()
    .toBuffer();

const upload = (name: string, data: Buffer, type = "application/octet-stream", who = ana) =>
  who.agent.upload("/api/me/message-attachments", name, type, data);

async function uploaded(name: string, data: Buffer, type?: string): Promise<Attachment> {
  const res = await upload(name, data, type);
  expect(res.statusCode, res.body).toBe(201);
  return attachmentSchema.parse(res.json());
}

async function attachmentCount(): Promise<number> {
  const [row] = await rows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from message_attachments`,
  );
  return row?.n ?? 0;
}

const keyOf = async (id: string) => {
  const [row] = await rows<{ key: string; thumbKey: string | null }>(
    t.database.db,
    sql`select key, thumb_key as "thumbKey" from message_attachments where id = ${id}`,
  );
  return row;
};
const onDisk = (key: string) => path.join(t.app.config.uploadsDir, key);

describe("POST /api/me/message-attachments judges a file by its content", () => {
  it("takes a PNG named .txt as an image, re-encoded to WebP with a thumbnail", async () => {
    const image = await uploaded("notes.txt", await png(2400, 1200), "text/plain");
    expect(image).toMatchObject({
      type: "image",
      name: "notes.txt",
      width: 1600,
      height: 800,
      url: `/api/me/message-attachments/${image.id}`,
      thumbUrl: `/api/me/message-attachments/${image.id}?size=thumb`,
    });

    const full = await ana.agent.get(image.url);
    expect(full.statusCode).toBe(200);
    expect(full.headers).toMatchObject({
      "content-type": "image/webp",
      "content-disposition": `inline; filename="notes.webp"; filename*=UTF-8''notes.webp`,
      "x-content-type-options": "nosniff",
      "cache-control": "private, max-age=86400",
    });
    expect(full.rawPayload.length).toBe(image.size);
    expect(await sharp(full.rawPayload).metadata()).toMatchObject({
      format: "webp",
      width: 1600,
      height: 800,
    });
    const thumb = await ana.agent.get(image.thumbUrl as string);
    expect(thumb.statusCode).toBe(200);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({
      format: "webp",
      width: 480,
      height: 240,
    });
    // Stored privately.
    const keys = await keyOf(image.id);
    expect(keys?.key).toMatch(new RegExp(`^private/messages/${ana.id}/[0-9a-f-]{36}\\.webp$`));
    expect(fs.existsSync(onDisk(keys?.key as string))).toBe(true);
  });

  it("takes text named .png as a file, served as a download exactly as sent", async () => {
    const text = Buffer.from("Just some notes, not a picture at all.\n");
    const file = await uploaded("photo.png", text, "image/png");
    expect(file).toMatchObject({
      type: "file",
      name: "photo.png",
      size: text.length,
      thumbUrl: null,
      width: null,
      height: null,
    });
    const res = await ana.agent.get(file.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      "content-type": "application/octet-stream",
      "content-disposition": `attachment; filename="photo.png"; filename*=UTF-8''photo.png`,
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
    });
    expect(res.rawPayload.equals(text)).toBe(true);
    // A file has no thumbnail.
    expect((await ana.agent.get(`${file.url}?size=thumb`)).statusCode).toBe(404);
    const bad = await ana.agent.get(`${file.url}?size=huge`);
    expect(bad.statusCode).toBe(400);
  });

  it("serves a document with its type and a safe, sanitised name", async () => {
    const pdf = await uploaded("C:/Users/me/Quote <final>|v2.pdf", Buffer.from("%PDF-1.7\n"));
    expect(pdf).toMatchObject({ type: "file", name: "Quote _final__v2.pdf" });
    const res = await ana.agent.get(pdf.url);
    expect(res.headers["content-type"]).toBe("application/pdf");

    const menu = await uploaded("café menu.pdf", Buffer.from("%PDF-1.7\n"));
    expect(menu.name).toBe("café menu.pdf");
    expect((await ana.agent.get(menu.url)).headers["content-disposition"]).toBe(
      `attachment; filename="caf_ menu.pdf"; filename*=UTF-8''caf%C3%A9%20menu.pdf`,
    );
  });

  it("refuses programs, scripts, web pages and SVG, by content or by name, and stores nothing", async () => {
    const before = await attachmentCount();
    const refused: Array<[string, Buffer]> = [
      ["invoice.pdf", Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200, 0x90)])],
      ["data.bin", Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(64)])],
      ["app.dat", Buffer.concat([Buffer.from([0xcf, 0xfa, 0xed, 0xfe]), Buffer.alloc(64)])],
      ["notes.txt", Buffer.from("#!/bin/sh\nrm -rf ~\n")],
      ["page.txt", Buffer.from("\uFEFF  \n<!DOCTYPE html><html><body>hi</body></html>")],
      ["hello.doc", Buffer.from("Dear friend,\n<script>alert(1)</script>")],
      ["wide.txt", Buffer.from("<html><body>UTF-16</body></html>", "utf16le")],
      ["logo.png", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>')],
      [
        "logo.jpg",
        Buffer.from(
          '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
        ),
      ],
      ["harmless.exe", Buffer.from("plain text")],
      ["SETUP.EXE", Buffer.from("plain text")],
      ["trailing.exe. ", Buffer.from("plain text")],
      ["page.html", Buffer.from("plain text")],
      ["run.sh", Buffer.from("echo hi")],
      ["tool.jar", Buffer.from("PK\u0003\u0004")],
      // A real picture, but under a name a browser would open as SVG.
      ["picture.svg", await png()],
    ];
    for (const [name, data] of refused) {
      const res = await upload(name, data);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json().error.code, name).toBe("attachment_refused");
    }
    expect(await attachmentCount()).toBe(before);
  });

  it("checks images as listing photos are checked", async () => {
    const bomb = await sharp({
      create: { width: 6000, height: 6000, channels: 3, background: "#0f766e" },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const res = await upload("bomb.png", bomb, "image/png");
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("image_too_many_pixels");
    // Noise, so the file is large and the cut falls in the pixels, past an intact header.
    const noise = Buffer.from(Array.from({ length: 300 * 300 * 3 }, (_, i) => (i * 7919) % 251));
    const whole = await sharp(noise, { raw: { width: 300, height: 300, channels: 3 } })
      .png()
      .toBuffer();
    const truncated = await upload("cut.png", whole.subarray(0, whole.length / 2), "image/png");
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().error.code).toBe("image_damaged");
  });

  it(`takes a file of ${MESSAGE_LIMITS.attachmentBytes} bytes and refuses one byte more`, async () => {
    const limit = MESSAGE_LIMITS.attachmentBytes;
    const over = await upload("big.txt", Buffer.alloc(limit + 1, "a"));
    expect(over.statusCode).toBe(413);
    expect(over.json().error).toEqual({
      code: "file_too_large",
      message: "Files must be at most 10 MB.",
    });
    const atLimit = await uploaded("big.txt", Buffer.alloc(limit, "a"));
    expect(atLimit.size).toBe(limit);
  });

  it("refuses a file over the limit when its bytes arrive in pieces, however large", async () => {
    const limit = MESSAGE_LIMITS.attachmentBytes;
    const before = await attachmentCount();
    // Over a socket a file arrives in pieces; one ending exactly at the limit used to hide the rest.
    for (const size of [limit + 1, limit + 64 * 1024, 15 * 1024 * 1024]) {
      const res = await ana.agent.uploadInPieces(
        "/api/me/message-attachments",
        "big.bin",
        "application/octet-stream",
        Buffer.alloc(size, "a"),
      );
      expect(res.statusCode, `${size} bytes: ${res.body}`).toBe(413);
      expect(res.json().error.code).toBe("file_too_large");
    }
    expect(await attachmentCount()).toBe(before);
  });

  it("refuses a request without a file, or an empty one", async () => {
    const none = await ana.agent.post("/api/me/message-attachments", {});
    expect(none.statusCode).toBe(400);
    const empty = await upload("empty.txt", Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe("This file is empty.");
  });
});

describe("GET /api/me/message-attachments/{id}", () => {
  it("serves an unsent attachment to its uploader only", async () => {
    const image = await uploaded("mine.png", await png());
    for (const url of [image.url, image.thumbUrl as string]) {
      expect((await ana.agent.get(url)).statusCode).toBe(200);
      const other = await ben.agent.get(url);
      expect(other.statusCode).toBe(404);
      expect(other.json().error.code).toBe("attachment_not_found");
    }
    const unknown = await ana.agent.get(
      "/api/me/message-attachments/00000000-0000-4000-8000-000000000000",
    );
    expect(unknown.statusCode).toBe(404);
  });

  it("serves a sent one to both participants", async () => {
    const image = await uploaded("ours.png", await png());
    const started = await ana.agent.post("/api/me/conversations", {
      recipientId: ben.id,
      attachments: [image.id],
    });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json().message.attachments).toEqual([image]);
    expect((await ben.agent.get(image.url)).statusCode).toBe(200);
    expect((await ana.agent.get(image.thumbUrl as string)).statusCode).toBe(200);
  });
});

describe("cleanUpUnsentAttachments", () => {
  it("deletes attachments unsent for a day, with their files, and keeps the rest", async () => {
    const old = await uploaded("old.png", await png());
    const fresh = await uploaded("fresh.txt", Buffer.from("fresh"));
    const sentOld = await uploaded("sent.txt", Buffer.from("sent long ago"));
    const res = await ana.agent.post("/api/me/conversations", {
      recipientId: ben.id,
      attachments: [sentOld.id],
    });
    expect([200, 201]).toContain(res.statusCode);
    const oldKeys = await keyOf(old.id);
    await t.database.db.execute(
      sql`update message_attachments set created_at = now() - interval '25 hours'
          where id in (${old.id}, ${sentOld.id})`,
    );

    expect(await cleanUpUnsentAttachments(t.database.db, t.app.storage)).toBeGreaterThanOrEqual(1);
    expect(await keyOf(old.id)).toBeUndefined();
    expect(fs.existsSync(onDisk(oldKeys?.key as string))).toBe(false);
    expect(fs.existsSync(onDisk(oldKeys?.thumbKey as string))).toBe(false);
    expect((await ana.agent.get(old.url)).statusCode).toBe(404);
    expect((await ana.agent.get(fresh.url)).statusCode).toBe(200);
    expect((await ben.agent.get(sentOld.url)).statusCode).toBe(200);
  });
});

describe("attachment-content", () => {
  it("sanitises names: last path part, no controls or direction overrides, no trailing dots", () => {
    expect(sanitizeFileName("../../etc/passwd")).toBe("passwd");
    expect(sanitizeFileName("report\u202Efdp.exe")).toBe("reportfdp.exe");
    expect(sanitizeFileName("a\u0000b\u0007c.txt")).toBe("abc.txt");
    expect(sanitizeFileName("setup.exe. . ")).toBe("setup.exe");
    expect(sanitizeFileName("")).toBe("file");
    expect(sanitizeFileName(undefined)).toBe("file");
    const long = sanitizeFileName(`${"x".repeat(300)}.pdf`);
    expect(long).toHaveLength(150);
    expect(long.endsWith(".pdf")).toBe(true);
  });

  it("refuses by extension whatever the letter case, and lets ordinary files through", () => {
    expect(refusalOf("Setup.ExE", Buffer.from("x"), false)).toMatch(/\.exe/);
    expect(refusalOf("holiday.jpg", Buffer.from("<html>"), true)).toBeNull();
    expect(refusalOf("notes.txt", Buffer.from("Meet at 5 <at the dock>"), false)).toBeNull();
    expect(refusalOf("archive.zip", Buffer.from("PK\u0003\u0004"), false)).toBeNull();
  });

  it("makes content-disposition values nothing can break out of", () => {
    expect(contentDisposition("attachment", 'a"b\\c%d.txt')).toBe(
      `attachment; filename="a_b_c_d.txt"; filename*=UTF-8''a%22b%5Cc%25d.txt`,
    );
    expect(webpName("beach.PNG")).toBe("beach.webp");
    expect(webpName("noext")).toBe("noext.webp");
  });
});
