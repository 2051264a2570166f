/** Pets and pet supplies. */
import {
  circle,
  clipped,
  type Drawing,
  ellipse,
  gloss,
  group,
  line,
  path,
  rect,
  rng,
  times,
  tone,
} from "./kit";

interface Coat {
  fur: string;
  muzzle: string;
  ears: string;
  /** Rottweiler-style tan points over the eyes and on the chest. */
  points?: string;
  pointyEars?: boolean;
  patch?: string;
}

/** A sitting puppy seen from the front, centred on cx, standing on the floor. */
function puppy(cx: number, s: number, c: Coat): string {
  const body = `${path(`M${cx - 62} 346 C${cx - 74} 280 ${cx - 56} 220 ${cx} 214 C${cx + 56} 220 ${cx + 74} 280 ${cx + 62} 346 Z`, c.fur)}
    ${path(`M${cx + 50} 330 C${cx + 90} 330 ${cx + 100} 300 ${cx + 92} 282`, "none", `stroke="${c.fur}" stroke-width="14" stroke-linecap="round"`)}
    ${rect(cx - 38, 280, 26, 66, tone(c.fur, -0.06), 12)}${rect(cx + 12, 280, 26, 66, tone(c.fur, -0.06), 12)}
    ${ellipse(cx - 25, 342, 18, 9, c.points ?? tone(c.fur, 0.08))}${ellipse(cx + 25, 342, 18, 9, c.points ?? tone(c.fur, 0.08))}
    ${c.points ? path(`M${cx - 26} 226 C${cx - 10} 260 ${cx + 10} 260 ${cx + 26} 226 Z`, c.points) : ""}`;
  const ears = c.pointyEars
    ? `${path(`M${cx - 58} 150 L${cx - 66} 88 L${cx - 24} 124 Z`, c.ears)}${path(`M${cx + 58} 150 L${cx + 66} 88 L${cx + 24} 124 Z`, c.ears)}`
    : `${ellipse(cx - 58, 172, 22, 44, c.ears, `transform="rotate(18 ${cx - 58} 172)"`)}${ellipse(cx + 58, 172, 22, 44, c.ears, `transform="rotate(-18 ${cx + 58} 172)"`)}`;
  const head = `${circle(cx, 160, 56, c.fur)}${c.patch ? path(`M${cx - 10} 106 C${cx + 40} 104 ${cx + 60} 140 ${cx + 50} 176 C${cx + 30} 160 ${cx + 10} 140 ${cx - 10} 106 Z`, c.patch) : ""}
    ${c.points ? `${ellipse(cx - 22, 142, 8, 5, c.points)}${ellipse(cx + 22, 142, 8, 5, c.points)}` : ""}
    ${ellipse(cx, 190, 34, 26, c.muzzle)}${ellipse(cx, 178, 12, 9, "#1b1b1b")}${circle(cx - 4, 175, 3, "#fff", 'opacity=".6"')}
    ${line(`M${cx} 186 V196 M${cx - 12} 200 Q${cx} 208 ${cx + 12} 200`, "#1b1b1b", 3)}
    ${circle(cx - 22, 154, 8, "#1b1b1b")}${circle(cx + 22, 154, 8, "#1b1b1b")}${circle(cx - 19, 151, 2.5, "#fff")}${circle(cx + 25, 151, 2.5, "#fff")}`;
  return group(`translate(${cx * (1 - s)} ${346 * (1 - s)}) scale(${s})`, body, ears, head);
}

function dogs(list: { cx: number; s: number; c: Coat }[], focus: [number, number]): Drawing {
  return { svg: list.map((d) => puppy(d.cx, d.s, d.c)).join(""), focus, shadow: 320 };
}

interface CatCoat {
  fur: string;
  belly: string;
  stripes?: string;
  spots?: string;
  fluffy?: boolean;
  patches?: string[];
  eyes: string;
}

