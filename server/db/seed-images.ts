/**
 * Draws the demo listings' pictures: an SVG per photo (gradient, a drawn motif, the item's name)
 * rasterised by sharp into WebP. Nothing is downloaded, so a fresh clone seeds offline.
 */
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { eachAtMost } from "../concurrency";
import type { IconName, Palette } from "./seed-data";

export const SEED_IMAGE_SIZE = 800;
export const SEED_THUMB_SIZE = 320;
/** How many photos are rasterised at once; each holds a few megabytes of pixels. */
const DEFAULT_CONCURRENCY = 4;

export interface SeedImageJob {
  /** File-name stem, unique per listing, e.g. `042-guava-jelly-4-jars`. */
  key: string;
  title: string;
  icon: IconName;
  palette: Palette;
  /** Number of photos; they are numbered 1..count. */
  count: number;
}

export interface SeedImageRef {
  file: string;
  thumbFile: string;
  url: string;
  thumbUrl: string;
  width: number;
  height: number;
}

/** File names and public URLs of photo `n` (1-based) of a listing. */
export function seedImageRef(key: string, n: number): SeedImageRef {
  const file = `${key}-${n}.webp`;
  const thumbFile = `${key}-${n}-thumb.webp`;
  return {
    file,
    thumbFile,
    url: `/uploads/seed/${file}`,
    thumbUrl: `/uploads/seed/${thumbFile}`,
    width: SEED_IMAGE_SIZE,
    height: SEED_IMAGE_SIZE,
  };
}

// ---------- colour helpers ----------

type Rgb = [number, number, number];

