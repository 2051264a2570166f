/**
 * The pieces every seed drawing is made of. A drawing is SVG markup in a 400 x 400 box, the item
 * standing on the floor line (FLOOR) and centred on x = 200; server/seed/seed-images.ts places it on
 * a studio backdrop, so a drawing holds only the product itself.
 */

/** One demo item's drawing; `focus` is where the close-up view zooms in (default: its centre). */
export interface Drawing {
  svg: string;
  focus?: readonly [number, number];
  /** Width of the contact shadow on the floor; 0 for things that hang or lie flat. */
  shadow?: number;
  /** The studio backdrop's tint; unset picks one from the item's name. */
  backdrop?: string;
}

export const FLOOR = 350;

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

/** `a` moved towards `b` by t (0..1). */
export function mix(a: string, b: string, t: number): string {
  const x = hexToRgb(a);
  const y = hexToRgb(b);
  return rgbToHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

/** Lighter (t > 0, towards white) or darker (t < 0, towards black): the flat style's shading. */
export function tone(hex: string, t: number): string {
  return t >= 0 ? mix(hex, "#ffffff", t) : mix(hex, "#000000", -t);
}

const attrs = (extra: string) => (extra ? ` ${extra}` : "");
const n = (v: number) => Number(v.toFixed(1));

export const rect = (
  x: number,
  y: number,
  w: number,
  h: number,
  fill: string,
  rx = 0,
  extra = "",
) =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}"${rx ? ` rx="${n(rx)}"` : ""} fill="${fill}"${attrs(extra)}/>`;
export const circle = (cx: number, cy: number, r: number, fill: string, extra = "") =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${attrs(extra)}/>`;
export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = "") =>
  `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${attrs(extra)}/>`;
export const path = (d: string, fill: string, extra = "") =>
  `<path d="${d}" fill="${fill}"${attrs(extra)}/>`;
/** A stroked line or curve with round ends. */
export const line = (d: string, stroke: string, width: number, extra = "") =>
  `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${attrs(extra)}/>`;
export const group = (transform: string, ...children: string[]) =>
  `<g transform="${transform}">${children.join("")}</g>`;

export function times(count: number, f: (i: number) => string): string {
  let out = "";
  for (let i = 0; i < count; i++) out += f(i);
  return out;
}

/** A small deterministic generator, so scattered details (beads, spots, stars) never change. */
export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

/** A glossy highlight strip: what makes flat shapes read as hard, shiny products. */
export const gloss = (x: number, y: number, w: number, h: number, rx = 0) =>
  rect(x, y, w, h, "#ffffff", rx, 'opacity=".28"');

/** A flat polygon from points. */
export const poly = (points: [number, number][], fill: string, extra = "") =>
  path(`M${points.map(([x, y]) => `${n(x)} ${n(y)}`).join(" L")} Z`, fill, extra);

/** A regular star or a flower's petals around (cx, cy). */
export function star(
  cx: number,
  cy: number,
  outer: number,
  inner: number,
  points: number,
  fill: string,
) {
  const pts: [number, number][] = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = (Math.PI * i) / points - Math.PI / 2;
    pts.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
  }
  return poly(pts, fill);
}

/** Petals around a centre (hibiscus, orchid, flowers on prints). */
export function flower(
  cx: number,
  cy: number,
  r: number,
  petals: number,
  fill: string,
  heart: string,
) {
  return `${times(petals, (i) => ellipse(cx, cy - r * 0.55, r * 0.38, r * 0.6, fill, `transform="rotate(${(360 / petals) * i} ${n(cx)} ${n(cy)})"`))}${circle(cx, cy, r * 0.22, heart)}`;
}

/** A woven texture: crossing lines clipped to nothing, laid over a shape's area. */
export function weave(x: number, y: number, w: number, h: number, color: string, step = 12) {
  let out = "";
  for (let yy = y + step / 2; yy < y + h; yy += step)
    out += line(`M${n(x)} ${n(yy)} H${n(x + w)}`, color, 2, 'opacity=".45"');
  for (let xx = x + step / 2; xx < x + w; xx += step)
    out += line(`M${n(xx)} ${n(y)} V${n(y + h)}`, color, 2, 'opacity=".3"');
  return out;
}

/** Madras plaid: crossing bands of colour over a base, cut to a rectangle. */
export function plaid(x: number, y: number, w: number, h: number, colors: string[], step = 36) {
  let out = rect(x, y, w, h, colors[0] ?? "#c00");
  let k = 1;
  for (let xx = x; xx < x + w; xx += step) {
    const c = colors[k++ % colors.length] ?? "#fff";
    out += rect(xx, y, Math.min(step / 3, x + w - xx), h, c, 0, 'opacity=".55"');
  }
  for (let yy = y; yy < y + h; yy += step) {
    const c = colors[k++ % colors.length] ?? "#fff";
    out += rect(x, yy, w, Math.min(step / 3, y + h - yy), c, 0, 'opacity=".5"');
  }
  return out;
}

/** `content` cut to the outline `d` (patterns on a dress, a painting's scene in its frame). */
export const clipped = (id: string, d: string, ...content: string[]) =>
  `<clipPath id="${id}"><path d="${d}"/></clipPath><g clip-path="url(#${id})">${content.join("")}</g>`;