/** A sitting cat from the front. */
function cat(cx: number, s: number, c: CatCoat, seed: number): string {
  const r = rng(seed);
  const bodyD = c.fluffy
    ? `M${cx - 80} 346 C${cx - 96} 300 ${cx - 84} 250 ${cx - 60} 226 C${cx - 30} 206 ${cx + 30} 206 ${cx + 60} 226 C${cx + 84} 250 ${cx + 96} 300 ${cx + 80} 346 Z`
    : `M${cx - 58} 346 C${cx - 70} 290 ${cx - 52} 226 ${cx} 218 C${cx + 52} 226 ${cx + 70} 290 ${cx + 58} 346 Z`;
  const headD = `M${cx - 56} 112 L${cx - 50} 150 C${cx - 64} 200 ${cx - 30} 226 ${cx} 226 C${cx + 30} 226 ${cx + 64} 200 ${cx + 50} 150 L${cx + 56} 112 L${cx + 22} 132 C${cx + 8} 128 ${cx - 8} 128 ${cx - 22} 132 Z`;
  const marks = (d: string, id: string) =>
    clipped(
      id,
      d,
      c.stripes
        ? times(7, (i) =>
            line(
              `M${cx - 90} ${120 + i * 34} Q${cx} ${136 + i * 34} ${cx + 90} ${120 + i * 34}`,
              c.stripes as string,
              7,
              'opacity=".75"',
            ),
          )
        : "",
      c.spots
        ? times(
            26,
            () =>
              `${ellipse(cx - 80 + r() * 160, 110 + r() * 236, 7 + r() * 5, 5 + r() * 4, c.spots as string)}`,
          )
        : "",
      c.patches
        ? c.patches
            .map((p, i) => ellipse(cx + (i % 2 ? 40 : -40), 150 + i * 60, 46, 40, p))
            .join("")
        : "",
    );
  const fluff = c.fluffy
    ? times(14, (i) => circle(cx - 84 + i * 13, 236 + Math.abs(7 - i) * 6, 12, c.fur))
    : "";
  return group(
    `translate(${cx * (1 - s)} ${346 * (1 - s)}) scale(${s})`,
    `${path(`M${cx + 48} 336 C${cx + 110} 340 ${cx + 120} 280 ${cx + 96} 250`, "none", `stroke="${c.fur}" stroke-width="${c.fluffy ? 26 : 14}" stroke-linecap="round"`)}`,
    path(bodyD, c.fur, `stroke="${tone(c.fur, -0.3)}" stroke-width="3"`),
    fluff,
    marks(bodyD, `cb${seed}`),
    path(`M${cx - 26} 236 C${cx - 30} 290 ${cx + 30} 290 ${cx + 26} 236 Z`, c.belly),
    `${rect(cx - 34, 290, 24, 56, tone(c.fur, 0.05), 12)}${rect(cx + 10, 290, 24, 56, tone(c.fur, 0.05), 12)}`,
    path(headD, c.fur, `stroke="${tone(c.fur, -0.3)}" stroke-width="3"`),
    marks(headD, `ch${seed}`),
    c.fluffy
      ? times(10, (i) => circle(cx - 58 + i * 13, 200 + Math.abs(4.5 - i) * -3, 12, c.fur))
      : "",
    `${path(`M${cx - 50} 118 L${cx - 44} 144 L${cx - 30} 132 Z`, "#f4a6b7")}${path(`M${cx + 50} 118 L${cx + 44} 144 L${cx + 30} 132 Z`, "#f4a6b7")}`,
    `${ellipse(cx, 196, 22, 16, c.belly)}${path(`M${cx - 6} 186 H${cx + 6} L${cx} 193 Z`, "#e07a8a")}`,
    `${ellipse(cx - 22, 166, 10, 11, c.eyes)}${ellipse(cx + 22, 166, 10, 11, c.eyes)}${ellipse(cx - 22, 166, 3, 9, "#111")}${ellipse(cx + 22, 166, 3, 9, "#111")}`,
    line(
      `M${cx - 18} 198 L${cx - 60} 192 M${cx - 18} 202 L${cx - 58} 206 M${cx + 18} 198 L${cx + 60} 192 M${cx + 18} 202 L${cx + 58} 206`,
      "#fff",
      1.5,
      'opacity=".8"',
    ),
  );
}

