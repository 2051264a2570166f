/**
 * The demo listings' pictures: one drawing per item (server/seed/seed-drawings/), shown on a studio
 * backdrop in up to four views (front, the other side, a close-up, on a turntable). Nothing is
 * downloaded, so a fresh clone seeds offline.
 *
 * They are served as the SVG itself, not rasterised. Rasterising 526 pictures into WebP took about
 * 20 s of the first start on this 2-core machine (60 s when it was busy) and ~17 MB on disk, while
 * writing the SVG takes well under a second and ~2 MB; a vector picture is also sharp at every size,
 * so one file serves the card, the gallery and the zoomable viewer. The files hold no script or
 * link (tests check it), and /uploads sends .svg with a Content-Security-Policy that forbids
 * scripts anyway (server/modules/site/web-app.ts). The demo messages' photo attachments are the one
 * place that needs a raster (the attachments API serves WebP): those few are rendered by sharp.
 *
 * The files go to the app's storage (a folder, or the S3 bucket) while the seed's transaction is
 * open, so a database that says it is seeded always has its pictures; a later start on that
 * database writes nothing (it checks one file, and writes the set again only if it is missing).
 */
import { eachAtMost } from "../concurrency";
import type { Storage } from "../plugins/storage";
import { drawingFor } from "./seed-drawings/catalog";
import { type Drawing, FLOOR, mix, tone } from "./seed-drawings/kit";

export const SEED_IMAGE_SIZE = 800;
/** Under listings/, where uploaded photos live, so a bucket's public-read grant covers them too. */
export const SEED_IMAGE_PREFIX = "listings/seed/";
const SVG_TYPE = "image/svg+xml";
/** Storage writes in flight at once: files are small, so this only bounds open handles/requests. */
const WRITE_CONCURRENCY = 16;

export interface SeedImageJob {
  /** File-name stem, unique per listing, e.g. `042-guava-jelly-4-jars`. */
  key: string;
  /** The item's title, which names its drawing in server/seed/seed-drawings/catalog.ts. */
  title: string;
  /** Number of photos; they are numbered 1..count. */
  count: number;
}

export interface SeedImageRef {
  /** Storage key. */
  key: string;
  url: string;
  /** The same file: a vector picture needs no smaller copy. */
  thumbUrl: string;
  width: number;
  height: number;
}

/** Storage key and default URL of photo `n` (1-based) of a listing. */
export function seedImageRef(
  key: string,
  n: number,
  urls?: ReadonlyMap<string, string>,
): SeedImageRef {
  const storageKey = `${SEED_IMAGE_PREFIX}${key}-${n}.svg`;
  // Disk storage serves its keys at /uploads/; a bucket answers its own URL from put().
  const url = urls?.get(storageKey) ?? `/uploads/${storageKey}`;
  return {
    key: storageKey,
    url,
    thumbUrl: url,
    width: SEED_IMAGE_SIZE,
    height: SEED_IMAGE_SIZE,
  };
}