function hexToRgb(hex: string): Rgb {
  const v = Number.parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

function rgbToHex([r, g, b]: Rgb): string {
  const h = (x: number) =>
    Math.round(Math.min(255, Math.max(0, x)))
      .toString(16)
      .padStart(2, "0");
  return `#${h(r)}${h(g)}${h(b)}`;
}

function mix(a: string, b: string, t: number): string {
  const x = hexToRgb(a);
  const y = hexToRgb(b);
  return rgbToHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

/** Rotates a colour's hue, so listings sharing a palette still look like different photos. */
function shiftHue(hex: string, degrees: number): string {
  const [r, g, b] = hexToRgb(hex).map((c) => c / 255) as Rgb;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return hex;
  const s = d / (1 - Math.abs(2 * l - 1));
  let h: number;
  if (max === r) h = ((g - b) / d) % 6;
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  h = (h * 60 + degrees + 360) % 360;
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const [r1, g1, b1] =
    h < 60
      ? [c, x, 0]
      : h < 120
        ? [x, c, 0]
        : h < 180
          ? [0, c, x]
          : h < 240
            ? [0, x, c]
            : h < 300
              ? [x, 0, c]
              : [c, 0, x];
  return rgbToHex([(r1 + m) * 255, (g1 + m) * 255, (b1 + m) * 255]);
}

function hashString(s: string): number {
  // FNV-1a: stable across runs and platforms, unlike anything keyed on object identity.
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

function escapeXml(s: string): string {
  return s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

// ---------- motifs ----------

interface IconColors {
  main: string;
  ink: string;
  light: string;
}
type IconDraw = (c: IconColors) => string;

function repeat(count: number, f: (i: number) => string): string {
  return Array.from({ length: count }, (_, i) => f(i)).join("");
}

/** Point on a cubic Bézier, for stringing beads along a chain. */
function bezier(t: number, p: number[]): [number, number] {
  const u = 1 - t;
  const a = u * u * u;
  const b = 3 * u * u * t;
  const c = 3 * u * t * t;
  const d = t * t * t;
  return [
    a * (p[0] ?? 0) + b * (p[2] ?? 0) + c * (p[4] ?? 0) + d * (p[6] ?? 0),
    a * (p[1] ?? 0) + b * (p[3] ?? 0) + c * (p[5] ?? 0) + d * (p[7] ?? 0),
  ];
}

// Every motif is drawn in a 200 x 200 box centred on (100, 100).
const ICONS: Record<IconName, IconDraw> = {
  phone: ({ main, ink, light }) => `
    <rect x="58" y="14" width="84" height="172" rx="16" fill="${main}"/>
    <rect x="66" y="32" width="68" height="128" rx="5" fill="${ink}"/>
    ${repeat(12, (i) => `<rect x="${74 + (i % 3) * 20}" y="${42 + Math.floor(i / 3) * 24}" width="12" height="12" rx="3" fill="${main}" opacity=".55"/>`)}
    <path d="M66 120 L134 52 V32 H110 L66 76 Z" fill="${light}" opacity=".1"/>
    <circle cx="100" cy="23" r="3.5" fill="${ink}"/>
    <rect x="86" y="168" width="28" height="6" rx="3" fill="${ink}"/>`,
  laptop: ({ main, ink, light }) => `
    <rect x="38" y="40" width="124" height="86" rx="7" fill="${main}"/>
    <rect x="46" y="48" width="108" height="70" rx="3" fill="${ink}"/>
    <path d="M46 104 L102 48 H122 L46 118 Z" fill="${light}" opacity=".12"/>
    <path d="M18 130 H182 L170 152 H30 Z" fill="${main}"/>
    <path d="M18 130 H182 L180 134 H20 Z" fill="${ink}" opacity=".25"/>
    <rect x="84" y="130" width="32" height="5" rx="2.5" fill="${ink}" opacity=".6"/>`,
  headphones: ({ main, ink }) => `
    <path d="M42 120 V100 A58 58 0 0 1 158 100 V120" fill="none" stroke="${main}" stroke-width="14" stroke-linecap="round"/>
    <rect x="26" y="104" width="36" height="66" rx="14" fill="${main}"/>
    <rect x="138" y="104" width="36" height="66" rx="14" fill="${main}"/>
    <rect x="54" y="112" width="14" height="50" rx="6" fill="${ink}"/>
    <rect x="132" y="112" width="14" height="50" rx="6" fill="${ink}"/>`,
  speaker: ({ main, ink }) => `
    <rect x="50" y="18" width="100" height="166" rx="16" fill="${main}"/>
    <circle cx="100" cy="122" r="38" fill="${ink}"/>
    <circle cx="100" cy="122" r="24" fill="${main}" opacity=".45"/>
    <circle cx="100" cy="122" r="9" fill="${ink}"/>
    <circle cx="100" cy="56" r="18" fill="${ink}"/>
    <circle cx="100" cy="56" r="7" fill="${main}" opacity=".45"/>`,
  camera: ({ main, ink, light }) => `
    <rect x="64" y="40" width="56" height="26" rx="6" fill="${main}"/>
    <rect x="20" y="58" width="160" height="108" rx="16" fill="${main}"/>
    <rect x="20" y="84" width="160" height="14" fill="${ink}" opacity=".2"/>
    <circle cx="104" cy="112" r="44" fill="${ink}"/>
    <circle cx="104" cy="112" r="31" fill="${light}" opacity=".22"/>
    <circle cx="104" cy="112" r="18" fill="${ink}"/>
    <circle cx="95" cy="103" r="7" fill="${light}" opacity=".7"/>
    <rect x="146" y="68" width="22" height="12" rx="3" fill="${light}" opacity=".85"/>`,
  gamepad: ({ main, ink }) => `
    <path d="M58 62 H142 C168 62 184 84 188 116 C192 146 180 162 164 162 C150 162 142 150 132 138 H68 C58 150 50 162 36 162 C20 162 8 146 12 116 C16 84 32 62 58 62 Z" fill="${main}"/>
    <rect x="40" y="96" width="40" height="13" rx="3" fill="${ink}"/>
    <rect x="53.5" y="82.5" width="13" height="40" rx="3" fill="${ink}"/>
    <circle cx="140" cy="86" r="8" fill="${ink}"/>
    <circle cx="158" cy="103" r="8" fill="${ink}"/>
    <circle cx="122" cy="103" r="8" fill="${ink}"/>
    <circle cx="140" cy="120" r="8" fill="${ink}"/>
    <rect x="88" y="84" width="24" height="8" rx="4" fill="${ink}" opacity=".5"/>`,
  dress: ({ main, ink, light }) => `
    <path d="M80 14 L86 14 L90 40 H110 L114 14 L120 14 L126 52 L114 70 L160 180 H40 L86 70 L74 52 Z" fill="${main}"/>
    <path d="M84 70 H116" stroke="${ink}" stroke-width="9" opacity=".45"/>
    ${repeat(9, (i) => `<circle cx="${62 + (i % 3) * 38 + (Math.floor(i / 3) % 2) * 19}" cy="${104 + Math.floor(i / 3) * 26}" r="6" fill="${light}" opacity=".55"/>`)}
    <path d="M48 164 Q100 176 152 164" stroke="${ink}" stroke-width="4" fill="none" opacity=".3"/>`,
  shirt: ({ main, ink }) => `
    <path d="M72 26 L28 50 L44 92 L62 84 V176 H138 V84 L156 92 L172 50 L128 26 Q100 50 72 26 Z" fill="${main}"/>
    <path d="M72 26 Q100 50 128 26 L118 20 Q100 36 82 20 Z" fill="${ink}" opacity=".55"/>
    <path d="M100 42 V176" stroke="${ink}" stroke-width="3" opacity=".3"/>
    ${repeat(4, (i) => `<circle cx="100" cy="${66 + i * 30}" r="3.5" fill="${ink}"/>`)}
    <rect x="112" y="70" width="20" height="18" rx="3" fill="${ink}" opacity=".22"/>`,
  shoe: ({ main, ink, light }) => `
    <path d="M16 140 C16 110 26 86 40 68 L66 78 C80 98 100 108 124 112 L168 120 C184 124 190 134 190 148 V152 H16 Z" fill="${main}"/>
    <rect x="12" y="146" width="182" height="22" rx="10" fill="${light}"/>
    <path d="M14 158 H192" stroke="${ink}" stroke-width="3" opacity=".3"/>
    <path d="M66 90 L84 80 M76 100 L94 90 M88 108 L106 98" stroke="${ink}" stroke-width="5" stroke-linecap="round"/>
    <path d="M40 68 C32 94 32 120 40 142" stroke="${ink}" stroke-width="4" fill="none" opacity=".3"/>
    <path d="M130 124 C150 122 170 128 178 140" stroke="${light}" stroke-width="4" fill="none" opacity=".5"/>`,
  bag: ({ main, ink, light }) => `
    <path d="M68 80 V60 A32 32 0 0 1 132 60 V80" fill="none" stroke="${ink}" stroke-width="10" stroke-linecap="round"/>
    <path d="M36 76 H164 L178 176 H22 Z" fill="${main}"/>
    <path d="M36 76 H164 L166 92 H34 Z" fill="${ink}" opacity=".25"/>
    <rect x="86" y="98" width="28" height="16" rx="4" fill="${light}"/>
    <path d="M30 150 H170" stroke="${ink}" stroke-width="3" opacity=".2"/>`,
  hat: ({ main, ink }) => `
    <ellipse cx="100" cy="136" rx="94" ry="26" fill="${main}"/>
    <ellipse cx="100" cy="136" rx="94" ry="26" fill="${ink}" opacity=".12"/>
    <path d="M54 136 C54 70 72 50 100 50 C128 50 146 70 146 136 Z" fill="${main}"/>
    <path d="M55 108 H145 L146 126 H54 Z" fill="${ink}" opacity=".8"/>
    ${repeat(6, (i) => `<path d="M${64 + i * 14} 62 C${60 + i * 14} 84 ${60 + i * 14} 96 ${62 + i * 14} 106" stroke="${ink}" stroke-width="2" fill="none" opacity=".2"/>`)}`,
  sunglasses: ({ main, ink, light }) => `
    <path d="M14 80 H186" stroke="${ink}" stroke-width="8" stroke-linecap="round"/>
    <path d="M24 78 H90 C92 112 82 136 56 136 C32 136 22 112 24 78 Z" fill="${main}" stroke="${ink}" stroke-width="6"/>
    <path d="M110 78 H176 C178 112 168 136 144 136 C118 136 108 112 110 78 Z" fill="${main}" stroke="${ink}" stroke-width="6"/>
    <path d="M90 84 Q100 72 110 84" stroke="${ink}" stroke-width="6" fill="none"/>
    <path d="M36 88 H54 L40 118 Z" fill="${light}" opacity=".35"/>
    <path d="M122 88 H140 L126 118 Z" fill="${light}" opacity=".35"/>`,
  chair: ({ main, ink }) => `
    <rect x="58" y="18" width="84" height="94" rx="10" fill="${main}"/>
    <path d="M76 32 V100 M93 32 V100 M110 32 V100 M126 32 V100" stroke="${ink}" stroke-width="5" opacity=".3"/>
    <rect x="46" y="104" width="108" height="22" rx="6" fill="${main}"/>
    <rect x="46" y="118" width="108" height="8" rx="4" fill="${ink}" opacity=".25"/>
    <rect x="52" y="126" width="12" height="58" rx="4" fill="${ink}"/>
    <rect x="136" y="126" width="12" height="58" rx="4" fill="${ink}"/>
    <rect x="52" y="156" width="96" height="7" rx="3" fill="${ink}" opacity=".6"/>`,
  pot: ({ main, ink, light }) => `
    <rect x="14" y="90" width="32" height="12" rx="6" fill="${ink}"/>
    <rect x="154" y="90" width="32" height="12" rx="6" fill="${ink}"/>
    <path d="M36 84 H164 V136 C164 158 150 172 126 172 H74 C50 172 36 158 36 136 Z" fill="${main}"/>
    <ellipse cx="100" cy="82" rx="70" ry="13" fill="${ink}"/>
    <rect x="86" y="60" width="28" height="16" rx="6" fill="${ink}"/>
    <path d="M52 106 C52 138 62 154 82 160" stroke="${light}" stroke-width="6" fill="none" opacity=".3" stroke-linecap="round"/>`,
  lamp: ({ main, ink, light }) => `
    <circle cx="100" cy="80" r="70" fill="${light}" opacity=".12"/>
    <path d="M62 26 H138 L162 92 H38 Z" fill="${main}"/>
    <path d="M62 26 H82 L64 92 H38 Z" fill="${light}" opacity=".25"/>
    <rect x="95" y="92" width="10" height="66" fill="${ink}"/>
    <ellipse cx="100" cy="166" rx="46" ry="13" fill="${main}"/>
    <ellipse cx="100" cy="170" rx="46" ry="9" fill="${ink}" opacity=".25"/>`,
  plant: ({ main, ink, light }) => `
    <path d="M100 110 C96 80 70 50 28 52 C60 62 82 82 100 110 Z" fill="${main}"/>
    <path d="M100 110 C104 80 130 50 172 52 C140 62 118 82 100 110 Z" fill="${main}"/>
    <path d="M100 110 C88 74 90 38 112 12 C104 44 104 78 100 110 Z" fill="${main}"/>
    <path d="M100 112 C80 90 48 88 20 106 C50 100 76 104 100 112 Z" fill="${main}" opacity=".85"/>
    <path d="M100 112 C120 90 152 88 180 106 C150 100 124 104 100 112 Z" fill="${main}" opacity=".85"/>
    <path d="M64 118 H136 L126 184 H74 Z" fill="${ink}"/>
    <rect x="58" y="108" width="84" height="16" rx="4" fill="${ink}"/>
    <rect x="58" y="108" width="84" height="5" rx="2.5" fill="${light}" opacity=".25"/>`,
  car: ({ main, ink, light }) => `
    <path d="M12 130 V106 C12 98 18 94 26 92 L56 86 L80 58 C84 54 88 52 94 52 H130 C136 52 140 54 144 58 L170 88 L184 92 C190 94 192 98 192 104 V130 Z" fill="${main}"/>
    <path d="M66 86 L86 62 H108 V86 Z" fill="${ink}" opacity=".85"/>
    <path d="M116 62 H132 L154 86 H116 Z" fill="${ink}" opacity=".85"/>
    <path d="M22 110 H182" stroke="${light}" stroke-width="3" opacity=".35"/>
    <rect x="176" y="98" width="14" height="9" rx="3" fill="${light}"/>
    <rect x="12" y="100" width="10" height="9" rx="3" fill="#e63946"/>
    <circle cx="54" cy="130" r="23" fill="${ink}"/>
    <circle cx="54" cy="130" r="10" fill="${light}" opacity=".8"/>
    <circle cx="152" cy="130" r="23" fill="${ink}"/>
    <circle cx="152" cy="130" r="10" fill="${light}" opacity=".8"/>`,
  scooter: ({ main, ink, light }) => `
    <path d="M146 58 L158 146" stroke="${main}" stroke-width="10" stroke-linecap="round"/>
    <path d="M132 52 H164" stroke="${ink}" stroke-width="10" stroke-linecap="round"/>
    <path d="M30 126 C30 108 44 100 62 100 H112 L102 134 H40 Z" fill="${main}"/>
    <path d="M102 134 H124 C130 112 138 90 146 62" stroke="${main}" stroke-width="14" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
    <rect x="52" y="86" width="50" height="16" rx="8" fill="${ink}"/>
    <circle cx="44" cy="148" r="26" fill="${ink}"/>
    <circle cx="44" cy="148" r="10" fill="${light}" opacity=".75"/>
    <circle cx="158" cy="148" r="26" fill="${ink}"/>
    <circle cx="158" cy="148" r="10" fill="${light}" opacity=".75"/>`,
  wheel: ({ main, ink }) => `
    <circle cx="100" cy="100" r="86" fill="${ink}"/>
    ${repeat(24, (i) => `<rect x="97" y="16" width="6" height="12" rx="2" fill="${main}" opacity=".25" transform="rotate(${i * 15} 100 100)"/>`)}
    <circle cx="100" cy="100" r="62" fill="${main}"/>
    <circle cx="100" cy="100" r="50" fill="${ink}" opacity=".55"/>
    ${repeat(5, (i) => `<path d="M92 100 L95 46 H105 L108 100 Z" fill="${main}" transform="rotate(${i * 72} 100 100)"/>`)}
    <circle cx="100" cy="100" r="15" fill="${main}"/>
    <circle cx="100" cy="100" r="6" fill="${ink}"/>`,
  battery: ({ main, ink, light }) => `
    <rect x="34" y="36" width="26" height="18" rx="3" fill="${ink}"/>
    <rect x="140" y="36" width="26" height="18" rx="3" fill="${ink}"/>
    <rect x="20" y="52" width="160" height="122" rx="12" fill="${main}"/>
    <rect x="20" y="52" width="160" height="24" rx="12" fill="${ink}" opacity=".3"/>
    <path d="M40 108 H64 M52 96 V120 M136 108 H160" stroke="${ink}" stroke-width="8" stroke-linecap="round"/>
    <path d="M106 86 L88 118 H104 L96 150 L120 112 H104 L114 86 Z" fill="${light}"/>`,
  boat: ({ main, ink, light }) => `
    <path d="M100 16 V124" stroke="${ink}" stroke-width="5"/>
    <path d="M96 24 V118 H36 Z" fill="${light}"/>
    <path d="M104 40 V118 H152 Z" fill="${light}" opacity=".8"/>
    <path d="M18 126 H182 L158 162 H44 Z" fill="${main}"/>
    <path d="M26 138 H174" stroke="${ink}" stroke-width="4" opacity=".35"/>
    <path d="M4 178 Q24 168 44 178 T84 178 T124 178 T164 178 T204 178" stroke="${light}" stroke-width="5" fill="none" opacity=".7" stroke-linecap="round"/>`,
  paw: ({ main }) => `
    <ellipse cx="100" cy="134" rx="44" ry="38" fill="${main}"/>
    <ellipse cx="50" cy="88" rx="17" ry="22" fill="${main}" transform="rotate(-20 50 88)"/>
    <ellipse cx="81" cy="56" rx="17" ry="23" fill="${main}" transform="rotate(-6 81 56)"/>
    <ellipse cx="119" cy="56" rx="17" ry="23" fill="${main}" transform="rotate(6 119 56)"/>
    <ellipse cx="150" cy="88" rx="17" ry="22" fill="${main}" transform="rotate(20 150 88)"/>`,
  cat: ({ main, ink, light }) => `
    <path d="M46 72 L40 18 L86 50 Z" fill="${main}"/>
    <path d="M154 72 L160 18 L114 50 Z" fill="${main}"/>
    <path d="M52 58 L48 32 L72 50 Z" fill="${ink}" opacity=".35"/>
    <path d="M148 58 L152 32 L128 50 Z" fill="${ink}" opacity=".35"/>
    <ellipse cx="100" cy="110" rx="68" ry="60" fill="${main}"/>
    <ellipse cx="74" cy="102" rx="10" ry="14" fill="${ink}"/>
    <ellipse cx="126" cy="102" rx="10" ry="14" fill="${ink}"/>
    <circle cx="77" cy="97" r="3.5" fill="${light}"/>
    <circle cx="129" cy="97" r="3.5" fill="${light}"/>
    <path d="M92 126 H108 L100 136 Z" fill="${ink}"/>
    <path d="M100 136 Q92 148 82 142 M100 136 Q108 148 118 142" stroke="${ink}" stroke-width="3" fill="none" stroke-linecap="round"/>
    <path d="M26 120 L68 126 M28 138 L68 134 M174 120 L132 126 M172 138 L132 134" stroke="${ink}" stroke-width="2.5" opacity=".55" stroke-linecap="round"/>`,
  bird: ({ main, ink, light }) => `
    <path d="M96 150 L78 196 L104 162 L114 196 L116 150 Z" fill="${ink}"/>
    <ellipse cx="104" cy="112" rx="40" ry="54" fill="${main}"/>
    <path d="M94 88 C60 100 56 142 82 162 C98 140 106 114 94 88 Z" fill="${ink}" opacity=".35"/>
    <circle cx="112" cy="58" r="32" fill="${main}"/>
    <path d="M140 50 C162 54 164 78 148 86 C148 76 144 68 134 68 Z" fill="${ink}"/>
    <circle cx="120" cy="52" r="6" fill="${ink}"/>
    <circle cx="122" cy="50" r="2" fill="${light}"/>
    <path d="M62 168 H154" stroke="${ink}" stroke-width="7" stroke-linecap="round"/>`,
  fish: ({ main, ink, light }) => `
    <path d="M140 100 L188 62 V138 Z" fill="${main}"/>
    <path d="M70 60 C84 34 112 34 122 60 Z" fill="${main}"/>
    <path d="M14 100 C50 42 120 42 152 100 C120 158 50 158 14 100 Z" fill="${main}"/>
    <path d="M96 58 C106 80 106 120 96 142" stroke="${ink}" stroke-width="9" opacity=".22" fill="none"/>
    <path d="M122 66 C130 84 130 116 122 134" stroke="${ink}" stroke-width="7" opacity=".22" fill="none"/>
    <path d="M62 70 C72 86 72 114 62 130" stroke="${ink}" stroke-width="4" fill="none" opacity=".4"/>
    <circle cx="42" cy="94" r="7" fill="${ink}"/>
    <circle cx="44" cy="92" r="2.5" fill="${light}"/>`,
  frame: ({ main, ink }) => `
    <rect x="16" y="26" width="168" height="150" rx="4" fill="${main}"/>
    <rect x="30" y="40" width="140" height="122" fill="#8ecae6"/>
    <circle cx="136" cy="74" r="16" fill="#ffb703"/>
    <path d="M30 122 C58 96 86 100 112 118 C132 106 150 104 170 112 V162 H30 Z" fill="#2a9d8f"/>
    <path d="M30 140 C70 130 120 148 170 136 V162 H30 Z" fill="#1d6f8c"/>
    <path d="M60 120 C66 100 70 92 72 84 M72 84 C64 82 58 86 54 90 M72 84 C80 80 86 82 90 86" stroke="#264653" stroke-width="3" fill="none"/>
    <rect x="16" y="26" width="168" height="150" rx="4" fill="none" stroke="${ink}" stroke-width="3" opacity=".3"/>`,
  sculpture: ({ main, ink }) => `
    <rect x="56" y="160" width="88" height="22" rx="3" fill="${ink}"/>
    <rect x="66" y="150" width="68" height="12" rx="2" fill="${ink}" opacity=".8"/>
    <path d="M100 150 C70 150 64 120 80 100 C92 84 84 70 88 58 C92 44 108 44 112 58 C116 70 108 84 120 100 C136 120 130 150 100 150 Z" fill="${main}"/>
    <ellipse cx="100" cy="36" rx="16" ry="20" fill="${main}"/>
    <path d="M88 104 C96 114 104 114 112 104" stroke="${ink}" stroke-width="3" fill="none" opacity=".35"/>`,
  necklace: ({ main, ink, light }) => {
    const chain = [36, 28, 40, 112, 160, 112, 164, 28];
    const beads = repeat(13, (i) => {
      const t = 0.06 + i * 0.072;
      if (t > 0.42 && t < 0.58) return "";
      const [x, y] = bezier(t, chain);
      return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="6.5" fill="${main}"/>`;
    });
    return `
    <path d="M36 28 C40 112 160 112 164 28" stroke="${ink}" stroke-width="4" fill="none"/>
    ${beads}
    <circle cx="100" cy="96" r="6" fill="none" stroke="${ink}" stroke-width="3"/>
    <path d="M100 102 L124 132 L100 180 L76 132 Z" fill="${main}"/>
    <path d="M100 102 L110 132 L100 180 L90 132 Z" fill="${light}" opacity=".35"/>
    <path d="M76 132 H124" stroke="${ink}" stroke-width="2" opacity=".35"/>`;
  },
  ring: ({ main, ink, light }) => `
    <circle cx="100" cy="124" r="54" fill="none" stroke="${main}" stroke-width="16"/>
    <circle cx="100" cy="124" r="46" fill="none" stroke="${ink}" stroke-width="3" opacity=".25"/>
    <path d="M74 52 L86 34 H114 L126 52 L100 80 Z" fill="${light}"/>
    <path d="M74 52 H126 M92 34 L100 52 L108 34 M100 52 V80" stroke="${ink}" stroke-width="2" opacity=".35" fill="none"/>
    <path d="M150 30 L154 40 L164 44 L154 48 L150 58 L146 48 L136 44 L146 40 Z" fill="${light}" opacity=".9"/>
    <path d="M44 54 L47 61 L54 64 L47 67 L44 74 L41 67 L34 64 L41 61 Z" fill="${light}" opacity=".7"/>`,
  gem: ({ main, ink, light }) =>
    [62, 138]
      .map(
        (x) => `
    <path d="M${x} 18 C${x - 12} 22 ${x - 12} 40 ${x} 44" stroke="${ink}" stroke-width="4" fill="none"/>
    <circle cx="${x}" cy="50" r="7" fill="${main}"/>
    <path d="M${x} 60 C${x + 32} 100 ${x + 30} 152 ${x} 164 C${x - 30} 152 ${x - 32} 100 ${x} 60 Z" fill="${main}"/>
    <path d="M${x - 6} 78 C${x - 18} 100 ${x - 18} 130 ${x - 8} 148" stroke="${light}" stroke-width="5" fill="none" opacity=".55" stroke-linecap="round"/>`,
      )
      .join(""),
  bracelet: ({ main, ink, light }) => `
    <ellipse cx="100" cy="124" rx="78" ry="38" fill="none" stroke="${ink}" stroke-width="14" opacity=".55"/>
    <ellipse cx="100" cy="102" rx="78" ry="38" fill="none" stroke="${main}" stroke-width="14"/>
    <ellipse cx="100" cy="80" rx="78" ry="38" fill="none" stroke="${light}" stroke-width="10" opacity=".9"/>`,
  watch: ({ main, ink, light }) => `
    <rect x="74" y="6" width="52" height="188" rx="14" fill="${ink}"/>
    <path d="M82 22 H118 M82 38 H118 M82 162 H118 M82 178 H118" stroke="${light}" stroke-width="2" opacity=".2"/>
    <rect x="146" y="92" width="14" height="16" rx="3" fill="${main}"/>
    <circle cx="100" cy="100" r="52" fill="${main}"/>
    <circle cx="100" cy="100" r="41" fill="${light}"/>
    ${repeat(12, (i) => `<path d="M100 63 V70" stroke="${ink}" stroke-width="3" transform="rotate(${i * 30} 100 100)"/>`)}
    <path d="M100 100 V70" stroke="${ink}" stroke-width="5" stroke-linecap="round"/>
    <path d="M100 100 L122 110" stroke="${ink}" stroke-width="6" stroke-linecap="round"/>
    <circle cx="100" cy="100" r="5" fill="${ink}"/>`,
  robot: ({ main, ink, light }) => `
    <rect x="96" y="12" width="8" height="18" fill="${ink}"/>
    <circle cx="100" cy="12" r="7" fill="${main}"/>
    <rect x="62" y="28" width="76" height="54" rx="12" fill="${main}"/>
    <circle cx="84" cy="54" r="9" fill="${ink}"/>
    <circle cx="116" cy="54" r="9" fill="${ink}"/>
    <circle cx="86" cy="52" r="3" fill="${light}"/>
    <circle cx="118" cy="52" r="3" fill="${light}"/>
    <rect x="82" y="68" width="36" height="6" rx="3" fill="${ink}" opacity=".6"/>
    <rect x="52" y="88" width="96" height="66" rx="10" fill="${main}"/>
    <rect x="80" y="100" width="40" height="26" rx="4" fill="${ink}" opacity=".7"/>
    <circle cx="90" cy="140" r="5" fill="${ink}"/>
    <circle cx="110" cy="140" r="5" fill="${ink}"/>
    <rect x="28" y="92" width="20" height="56" rx="10" fill="${main}"/>
    <rect x="152" y="92" width="20" height="56" rx="10" fill="${main}"/>
    <rect x="64" y="156" width="24" height="34" rx="6" fill="${ink}"/>
    <rect x="112" y="156" width="24" height="34" rx="6" fill="${ink}"/>`,
  doll: ({ main, ink, light }) => `
    <path d="M76 98 L52 134 M124 98 L148 134" stroke="#a0673c" stroke-width="11" stroke-linecap="round"/>
    <path d="M100 78 L152 180 H48 Z" fill="${main}"/>
    <path d="M74 130 H126 M64 150 H136 M86 100 L70 180 M114 100 L130 180" stroke="${light}" stroke-width="4" opacity=".45"/>
    <circle cx="100" cy="52" r="28" fill="#a0673c"/>
    <path d="M70 46 C70 12 130 12 130 46 C118 34 82 34 70 46 Z" fill="${main}"/>
    <path d="M128 36 L146 24 L140 46 Z" fill="${main}"/>
    <circle cx="90" cy="54" r="3.5" fill="${ink}"/>
    <circle cx="110" cy="54" r="3.5" fill="${ink}"/>
    <path d="M91 66 Q100 72 109 66" stroke="${ink}" stroke-width="3" fill="none" stroke-linecap="round"/>`,
  dice: ({ main, ink, light }) => `
    <g transform="rotate(-12 70 100)">
      <rect x="22" y="52" width="96" height="96" rx="16" fill="${main}"/>
      <circle cx="46" cy="76" r="8" fill="${ink}"/>
      <circle cx="70" cy="100" r="8" fill="${ink}"/>
      <circle cx="94" cy="124" r="8" fill="${ink}"/>
    </g>
    <g transform="rotate(10 136 118)">
      <rect x="94" y="76" width="84" height="84" rx="14" fill="${light}"/>
      <circle cx="116" cy="98" r="7" fill="${ink}"/>
      <circle cx="156" cy="98" r="7" fill="${ink}"/>
      <circle cx="116" cy="138" r="7" fill="${ink}"/>
      <circle cx="156" cy="138" r="7" fill="${ink}"/>
    </g>`,
  kite: ({ main, ink, light }) => `
    <path d="M100 12 L158 78 L100 150 L42 78 Z" fill="${main}"/>
    <path d="M100 12 L158 78 H100 Z" fill="${light}" opacity=".3"/>
    <path d="M100 78 H42 L100 150 Z" fill="${ink}" opacity=".15"/>
    <path d="M100 12 V150 M42 78 H158" stroke="${ink}" stroke-width="3" opacity=".5"/>
    <path d="M100 150 C80 164 120 176 100 194" stroke="${ink}" stroke-width="3" fill="none"/>
    <path d="M90 158 L100 164 L90 170 Z M110 176 L100 182 L110 188 Z" fill="${light}"/>`,
  blocks: ({ main, ink, light }) => `
    <rect x="24" y="104" width="72" height="72" rx="8" fill="${main}"/>
    <rect x="104" y="104" width="72" height="72" rx="8" fill="${light}"/>
    <rect x="64" y="28" width="72" height="72" rx="8" fill="${ink}"/>
    <circle cx="60" cy="140" r="18" fill="none" stroke="${ink}" stroke-width="7"/>
    <path d="M140 120 L160 156 H120 Z" fill="${main}"/>
    <rect x="85" y="49" width="30" height="30" rx="3" fill="${main}"/>`,
  bat: ({ main, ink, light }) => `
    <g transform="rotate(-35 100 100)">
      <rect x="92" y="4" width="16" height="58" rx="6" fill="${ink}"/>
      <path d="M84 60 H116 L118 184 C118 192 82 192 82 184 Z" fill="${main}"/>
      <path d="M100 70 V180" stroke="${ink}" stroke-width="3" opacity=".25"/>
    </g>
    <circle cx="152" cy="154" r="24" fill="#c1121f"/>
    <path d="M136 138 C146 150 156 160 168 170" stroke="${light}" stroke-width="3" fill="none" stroke-dasharray="4 4"/>`,
  surfboard: ({ main, ink }) => `
    <g transform="rotate(28 100 100)">
      <path d="M100 4 C136 40 138 150 100 196 C62 150 64 40 100 4 Z" fill="${main}"/>
      <path d="M100 12 V188" stroke="${ink}" stroke-width="3" opacity=".35"/>
      <path d="M70 118 C88 108 112 108 130 118" stroke="${ink}" stroke-width="9" fill="none" opacity=".55"/>
      <path d="M92 166 L100 186 L108 166 Z" fill="${ink}"/>
    </g>`,
  dumbbell: ({ main, ink }) => `
    <rect x="40" y="92" width="120" height="16" rx="6" fill="${ink}"/>
    <rect x="18" y="58" width="24" height="84" rx="6" fill="${main}"/>
    <rect x="44" y="68" width="16" height="64" rx="5" fill="${main}"/>
    <rect x="158" y="58" width="24" height="84" rx="6" fill="${main}"/>
    <rect x="140" y="68" width="16" height="64" rx="5" fill="${main}"/>
    <path d="M18 74 H42 M158 74 H182" stroke="${ink}" stroke-width="3" opacity=".25"/>
    <rect x="82" y="90" width="36" height="20" rx="4" fill="${ink}" opacity=".7"/>`,
  bicycle: ({ main, ink }) => `
    <circle cx="50" cy="130" r="36" fill="none" stroke="${ink}" stroke-width="9"/>
    <circle cx="150" cy="130" r="36" fill="none" stroke="${ink}" stroke-width="9"/>
    <path d="M50 130 L80 72 L140 72 M50 130 H96 L80 72 M96 130 L138 84 M140 64 L150 130" stroke="${main}" stroke-width="9" fill="none" stroke-linejoin="round" stroke-linecap="round"/>
    <path d="M66 62 H94 M132 56 L154 52" stroke="${ink}" stroke-width="8" stroke-linecap="round"/>
    <circle cx="96" cy="130" r="9" fill="${ink}"/>`,
  ball: ({ main, ink, light }) => `
    <circle cx="100" cy="100" r="80" fill="${light}"/>
    <path d="M100 68 L130 90 L119 125 H81 L70 90 Z" fill="${ink}"/>
    <path d="M100 68 V22 M130 90 L174 76 M119 125 L146 162 M81 125 L54 162 M70 90 L26 76" stroke="${ink}" stroke-width="5"/>
    <path d="M86 21 L100 30 L114 21 Z M163 55 L168 71 L178 62 Z M22 62 L32 71 L37 55 Z M48 150 L62 158 L54 168 Z M152 150 L138 158 L146 168 Z" fill="${ink}"/>
    <circle cx="100" cy="100" r="80" fill="none" stroke="${main}" stroke-width="8"/>`,
  mask: ({ main, ink, light }) => `
    <path d="M100 14 C150 14 168 56 164 104 C160 152 132 190 100 190 C68 190 40 152 36 104 C32 56 50 14 100 14 Z" fill="${main}"/>
    <path d="M56 84 C66 70 86 70 94 86 C84 96 66 96 56 84 Z" fill="${ink}"/>
    <path d="M144 84 C134 70 114 70 106 86 C116 96 134 96 144 84 Z" fill="${ink}"/>
    <path d="M100 92 L90 130 H110 Z" fill="${ink}" opacity=".45"/>
    <ellipse cx="100" cy="152" rx="20" ry="8" fill="${ink}"/>
    <path d="M58 44 C80 32 120 32 142 44" stroke="${ink}" stroke-width="4" fill="none" opacity=".4"/>
    <path d="M48 120 C56 150 72 170 90 180" stroke="${light}" stroke-width="4" fill="none" opacity=".25"/>`,
  basket: ({ main, ink }) => {
    const rows = repeat(4, (i) => {
      const y = 100 + i * 20;
      const inset = ((y - 82) * 18) / 96;
      return `<path d="M${(26 + inset).toFixed(1)} ${y} H${(174 - inset).toFixed(1)}" stroke="${ink}" stroke-width="4" opacity=".35"/>`;
    });
    const cols = repeat(6, (i) => {
      const x = 46 + i * 22;
      return `<path d="M${x} 88 L${x + (x < 100 ? 4 : -4)} 176" stroke="${ink}" stroke-width="3" opacity=".25"/>`;
    });
    return `
    <path d="M52 86 C52 32 148 32 148 86" stroke="${ink}" stroke-width="10" fill="none"/>
    <path d="M26 82 H174 L156 178 H44 Z" fill="${main}"/>
    ${rows}${cols}
    <rect x="20" y="76" width="160" height="14" rx="7" fill="${ink}" opacity=".85"/>`;
  },
  vase: ({ main, ink, light }) => `
    <path d="M78 22 H122 V34 C122 46 150 62 152 104 C154 150 130 180 100 180 C70 180 46 150 48 104 C50 62 78 46 78 34 Z" fill="${main}"/>
    <rect x="72" y="16" width="56" height="10" rx="5" fill="${main}"/>
    <path d="M52 96 H148" stroke="${ink}" stroke-width="8" opacity=".5"/>
    <path d="M50 116 H150" stroke="${ink}" stroke-width="4" opacity=".4"/>
    <path d="M54 134 ${repeat(9, (i) => `L${64 + i * 10} ${i % 2 === 0 ? 124 : 134}`)}" stroke="${ink}" stroke-width="3" fill="none" opacity=".5"/>
    <path d="M64 84 C58 110 62 140 76 162" stroke="${light}" stroke-width="6" fill="none" opacity=".35" stroke-linecap="round"/>`,
  drum: ({ main, ink, light }) => `
    <path d="M60 150 L48 192 M140 150 L152 192 M100 156 V192" stroke="${ink}" stroke-width="5"/>
    <path d="M28 84 V128 C28 146 60 156 100 156 C140 156 172 146 172 128 V84 Z" fill="${main}"/>
    <path d="M42 96 V134 M158 96 V134" stroke="${ink}" stroke-width="6" opacity=".2"/>
    <ellipse cx="100" cy="84" rx="72" ry="26" fill="${light}"/>
    <ellipse cx="100" cy="84" rx="72" ry="26" fill="none" stroke="${ink}" stroke-width="4"/>
    <g fill="none" stroke="${ink}" stroke-width="2" opacity=".55">
      <ellipse cx="70" cy="80" rx="14" ry="6"/><ellipse cx="100" cy="72" rx="14" ry="6"/>
      <ellipse cx="130" cy="80" rx="14" ry="6"/><ellipse cx="86" cy="94" rx="12" ry="5"/>
      <ellipse cx="116" cy="94" rx="12" ry="5"/><ellipse cx="100" cy="84" rx="7" ry="3"/>
    </g>
    <path d="M156 24 L124 62 M176 34 L140 66" stroke="${ink}" stroke-width="4" stroke-linecap="round"/>
    <circle cx="122" cy="64" r="7" fill="${main}"/>
    <circle cx="138" cy="68" r="7" fill="${main}"/>`,
  jar: ({ main, ink, light }) => `
    <rect x="58" y="22" width="84" height="28" rx="6" fill="${ink}"/>
    <path d="M60 30 H140 M60 38 H140" stroke="${light}" stroke-width="2" opacity=".2"/>
    <rect x="46" y="46" width="108" height="136" rx="22" fill="${main}"/>
    <rect x="60" y="92" width="80" height="56" rx="8" fill="${light}"/>
    <path d="M74 112 H126 M82 128 H118" stroke="${ink}" stroke-width="5" stroke-linecap="round" opacity=".6"/>
    <path d="M58 64 V168" stroke="${light}" stroke-width="6" opacity=".3" stroke-linecap="round"/>`,
  bottle: ({ main, ink, light }) => `
    <rect x="84" y="12" width="32" height="20" rx="4" fill="${ink}"/>
    <path d="M88 32 H112 V58 C112 66 140 72 140 92 V172 C140 180 134 186 126 186 H74 C66 186 60 180 60 172 V92 C60 72 88 66 88 58 Z" fill="${main}"/>
    <rect x="66" y="104" width="68" height="58" rx="6" fill="${light}"/>
    <path d="M86 124 C92 114 112 114 114 124 C116 138 104 150 92 146 C84 142 82 132 86 124 Z" fill="#d00000"/>
    <path d="M100 117 C100 110 104 106 110 106" stroke="#2d6a4f" stroke-width="3" fill="none"/>
    <path d="M70 90 V100 M70 168 V176" stroke="${light}" stroke-width="5" opacity=".35" stroke-linecap="round"/>`,
  cup: ({ main, ink, light }) => `
    <path d="M66 50 C58 38 74 30 66 18 M98 50 C90 38 106 30 98 18 M130 50 C122 38 138 30 130 18" stroke="${light}" stroke-width="5" fill="none" stroke-linecap="round" opacity=".75"/>
    <ellipse cx="100" cy="170" rx="82" ry="14" fill="${ink}"/>
    <path d="M150 88 C178 88 178 134 146 134" stroke="${main}" stroke-width="12" fill="none"/>
    <path d="M36 66 H160 V110 C160 140 136 162 106 162 H90 C60 162 36 140 36 110 Z" fill="${main}"/>
    <ellipse cx="98" cy="66" rx="62" ry="10" fill="${ink}" opacity=".85"/>
    <path d="M50 86 C50 116 60 140 80 150" stroke="${light}" stroke-width="6" fill="none" opacity=".3" stroke-linecap="round"/>`,
  cake: ({ main, ink, light }) => `
    <ellipse cx="100" cy="164" rx="90" ry="16" fill="${light}" opacity=".9"/>
    <path d="M28 104 C28 72 60 60 100 60 C140 60 172 72 172 104 V140 C172 156 140 164 100 164 C60 164 28 156 28 140 Z" fill="${main}"/>
    ${repeat(7, (i) => `<path d="M${46 + i * 18} 112 C${44 + i * 18} 130 ${44 + i * 18} 142 ${46 + i * 18} 156" stroke="${ink}" stroke-width="4" fill="none" opacity=".22"/>`)}
    <path d="M32 96 C40 78 70 70 100 70 C130 70 160 78 168 96 C162 104 156 98 152 112 C148 98 140 100 136 114 C132 100 122 100 118 112 C114 100 104 100 100 114 C96 100 86 100 82 112 C78 100 68 100 64 114 C60 98 52 104 48 112 C46 100 38 104 32 96 Z" fill="${light}" opacity=".9"/>
    <ellipse cx="100" cy="80" rx="20" ry="8" fill="${ink}"/>`,
  fabric: ({ main, ink, light }) => `
    <rect x="28" y="122" width="144" height="42" rx="8" fill="${ink}"/>
    <path d="M28 142 H172" stroke="${main}" stroke-width="4" opacity=".5"/>
    <rect x="38" y="84" width="124" height="42" rx="8" fill="${main}"/>
    <path d="M60 84 V126 M84 84 V126 M108 84 V126 M132 84 V126" stroke="${ink}" stroke-width="5" opacity=".3"/>
    <path d="M38 105 H162" stroke="${light}" stroke-width="4" opacity=".5"/>
    <rect x="48" y="46" width="104" height="42" rx="8" fill="${light}"/>
    <path d="M72 46 V88 M100 46 V88 M128 46 V88" stroke="${main}" stroke-width="6" opacity=".7"/>
    <path d="M48 67 H152" stroke="${main}" stroke-width="3" opacity=".6"/>`,
};

// ---------- composition ----------

const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif";
// DejaVu Sans Bold averages about 0.66 em per character in titles; a little over keeps lines
// inside the frame.
const CHAR_EM = 0.68;

/** Splits a title into the big name and a smaller qualifier ("Apple iPhone 13" / "128GB"). */
function splitTitle(title: string): { name: string; detail: string } {
  const m = /^(.+?)(?::\s|,\s)(.+)$/.exec(title);
  if (!m || (m[1] ?? "").length < 6) return { name: title, detail: "" };
  return { name: m[1] ?? title, detail: m[2] ?? "" };
}

function wrap(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]}…`;
    return kept;
  }
  return lines;
}

function fontSizeFor(lines: string[], width: number, max: number): number {
  const longest = Math.max(...lines.map((l) => l.length), 1);
  return Math.max(34, Math.min(max, Math.floor(width / (longest * CHAR_EM))));
}

function truncate(text: string, maxChars: number): string {
  return text.length <= maxChars ? text : `${text.slice(0, maxChars - 1).trimEnd()}…`;
}

interface TextBlock {
  svg: string;
  height: number;
}

/** The name in large bold lines, then the qualifier smaller, anchored at (x, top). */
function textBlock(
  title: string,
  opts: {
    x: number;
    top: number;
    width: number;
    anchor: "start" | "middle";
    fill: string;
    maxSize: number;
    shadow: boolean;
  },
): TextBlock {
  const { name, detail } = splitTitle(title);
  const lines = wrap(name, 18, 3);
  const size = fontSizeFor(lines, opts.width, opts.maxSize);
  const lineHeight = Math.round(size * 1.14);
  const detailSize = Math.round(size * 0.5);
  const detailText = detail ? truncate(detail, Math.floor(opts.width / (detailSize * 0.62))) : "";
  let y = opts.top + size;
  const parts: string[] = [];
  for (const line of lines) {
    const t = escapeXml(line);
    if (opts.shadow) {
      parts.push(
        `<text x="${opts.x + 3}" y="${y + 4}" fill="#000" opacity=".35" text-anchor="${opts.anchor}">${t}</text>`,
      );
    }
    parts.push(
      `<text x="${opts.x}" y="${y}" fill="${opts.fill}" text-anchor="${opts.anchor}">${t}</text>`,
    );
    y += lineHeight;
  }
  let height = lines.length * lineHeight;
  if (detailText) {
    const dy = y - lineHeight + Math.round(detailSize * 1.6);
    parts.push(
      `<text x="${opts.x}" y="${dy}" fill="${opts.fill}" opacity=".88" font-size="${detailSize}" font-weight="400" text-anchor="${opts.anchor}">${escapeXml(detailText)}</text>`,
    );
    height += Math.round(detailSize * 1.6);
  }
  return {
    svg: `<g font-family="${FONT}" font-weight="700" font-size="${size}">${parts.join("")}</g>`,
    height: height - lineHeight + size + 8,
  };
}

function placeIcon(
  draw: IconDraw,
  colors: IconColors,
  o: { cx: number; cy: number; size: number; rotate?: number; opacity?: number; shadow?: boolean },
): string {
  const s = o.size / 200;
  const at = (dx: number, dy: number) =>
    `transform="translate(${(o.cx - 100 * s + dx).toFixed(1)} ${(o.cy - 100 * s + dy).toFixed(1)}) scale(${s.toFixed(4)}) rotate(${o.rotate ?? 0} 100 100)"`;
  const opacity = o.opacity === undefined ? "" : ` opacity="${o.opacity}"`;
  // A hard offset silhouette instead of an SVG blur filter: blurring an 800 px canvas made
  // rasterising about five times slower, and the flat shadow suits the flat drawings.
  const shadow =
    o.shadow === false
      ? ""
      : `<g ${at(o.size * 0.025, o.size * 0.035)} opacity=".2">${draw({ main: "#000", ink: "#000", light: "#000" })}</g>`;
  return `${shadow}<g ${at(0, 0)}${opacity}>${draw(colors)}</g>`;
}

/** The SVG for photo `n` (1-based) of a listing; each n is a different shot of the same item. */
export function renderSeedImageSvg(
  job: Pick<SeedImageJob, "key" | "title" | "icon" | "palette">,
  n: number,
): string {
  const size = SEED_IMAGE_SIZE;
  const hash = hashString(job.key);
  const hue = (hash % 37) - 18;
  const from = shiftHue(job.palette.from, hue);
  const to = shiftHue(job.palette.to, hue);
  const accent = shiftHue(job.palette.accent, hue / 2);
  const ink = mix(to, "#000000", 0.55);
  const colors: IconColors = { main: accent, ink, light: "#ffffff" };
  const draw = ICONS[job.icon];
  const variant = (n - 1) % 4;
  const tilt = ((hash >> 8) % 11) - 5;

  const defs = `
    <radialGradient id="glow" cx="50%" cy="45%" r="55%">
      <stop offset="0" stop-color="#fff" stop-opacity=".38"/>
      <stop offset="1" stop-color="#fff" stop-opacity="0"/>
    </radialGradient>`;

  let body: string;
  if (variant === 0) {
    // The hero shot: motif centred above a caption band, sun and surf behind it.
    const text = textBlock(job.title, {
      x: size / 2,
      top: 0,
      width: 700,
      anchor: "middle",
      fill: "#fff",
      maxSize: 74,
      shadow: true,
    });
    const band = text.height + 64;
    const stage = size - band;
    const iconSize = Math.min(480, stage - 40);
    body = `
      <defs>${defs}
        <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
        </linearGradient>
      </defs>
      <rect width="${size}" height="${size}" fill="url(#bg)"/>
      <circle cx="660" cy="130" r="92" fill="${accent}" opacity=".22"/>
      <circle cx="660" cy="130" r="150" fill="${accent}" opacity=".08"/>
      <ellipse cx="400" cy="${stage / 2}" rx="330" ry="300" fill="url(#glow)"/>
      <path d="M0 ${stage - 40} Q100 ${stage - 70} 200 ${stage - 40} T400 ${stage - 40} T600 ${stage - 40} T800 ${stage - 40} V${size} H0 Z" fill="#fff" opacity=".1"/>
      <ellipse cx="400" cy="${stage / 2 + iconSize * 0.44 + 10}" rx="${iconSize * 0.4}" ry="16" fill="#000" opacity=".16"/>
      ${placeIcon(draw, colors, { cx: 400, cy: stage / 2 + 10, size: iconSize, rotate: tilt })}
      <rect y="${stage}" width="${size}" height="${band}" fill="#000" opacity=".3"/>
      <g transform="translate(0 ${stage + 32})">${text.svg}</g>`;
  } else if (variant === 1) {
    // Another angle: the reverse gradient, the motif turned and pushed to a corner.
    const text = textBlock(job.title, {
      x: 56,
      top: 44,
      width: 690,
      anchor: "start",
      fill: "#fff",
      maxSize: 66,
      shadow: true,
    });
    const stripes = repeat(9, (i) => {
      const x = -400 + i * 180;
      return `<path d="M${x} 800 L${x + 800} 0 L${x + 860} 0 L${x + 60} 800 Z" fill="#fff" opacity=".06"/>`;
    });
    body = `
      <defs>${defs}
        <linearGradient id="bg" x1="1" y1="0" x2="0" y2="1">
          <stop offset="0" stop-color="${to}"/><stop offset="1" stop-color="${mix(from, accent, 0.25)}"/>
        </linearGradient>
      </defs>
      <rect width="${size}" height="${size}" fill="url(#bg)"/>
      ${stripes}
      <circle cx="520" cy="540" r="250" fill="url(#glow)"/>
      ${placeIcon(draw, colors, { cx: 500, cy: 500 + text.height / 5, size: 520, rotate: -16 + tilt })}
      ${text.svg}`;
  } else if (variant === 2) {
    // The close-up: the motif fills the frame on a dark ground, a light caption card over it.
    const text = textBlock(job.title, {
      x: 76,
      top: 0,
      width: 640,
      anchor: "start",
      fill: ink,
      maxSize: 58,
      shadow: false,
    });
    const card = text.height + 44;
    const dots = repeat(64, (i) => {
      const x = 50 + (i % 8) * 100 + (Math.floor(i / 8) % 2) * 50;
      const y = 50 + Math.floor(i / 8) * 100;
      return `<circle cx="${x}" cy="${y}" r="7" fill="${accent}" opacity=".14"/>`;
    });
    body = `
      <defs>${defs}
        <radialGradient id="bg" cx="40%" cy="35%" r="80%">
          <stop offset="0" stop-color="${mix(to, from, 0.35)}"/><stop offset="1" stop-color="${mix(to, "#000000", 0.45)}"/>
        </radialGradient>
      </defs>
      <rect width="${size}" height="${size}" fill="url(#bg)"/>
      ${dots}
      ${placeIcon(draw, colors, { cx: 430, cy: 380, size: 700, rotate: 10 + tilt })}
      <rect x="40" y="${size - 40 - card}" width="${size - 80}" height="${card}" rx="26" fill="#fff" opacity=".93"/>
      <rect x="40" y="${size - 40 - card}" width="12" height="${card}" rx="6" fill="${accent}"/>
      <g transform="translate(0 ${size - 40 - card + 20})">${text.svg}</g>`;
  } else {
    // The flat lay: a pale ground scattered with small motifs, the item on a plate.
    const ground = mix(from, "#ffffff", 0.72);
    const text = textBlock(job.title, {
      x: size / 2,
      top: 0,
      width: 700,
      anchor: "middle",
      fill: mix(to, "#000000", 0.55),
      maxSize: 62,
      shadow: false,
    });
    const scatter = repeat(16, (i) =>
      placeIcon(
        draw,
        { main: to, ink: to, light: to },
        {
          cx: 100 + (i % 4) * 200 + (Math.floor(i / 4) % 2) * 60,
          cy: 90 + Math.floor(i / 4) * 200,
          size: 96,
          rotate: ((i * 47) % 90) - 45,
          opacity: 0.08,
          shadow: false,
        },
      ),
    );
    const plateY = Math.max(250, (size - text.height - 60) / 2);
    body = `
      <defs>${defs}</defs>
      <rect width="${size}" height="${size}" fill="${ground}"/>
      ${scatter}
      <circle cx="400" cy="${plateY + 10}" r="228" fill="#000" opacity=".08"/>
      <circle cx="400" cy="${plateY}" r="224" fill="#fff"/>
      <circle cx="400" cy="${plateY}" r="200" fill="none" stroke="${from}" stroke-width="6" opacity=".5"/>
      ${placeIcon(draw, { ...colors, light: mix(from, "#ffffff", 0.5) }, { cx: 400, cy: plateY, size: 340, rotate: tilt * 2 })}
      <g transform="translate(0 ${plateY + 250})">${text.svg}</g>`;
  }

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${body}</svg>`;
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

/** Renders one photo to both WebP sizes, via temporary names so a crash never leaves half a file. */
async function renderOne(dir: string, job: SeedImageJob, n: number): Promise<void> {
  const ref = seedImageRef(job.key, n);
  const { data, info } = await sharp(Buffer.from(renderSeedImageSvg(job, n)))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const large = path.join(dir, ref.file);
  const thumb = path.join(dir, ref.thumbFile);
  const suffix = `.tmp-${process.pid}`;
  await Promise.all([
    sharp(data, raw)
      .webp({ quality: 82, effort: 2 })
      .toFile(large + suffix),
    sharp(data, raw)
      .resize(SEED_THUMB_SIZE, SEED_THUMB_SIZE)
      .webp({ quality: 80, effort: 2 })
      .toFile(thumb + suffix),
  ]);
  await fs.rename(large + suffix, large);
  await fs.rename(thumb + suffix, thumb);
}

/** Writes every job's photos to `<uploadsDir>/seed/`, skipping ones already on disk. */
export async function writeSeedImages(
  uploadsDir: string,
  jobs: SeedImageJob[],
  options: { concurrency?: number } = {},
): Promise<{ written: number; skipped: number }> {
  const dir = path.join(uploadsDir, "seed");
  await fs.mkdir(dir, { recursive: true });
  const tasks = jobs.flatMap((job) =>
    Array.from({ length: job.count }, (_, i) => ({ job, n: i + 1 })),
  );
  let written = 0;
  let skipped = 0;
  await eachAtMost(options.concurrency ?? DEFAULT_CONCURRENCY, tasks, async (task) => {
    const ref = seedImageRef(task.job.key, task.n);
    if ((await exists(path.join(dir, ref.file))) && (await exists(path.join(dir, ref.thumbFile)))) {
      skipped++;
      return;
    }
    await renderOne(dir, task.job, task.n);
    written++;
  });
  return { written, skipped };
}