function parrot(): Drawing {
  const grey = "#9aa1a9";
  return {
    svg: `${line("M40 300 C140 290 260 296 370 284", "#7a5230", 16)}${line("M300 292 L340 330", "#7a5230", 10)}
      ${path("M170 290 L150 346 L200 346 L206 290 Z", "#d62828")}
      ${path("M150 290 C120 230 130 150 180 120 C210 102 246 110 256 140 C268 176 254 226 220 276 C206 296 170 306 150 290 Z", grey)}
      ${times(5, (i) => path(`M${150 + i * 4} ${200 + i * 18} q24 -10 48 0`, "none", `stroke="${tone(grey, -0.15)}" stroke-width="3"`))}
      ${path("M170 140 C150 180 150 240 176 288 C156 260 140 200 170 140 Z", tone(grey, -0.2))}
      ${circle(210, 136, 38, tone(grey, 0.15))}${ellipse(222, 132, 14, 12, "#f1f1f1")}${circle(224, 132, 6, "#f5f3e7")}${circle(224, 132, 3, "#111")}
      ${path("M242 128 C270 128 276 150 262 168 C258 156 250 150 240 150 Z", "#222")}
      ${line("M180 288 L176 304 M200 290 L204 304", "#555", 5)}`,
    focus: [220, 150],
    shadow: 300,
  };
}

function lovebirds(): Drawing {
  const bird = (x: number, flip: boolean) =>
    group(
      flip ? `translate(${2 * x} 0) scale(-1 1)` : "",
      `${path(`M${x - 34} 236 C${x - 40} 200 ${x - 16} 176 ${x + 8} 180 C${x + 30} 184 ${x + 34} 214 ${x + 20} 240 C${x + 8} 258 ${x - 26} 258 ${x - 34} 236 Z`, "#52b788")}
      ${path(`M${x - 30} 240 L${x - 56} 270 L${x - 40} 272 Z`, "#2d6a4f")}${path(`M${x - 30} 214 C${x - 20} 232 ${x} 240 ${x + 14} 238 C${x} 250 ${x - 24} 250 ${x - 30} 232 Z`, "#40916c")}
      ${circle(x + 10, 190, 20, "#f4845f")}${path(`M${x + 26} 186 L${x + 40} 194 L${x + 26} 200 Z`, "#f7d08a")}${circle(x + 16, 186, 3.5, "#111")}`,
    );
  return {
    svg: `${path("M70 340 V160 C70 80 330 80 330 160 V340 Z", "#ffffff", 'opacity=".25"')}
      ${times(12, (i) => line(`M${78 + i * 22} 340 V${160 - Math.sin((i / 11) * Math.PI) * 62}`, "#b7bcc4", 3))}
      ${line("M70 160 C70 80 330 80 330 160", "#9aa0a8", 5)}${line("M200 92 V60", "#9aa0a8", 5)}${circle(200, 54, 9, "none", 'stroke="#9aa0a8" stroke-width="5"')}
      ${line("M100 262 H300", "#8d6e4a", 8)}${bird(160, false)}${bird(240, true)}
      ${rect(60, 330, 280, 16, "#cfd4da", 4)}${line("M70 250 H330", "#b7bcc4", 3)}`,
    focus: [200, 220],
    shadow: 300,
  };
}

function pigeons(): Drawing {
  const pigeon = (x: number, y: number, s: number, neck: string) =>
    group(
      `translate(${x} ${y}) scale(${s})`,
      `${path("M-50 0 C-56 -36 -30 -60 0 -60 C20 -60 36 -48 40 -30 L70 -8 L40 0 C20 14 -30 14 -50 0 Z", "#8e9aa6")}
      ${path("M-44 -10 C-20 -30 10 -30 30 -16 C10 -6 -20 -2 -44 -10 Z", "#6c7884")}${times(2, (i) => line(`M${-30 + i * 20} -14 l14 -4`, "#2b2f36", 3))}
      ${circle(30, -66, 18, "#7d8a97")}${path("M14 -56 C20 -40 36 -40 42 -50 C38 -34 18 -30 10 -44 Z", neck)}
      ${path("M46 -70 L60 -64 L46 -62 Z", "#f1c6a8")}${circle(36, -70, 3, "#d9480f")}
      ${line("M-6 10 V22 M10 10 V22", "#e8998d", 4)}`,
    );
  return {
    svg: `${pigeon(90, 250, 0.9, "#52b69a")}${pigeon(200, 240, 0.9, "#9d4edd")}${pigeon(310, 250, 0.9, "#52b69a")}
      ${pigeon(80, 330, 1, "#9d4edd")}${pigeon(200, 334, 1, "#52b69a")}${pigeon(318, 330, 1, "#9d4edd")}`,
    focus: [200, 280],
    shadow: 360,
  };
}