function hashString(s: string): number {
  // FNV-1a: stable across runs and platforms.
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** Soft studio paper colours; each item gets one, so a grid of cards is varied but of a piece. */
const BACKDROPS = [
  "#e4ebf3",
  "#f3e7da",
  "#e1efe7",
  "#ece4f2",
  "#f4e3e3",
  "#e0edf3",
  "#f1ecdc",
  "#e7e9ec",
  "#f5eadf",
  "#e3eee9",
];

interface View {
  /** Scale of the 400 px drawing box. */
  scale: number;
  /** Where the drawing's floor point (200, FLOOR) lands. */
  x: number;
  y: number;
  mirror: boolean;
  rotate: number;
  backdrop: string;
  kind: "studio" | "close" | "turntable" | "wall";
}

function viewFor(drawing: Drawing, n: number, backdrop: string, alt: string): View {
  const flat = drawing.shadow === 0;
  switch ((n - 1) % 4) {
    case 0:
      return { scale: 1.72, x: 400, y: 690, mirror: false, rotate: 0, backdrop, kind: "studio" };
    case 1:
      // The other side, turned a little, on the neighbouring colour of paper. Pictures on a wall
      // and things laid flat are not turned over (a painting's mirror image is another painting).
      return {
        scale: 1.45,
        x: 410,
        y: 660,
        mirror: !flat,
        rotate: flat ? 3 : -3,
        backdrop: alt,
        kind: "studio",
      };
    case 2: {
      // A close-up: the drawing's focus point moved to the middle of the frame.
      const [fx, fy] = drawing.focus ?? [200, 200];
      const scale = 2.6;
      return {
        scale,
        x: 400 - (fx - 200) * scale,
        y: 400 + (FLOOR - fy) * scale,
        mirror: false,
        rotate: 0,
        backdrop: tone(backdrop, -0.06),
        kind: "close",
      };
    }
    default:
      // On a turntable; what hangs or floats is shown against a papered wall instead.
      return {
        scale: 1.25,
        x: 400,
        y: 620,
        mirror: false,
        rotate: 0,
        backdrop: alt,
        kind: flat ? "wall" : "turntable",
      };
  }
}

/** The SVG for photo `n` (1-based) of a listing; each n is another view of the same item. */
export function renderSeedImageSvg(job: Pick<SeedImageJob, "key" | "title">, n: number): string {
  const drawing = drawingFor(job.title);
  const size = SEED_IMAGE_SIZE;
  const h = hashString(job.title);
  const backdrop = drawing.backdrop ?? (BACKDROPS[h % BACKDROPS.length] as string);
  const alt = BACKDROPS[(h + 3) % BACKDROPS.length] as string;
  const v = viewFor(drawing, n, backdrop, alt);
  const wallTop = tone(v.backdrop, 0.55);
  const floor = tone(v.backdrop, -0.05);
  const shadowWidth = (drawing.shadow ?? 240) * v.scale;
  const place = v.mirror
    ? `translate(${v.x + 200 * v.scale} ${v.y - FLOOR * v.scale}) scale(${-v.scale} ${v.scale})`
    : `translate(${v.x - 200 * v.scale} ${v.y - FLOOR * v.scale}) scale(${v.scale})`;
  const turn = v.rotate ? ` rotate(${v.rotate} ${v.x} ${v.y})` : "";

  const parts: string[] = [
    `<defs>`,
    `<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${wallTop}"/><stop offset="1" stop-color="${v.backdrop}"/></linearGradient>`,
    `<radialGradient id="spot" cx="${v.mirror ? 0.62 : 0.4}" cy="0.3" r="0.6"><stop offset="0" stop-color="#fff" stop-opacity=".75"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="shade"><stop offset="0" stop-color="#1d2433" stop-opacity=".34"/><stop offset=".6" stop-color="#1d2433" stop-opacity=".12"/><stop offset="1" stop-color="#1d2433" stop-opacity="0"/></radialGradient>`,
    `</defs>`,
    `<rect width="${size}" height="${size}" fill="url(#wall)"/>`,
  ];
  if (v.kind === "wall") {
    const stripe = tone(v.backdrop, -0.04);
    for (let x = 0; x < size; x += 80)
      parts.push(`<rect x="${x}" width="40" height="${size}" fill="${stripe}"/>`);
    parts.push(
      `<rect y="${size - 70}" width="${size}" height="70" fill="${tone(v.backdrop, -0.12)}"/>`,
      `<rect y="${size - 78}" width="${size}" height="10" fill="${tone(v.backdrop, 0.4)}"/>`,
      `<rect width="${size}" height="${size}" fill="url(#spot)"/>`,
    );
  } else if (v.kind === "close") {
    parts.push(`<rect width="${size}" height="${size}" fill="url(#spot)"/>`);
  } else {
    // The paper curving from wall to floor, lit from above.
    const horizon = v.y - 70;
    parts.push(
      `<path d="M0 ${horizon} C260 ${horizon - 18} 540 ${horizon - 18} ${size} ${horizon} V${size} H0 Z" fill="${floor}"/>`,
      `<rect width="${size}" height="${size}" fill="url(#spot)"/>`,
    );
  }
  if (v.kind === "turntable") {
    const plinth = mix(v.backdrop, "#ffffff", 0.7);
    const side = tone(v.backdrop, -0.16);
    parts.push(
      `<ellipse cx="${v.x}" cy="${v.y + 40}" rx="330" ry="58" fill="#1d2433" opacity=".1"/>`,
      `<path d="M80 ${v.y} V${v.y + 26} A320 52 0 0 0 720 ${v.y + 26} V${v.y} Z" fill="${side}"/>`,
      `<ellipse cx="${v.x}" cy="${v.y}" rx="320" ry="52" fill="${plinth}"/>`,
    );
  }
  if (drawing.shadow !== 0 && v.kind !== "close") {
    parts.push(
      `<ellipse cx="${v.x}" cy="${v.y + 4}" rx="${(shadowWidth / 2 + 30).toFixed(1)}" ry="${(18 * v.scale).toFixed(1)}" fill="url(#shade)"/>`,
    );
  }
  parts.push(`<g transform="${turn.trim() ? `${turn.trim()} ` : ""}${place}">${drawing.svg}</g>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${parts.join("")}</svg>`;
}

/** Every photo of every job, in order. */
function photos(jobs: SeedImageJob[]): { job: SeedImageJob; n: number }[] {
  return jobs.flatMap((job) => Array.from({ length: job.count }, (_, i) => ({ job, n: i + 1 })));
}

/**
 * Writes every job's pictures to storage and answers each key's public URL (a bucket's own, or
 * /uploads/... on disk) for the rows that point at them.
 */
export async function writeSeedImages(
  storage: Storage,
  jobs: SeedImageJob[],
): Promise<{ written: number; urls: Map<string, string> }> {
  const urls = new Map<string, string>();
  await eachAtMost(WRITE_CONCURRENCY, photos(jobs), async ({ job, n }) => {
    const ref = seedImageRef(job.key, n);
    const { url } = await storage.put(ref.key, Buffer.from(renderSeedImageSvg(job, n)), SVG_TYPE);
    urls.set(ref.key, url);
  });
  return { written: urls.size, urls };
}

/**
 * On a database seeded before: writes the pictures again only when the storage lacks them (a
 * wiped uploads folder under a kept database); otherwise one read and nothing written.
 */
export async function ensureSeedImages(storage: Storage, jobs: SeedImageJob[]): Promise<number> {
  const first = jobs.find((j) => j.count > 0);
  if (!first || (await storage.get(seedImageRef(first.key, 1).key))) return 0;
  return (await writeSeedImages(storage, jobs)).written;
}

/** Photo `n` of a listing as WebP (800 px and a 320 px thumbnail), for the demo attachments. */
export async function renderSeedImageWebp(
  job: Pick<SeedImageJob, "key" | "title">,
  n: number,
): Promise<{ large: Buffer; thumb: Buffer }> {
  // Loaded only here: the few attachments are the one raster the seed makes.
  const { default: sharp } = await import("sharp");
  const svg = Buffer.from(renderSeedImageSvg(job, n));
  const [large, thumb] = await Promise.all([
    sharp(svg).webp({ quality: 82 }).toBuffer(),
    sharp(svg).resize(320, 320).webp({ quality: 80 }).toBuffer(),
  ]);
  return { large, thumb };
}