function fishShape(x: number, y: number, s: number, body: string, tail: string, flip = false) {
  return group(
    `translate(${x} ${y}) scale(${flip ? -s : s} ${s})`,
    `${path("M-30 0 C-60 -40 -70 -10 -76 -34 C-80 0 -80 0 -76 34 C-70 10 -60 40 -30 0 Z", tail, 'opacity=".9"')}
    ${ellipse(0, 0, 34, 14, body)}${circle(20, -3, 3, "#111")}${path("M-8 -12 L6 -24 L12 -12 Z", tail)}`,
  );
}

function guppies(): Drawing {
  const bag = "M120 110 C100 150 70 230 80 300 C90 340 310 340 320 300 C330 230 300 150 280 110 Z";
  return {
    svg: `${path(bag, "#d6ecf5", 'opacity=".55"')}${clipped("water", bag, rect(60, 150, 280, 200, "#5fa8d3", 0, 'opacity=".55"'))}
      ${path("M120 110 C150 92 250 92 280 110 L250 80 C230 70 170 70 150 80 Z", "#e6f3f9", 'opacity=".7"')}${path("M180 76 L200 40 L220 76 Z", "#e6f3f9")}${rect(184, 66, 32, 12, "#f4a261", 4)}
      ${fishShape(150, 190, 0.75, "#adb5bd", "#ff006e")}${fishShape(250, 220, 0.75, "#adb5bd", "#3a86ff", true)}${fishShape(170, 260, 0.75, "#ced4da", "#ffbe0b")}
      ${fishShape(250, 290, 0.6, "#ced4da", "#8338ec", true)}${fishShape(130, 300, 0.55, "#adb5bd", "#c9ada7")}${fishShape(230, 170, 0.55, "#adb5bd", "#c9ada7", true)}
      ${path("M108 140 C96 190 96 250 110 300", "none", 'stroke="#fff" stroke-width="8" opacity=".6" stroke-linecap="round"')}`,
    focus: [200, 230],
    shadow: 250,
  };
}

function koi(): Drawing {
  const k = (x: number, y: number, a: number, patches: string) =>
    `<g transform="translate(${x} ${y}) rotate(${a})">${path("M-90 0 C-110 -26 -128 -20 -136 -30 C-132 0 -132 0 -136 30 C-128 20 -110 26 -90 0 Z", "#ff8c42", 'opacity=".85"')}
    ${ellipse(0, 0, 92, 34, "#fdf6ec")}${clipped(`koi${x}`, "M-92 0 A92 34 0 0 0 92 0 A92 34 0 0 0 -92 0 Z", patches)}
    ${path("M-10 -30 L10 -50 L30 -30 Z", "#ff8c42", 'opacity=".8"')}${path("M-10 30 L10 50 L30 30 Z", "#ff8c42", 'opacity=".8"')}${circle(66, -12, 5, "#111")}${circle(66, 12, 5, "#111")}</g>`;
  return {
    svg: `${ellipse(200, 230, 190, 120, "#1d4e6b")}${ellipse(200, 230, 176, 108, "#2a6f97")}
      ${ellipse(90, 300, 40, 22, "#52b788")}${path("M90 300 L130 290 L120 306 Z", "#2a6f97")}
      ${k(200, 200, -12, `${ellipse(20, -6, 40, 26, "#f3722c")}${ellipse(-50, 8, 26, 20, "#f3722c")}`)}
      ${k(230, 280, 168, `${ellipse(0, 0, 50, 30, "#d00000")}${ellipse(-60, -10, 16, 12, "#111")}`)}
      ${ellipse(300, 160, 26, 14, "#ffffff", 'opacity=".25"')}`,
    focus: [200, 200],
    shadow: 0,
  };
}

function aquarium(): Drawing {
  return {
    svg: `${rect(50, 230, 300, 116, "#4a3426", 6)}${rect(64, 246, 130, 86, "#5e4331", 4)}${rect(206, 246, 130, 86, "#5e4331", 4)}${circle(180, 290, 4, "#c9a36b")}${circle(220, 290, 4, "#c9a36b")}
      ${rect(50, 70, 300, 160, "#3d8eb9", 4)}${rect(58, 78, 284, 144, "#73c2e3")}
      ${path("M58 200 C120 190 200 206 342 194 V222 H58 Z", "#e9c46a")}
      ${times(5, (i) => path(`M${84 + i * 58} 210 C${70 + i * 58} 170 ${96 + i * 58} 140 ${84 + i * 58} 110`, "none", 'stroke="#2d6a4f" stroke-width="8" stroke-linecap="round"'))}
      ${fishShape(170, 130, 0.5, "#ff6b35", "#ff9f1c")}${fishShape(260, 160, 0.45, "#3a86ff", "#8338ec", true)}${fishShape(210, 180, 0.35, "#ffbe0b", "#fb5607")}
      ${rect(44, 60, 312, 14, "#1b1c20", 4)}${rect(316, 90, 18, 100, "#2b2d33", 5)}
      ${times(6, (i) => circle(300 - (i % 2) * 6, 90 + i * 18, 4, "#fff", 'opacity=".6"'))}${gloss(64, 84, 12, 110, 6)}`,
    focus: [200, 150],
    shadow: 320,
  };
}

function dogBowls(): Drawing {
  const bowl = (cx: number, cy: number) =>
    `${ellipse(cx, cy + 34, 88, 22, "#2b2d33")}${path(`M${cx - 80} ${cy} L${cx - 64} ${cy + 36} H${cx + 64} L${cx + 80} ${cy} Z`, "#c5cad1")}
    ${path(`M${cx - 70} ${cy + 6} L${cx - 60} ${cy + 30}`, "none", 'stroke="#fff" stroke-width="8" opacity=".6" stroke-linecap="round"')}
    ${ellipse(cx, cy, 80, 20, "#e9ecef")}${ellipse(cx, cy + 2, 62, 14, "#aeb4bc")}`;
  return {
    svg: `${bowl(110, 280)}${bowl(290, 290)}${times(8, (i) => circle(96 + (i % 4) * 10, 280 + Math.floor(i / 4) * 5, 5, "#a0672e"))}`,
    focus: [200, 290],
    shadow: 360,
  };
}

function catTree(): Drawing {
  const plush = "#d9d2c5";
  const sisal = (x: number, y: number, h: number) =>
    `${rect(x, y, 24, h, "#c9a26b")}${times(Math.floor(h / 6), (i) => line(`M${x} ${y + i * 6 + 3} H${x + 24}`, "#a88452", 2))}`;
  return {
    svg: `${rect(80, 326, 240, 20, plush, 6)}${sisal(120, 240, 86)}${sisal(250, 150, 176)}${sisal(150, 70, 90)}
      ${rect(90, 226, 120, 18, plush, 6)}${rect(200, 136, 130, 18, plush, 6)}${rect(110, 56, 110, 18, plush, 6)}
      ${path("M210 260 H310 V326 H210 Z", plush)}${ellipse(260, 294, 26, 22, "#6b6256")}
      ${line("M300 154 V196", "#777", 2)}${circle(300, 204, 10, "#e63946")}
      ${path("M132 38 C132 20 152 20 156 34 L162 26 L166 40 C176 44 180 56 174 56 H130 Z", "#7d7d7d")}`,
    focus: [200, 150],
    shadow: 260,
  };
}

function dogFood(): Drawing {
  return {
    svg: `${path("M110 70 H290 L300 330 C300 340 290 346 280 346 H120 C110 346 100 340 100 330 Z", "#c1121f")}
      ${path("M110 70 H290 L292 100 H108 Z", "#8d0d17")}${times(12, (i) => line(`M${114 + i * 15} 70 V100`, "#a10f1b", 2))}
      ${rect(120, 120, 160, 120, "#fff5e6", 10)}
      ${path("M150 220 C150 180 160 150 190 146 L212 134 L226 146 C244 150 252 170 250 200 C248 220 230 230 200 230 C170 230 150 230 150 220 Z", "#c68b59")}
      ${ellipse(218, 150, 14, 22, "#8c5a33", 'transform="rotate(30 218 150)"')}${circle(196, 170, 4, "#111")}${ellipse(176, 186, 8, 6, "#111")}
      ${ellipse(200, 280, 60, 22, "#f4a261")}${times(12, (i) => circle(156 + (i % 6) * 17, 276 + Math.floor(i / 6) * 10, 7, "#9c6644"))}
      ${gloss(116, 110, 8, 200, 4)}`,
    focus: [200, 190],
    shadow: 230,
  };
}

export const ANIMALS: Record<string, Drawing> = {
  "Labrador Retriever Puppies, Vaccinated": dogs(
    [
      { cx: 130, s: 0.82, c: { fur: "#e8c27a", muzzle: "#f3d9a4", ears: "#d9a95b" } },
      { cx: 270, s: 0.9, c: { fur: "#2b2522", muzzle: "#3b332e", ears: "#1f1a17" } },
    ],
    [200, 180],
  ),
  "Rottweiler Puppy, Male": dogs(
    [
      {
        cx: 200,
        s: 1.05,
        c: { fur: "#1f1b19", muzzle: "#a0522d", ears: "#141110", points: "#a0522d" },
      },
    ],
    [200, 170],
  ),
  "Potcake Rescue Pup, Adoption Fee": dogs(
    [
      {
        cx: 200,
        s: 1.05,
        c: {
          fur: "#b9824b",
          muzzle: "#e9d3b4",
          ears: "#9a6535",
          pointyEars: true,
          patch: "#f1e4cf",
        },
      },
    ],
    [200, 170],
  ),
  "Persian Kittens, Silver and White": {
    svg: `${cat(130, 0.78, { fur: "#dfe3e8", belly: "#ffffff", fluffy: true, eyes: "#4fa3d9" }, 1)}${cat(272, 0.86, { fur: "#a7afb8", belly: "#eef0f2", fluffy: true, stripes: "#7d8791", eyes: "#e0a526" }, 2)}`,
    focus: [200, 200],
    shadow: 330,
  },
  "Bengal Kitten, Spotted": {
    svg: cat(200, 1.05, { fur: "#d9933f", belly: "#f5dcb3", spots: "#4a2c17", eyes: "#7bbf4f" }, 3),
    focus: [200, 170],
    shadow: 240,
  },
  "Rescue Kittens, Pair of Sisters": {
    svg: `${cat(136, 0.8, { fur: "#8d8d8d", belly: "#e9e9e9", stripes: "#4f4f4f", eyes: "#9acd32" }, 4)}${cat(266, 0.8, { fur: "#f4f1ea", belly: "#ffffff", patches: ["#e07b39", "#2b2b2b", "#e07b39"], eyes: "#e0a526" }, 5)}`,
    focus: [200, 200],
    shadow: 330,
  },
  "Hand-Raised African Grey Parrot": parrot(),
  "Pair of Lovebirds with Cage": lovebirds(),
  "Racing Pigeons, Set of 6": pigeons(),
  "Fancy Guppies, Breeding Group": guppies(),
  "Koi Fish, 8-10 Inch": koi(),
  "40 Gallon Aquarium with Filter and Stand": aquarium(),
  "Stainless Steel Dog Bowls, Set of 2": dogBowls(),
  "Cat Tree Tower, 150 cm": catTree(),
  "Premium Dry Dog Food, 15 kg": dogFood(),
};
