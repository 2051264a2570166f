/** Paintings, sculpture, prints and photographs. */
import {
  circle,
  clipped,
  type Drawing,
  ellipse,
  flower,
  group,
  line,
  path,
  rect,
  rng,
  star,
  times,
  tone,
} from "./kit";

interface Frame {
  /** Moulding colour; "canvas" shows a gallery-wrapped canvas edge instead. */
  wood: string | "canvas" | "metal";
  /** A white mat between frame and picture. */
  mat?: boolean;
}

/** A picture on the wall: a soft drop shadow, the frame, and `scene` cut to the picture area. */
function framed(
  id: string,
  x: number,
  y: number,
  w: number,
  h: number,
  f: Frame,
  scene: string,
): Drawing {
  const border = f.wood === "canvas" ? 0 : f.wood === "metal" ? 3 : 18;
  const mat = f.mat ? 26 : 0;
  const ix = x + border + mat;
  const iy = y + border + mat;
  const iw = w - 2 * (border + mat);
  const ih = h - 2 * (border + mat);
  let frame = "";
  if (f.wood === "canvas") {
    frame = `${rect(x + w, y + 6, 10, h, "#000", 0, 'opacity=".18"')}`;
  } else if (f.wood === "metal") {
    frame = rect(x, y, w, h, "#cfd4da", 2);
  } else {
    frame = `${rect(x, y, w, h, f.wood, 2)}${rect(x + 5, y + 5, w - 10, h - 10, tone(f.wood, 0.18), 2)}${rect(x + 10, y + 10, w - 20, h - 20, tone(f.wood, -0.2), 1)}`;
  }
  return {
    svg: `${rect(x + 10, y + 14, w, h, "#1d2433", 3, 'opacity=".16"')}${frame}${f.mat ? rect(x + border, y + border, w - 2 * border, h - 2 * border, "#fbfaf6") : ""}
      ${clipped(`pic-${id}`, `M${ix} ${iy} H${ix + iw} V${iy + ih} H${ix} Z`, group(`translate(${ix} ${iy}) scale(${iw / 300} ${ih / 220})`, scene))}`,
    focus: [x + w / 2, y + h / 2],
    shadow: 0,
  };
}

/** Scenes are painted in a 300 x 220 box and stretched to the picture area. */
const boatsAtDawn = () =>
  `<linearGradient id="dawn" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f9c784"/><stop offset=".55" stop-color="#f26b5b"/><stop offset="1" stop-color="#8e3b5a"/></linearGradient>
  ${rect(0, 0, 300, 130, "url(#dawn)")}${circle(210, 118, 26, "#ffe8a3")}${rect(0, 126, 300, 94, "#2e4a7d")}
  ${times(6, (i) => line(`M${150 + i * 14} ${136 + i * 12} h${40 - i * 5}`, "#ffe8a3", 3, 'opacity=".7"'))}
  ${times(3, (i) => `${path(`M${30 + i * 82} ${150 + i * 18} h70 l-12 16 h-48 Z`, "#1b1b2f")}${line(`M${58 + i * 82} ${150 + i * 18} V${104 + i * 18}`, "#1b1b2f", 3)}${path(`M${60 + i * 82} ${108 + i * 18} L${88 + i * 82} ${146 + i * 18} H${60 + i * 82} Z`, "#3a2e4f")}`)}
  ${times(40, (i) => line(`M${(i * 37) % 300} ${(i * 53) % 220} l8 2`, "#fff", 2, 'opacity=".12"'))}`;

function haitianMarket() {
  const r = rng(21);
  const person = (x: number, y: number, dress: string) =>
    `${path(`M${x - 12} ${y + 40} L${x} ${y} L${x + 12} ${y + 40} Z`, dress)}${circle(x, y - 6, 7, "#5a3825")}${ellipse(x, y - 16, 16, 6, "#c9a36b")}${times(3, (i) => circle(x - 8 + i * 8, y - 22, 5, ["#e63946", "#ffd166", "#06d6a0"][i] as string))}`;
  return `${rect(0, 0, 300, 220, "#7ec8e3")}${path("M0 90 C60 40 120 80 170 50 C220 20 260 60 300 40 V220 H0 Z", "#2a9d8f")}
    ${path("M0 120 C80 90 180 130 300 100 V220 H0 Z", "#57cc99")}${circle(250, 36, 18, "#ffd166")}
    ${times(5, (i) => `${rect(20 + i * 60, 60 + (i % 2) * 20, 6, 50, "#6b4226")}${circle(23 + i * 60, 56 + (i % 2) * 20, 18, "#1b7a45")}`)}
    ${times(9, (i) => person(24 + i * 32, 150 + r() * 30, ["#e63946", "#f4a261", "#8338ec", "#ffbe0b", "#3a86ff"][i % 5] as string))}
    ${rect(0, 200, 300, 20, "#bc6c25")}`;
}

const pigeonPoint = () =>
  `${rect(0, 0, 300, 220, "#fdfcf7")}${path("M0 0 H300 V90 H0 Z", "#bfe3f2", 'opacity=".8"')}${path("M0 90 C100 84 200 96 300 88 V150 H0 Z", "#5cc8c6", 'opacity=".75"')}
  ${path("M0 140 C80 130 200 150 300 136 V220 H0 Z", "#f1dfb6", 'opacity=".9"')}
  ${line("M120 112 H250", "#8b6b4a", 4)}${times(8, (i) => line(`M${124 + i * 16} 112 V124`, "#8b6b4a", 2))}
  ${path("M220 112 L236 86 L252 112 Z", "#c2a06b")}${rect(226, 100, 20, 12, "#8b6b4a")}
  ${path("M60 150 C62 110 58 80 70 50", "none", 'stroke="#7a5b3a" stroke-width="5"')}${times(5, (i) => ellipse(70, 50, 34, 8, "#2e8b57", `transform="rotate(${i * 40 - 80} 70 50)" opacity=".85"`))}
  ${times(30, (i) => circle((i * 47) % 300, (i * 31) % 220, 10, "#5cc8c6", 'opacity=".05"'))}`;

const carnivalAbstract = () =>
  `${rect(0, 0, 300, 220, "#ffbe0b")}${path("M0 0 L180 0 L60 220 H0 Z", "#ff006e")}${path("M300 0 L150 220 H300 Z", "#3a86ff")}
  ${circle(170, 100, 60, "#8338ec", 'opacity=".85"')}${circle(90, 160, 36, "#06d6a0")}${path("M200 20 C260 60 220 140 290 180", "none", 'stroke="#fb5607" stroke-width="18"')}
  ${times(12, (i) => circle(20 + i * 24, 20 + ((i * 37) % 180), 6, "#fff", 'opacity=".8"'))}${path("M0 120 C60 80 120 200 180 140", "none", 'stroke="#111" stroke-width="6"')}`;

const travelPoster = () =>
  `${rect(0, 0, 300, 220, "#fef3e2")}${rect(16, 16, 268, 150, "#f28f3b")}${circle(150, 120, 54, "#ffd166")}
  ${times(5, (i) => rect(16, 118 + i * 10, 268, 5, "#f28f3b"))}${rect(16, 140, 268, 26, "#1d7874")}
  ${path("M196 140 L214 100 L226 140 Z", "#fef3e2")}${line("M214 100 V146", "#333", 2)}
  ${path("M60 166 C64 120 58 90 74 60", "none", 'stroke="#2b2d42" stroke-width="7"')}${times(6, (i) => ellipse(74, 60, 40, 9, "#2b2d42", `transform="rotate(${i * 32 - 80} 74 60)"`))}
  ${rect(16, 176, 268, 16, "#1d7874")}${rect(60, 200, 180, 8, "#c44536")}`;

const hummingbirdPrint = () =>
  `${rect(0, 0, 300, 220, "#fdfcf7")}${flower(200, 140, 46, 5, "#e63946", "#ffd166")}${line("M200 186 C200 200 210 214 220 220", "#2d6a4f", 5)}${ellipse(240, 190, 26, 10, "#52b788", 'transform="rotate(-30 240 190)"')}
  ${path("M70 100 C90 70 130 70 150 86 L196 110 L150 100 C140 120 110 130 90 124 L50 150 Z", "#1b998b")}${path("M100 90 C110 40 150 24 170 30 C150 56 130 80 110 100 Z", "#2ec4b6")}
  ${path("M150 86 C160 96 160 106 150 112", "none", 'stroke="#e71d36" stroke-width="8"')}${circle(138, 84, 3, "#111")}
  ${path("M210 200 c10 -6 20 6 30 0 s20 -6 26 0", "none", 'stroke="#555" stroke-width="2"')}`;

function antiqueMap() {
  const island = (x: number, y: number, w: number, h: number, a: number) =>
    ellipse(
      x,
      y,
      w,
      h,
      "#c9a36b",
      `transform="rotate(${a} ${x} ${y})" stroke="#7a5b3a" stroke-width="2"`,
    );
  return `${rect(0, 0, 300, 220, "#efe0bd")}${rect(0, 0, 300, 220, "#b08850", 0, 'opacity=".12"')}
    ${times(8, (i) => line(`M150 110 L${150 + 200 * Math.cos(i * 0.785)} ${110 + 200 * Math.sin(i * 0.785)}`, "#8b6b4a", 1, 'opacity=".5"'))}
    ${island(70, 50, 60, 16, 8)}${island(150, 60, 40, 12, -4)}${island(200, 70, 18, 10, 0)}${island(240, 100, 8, 14, 0)}
    ${times(7, (i) => circle(250 + (i % 2) * 8, 120 + i * 12, 4, "#c9a36b", 'stroke="#7a5b3a" stroke-width="1.5"'))}${island(230, 200, 26, 10, -10)}
    ${path("M0 170 C60 180 120 160 180 200 V220 H0 Z", "#c9a36b", 'stroke="#7a5b3a" stroke-width="2"')}
    ${star(60, 150, 24, 6, 8, "#7a5b3a")}${circle(60, 150, 5, "#efe0bd")}
    ${rect(6, 6, 288, 208, "none", 0, 'stroke="#7a5b3a" stroke-width="3"')}
    ${path("M120 140 c10 -8 16 6 26 0 c6 -4 10 -10 16 -4 c-6 14 -20 18 -32 14 Z", "#7a5b3a", 'opacity=".55"')}`;
}

const biobay = () =>
  `${rect(0, 0, 300, 220, "#07152f")}${times(40, (i) => circle((i * 71) % 300, (i * 29) % 90, 1.4, "#fff", 'opacity=".8"'))}
  ${path("M0 100 C60 92 140 104 300 96 V220 H0 Z", "#0b2447")}
  ${times(7, (i) => path(`M${-20 + i * 10} ${130 + i * 12} C${60 + i * 10} ${110 + i * 14} ${180 - i * 6} ${150 + i * 8} ${320} ${120 + i * 14}`, "none", `stroke="#3ef4ff" stroke-width="${5 - i * 0.5}" opacity="${0.8 - i * 0.08}"`))}
  ${path("M110 150 L200 146 L190 156 L118 158 Z", "#02060f")}${line("M140 130 L178 170", "#02060f", 3)}${circle(156, 140, 7, "#02060f")}`;

const kingstonStreet = () =>
  `${rect(0, 0, 300, 220, "#d9d9d9")}${rect(0, 0, 300, 60, "#f2f2f2")}
  ${rect(0, 30, 90, 140, "#6b6b6b")}${rect(210, 20, 90, 150, "#4d4d4d")}${rect(96, 60, 110, 110, "#8a8a8a")}
  ${times(6, (i) => rect(12 + (i % 3) * 26, 46 + Math.floor(i / 3) * 40, 16, 24, "#2b2b2b"))}${times(6, (i) => rect(222 + (i % 3) * 26, 36 + Math.floor(i / 3) * 40, 16, 24, "#1f1f1f"))}
  ${path("M0 170 H300 V220 H0 Z", "#a3a3a3")}${path("M130 220 L150 170 H160 L190 220 Z", "#bdbdbd")}
  ${times(4, (i) => `${circle(60 + i * 60, 150, 6, "#111")}${path(`M${52 + i * 60} 186 L${60 + i * 60} 156 L${68 + i * 60} 186 Z`, "#222")}`)}
  ${rect(96, 54, 110, 8, "#333")}${line("M0 40 C100 60 200 30 300 50", "#111", 1.5)}`;

const shoalBay = () =>
  `<linearGradient id="sea" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#0a6fa0"/><stop offset=".6" stop-color="#24c6dc"/><stop offset="1" stop-color="#a6f0e8"/></linearGradient>
  ${rect(0, 0, 300, 220, "url(#sea)")}${path("M230 0 C210 60 240 140 210 220 H300 V0 Z", "#f6e7c1")}
  ${path("M226 0 C206 60 236 140 206 220", "none", 'stroke="#fff" stroke-width="6" opacity=".8"')}
  ${times(6, (i) => `${circle(250 + (i % 2) * 16, 30 + i * 32, 7, ["#e63946", "#ffd166", "#3a86ff"][i % 3] as string)}`)}
  ${path("M40 60 C60 50 80 70 100 60 C90 90 60 90 40 60 Z", "#0d5c82", 'opacity=".6"')}${ellipse(150, 150, 40, 14, "#0d5c82", 'opacity=".4"')}
  ${path("M120 100 l14 -4 l-2 10 Z", "#fff")}`;

function lignumFigure(): Drawing {
  const wood = "#3b2a1e";
  return {
    svg: `${rect(140, 320, 120, 26, "#1f1712", 4)}
      ${path("M186 320 C180 260 170 220 178 170 C184 140 172 120 182 96 C188 80 212 80 218 96 C228 120 216 140 222 170 C230 220 220 260 214 320 Z", wood)}
      ${path("M182 170 C150 200 150 240 168 260 C162 230 170 204 186 188 Z", tone(wood, 0.1))}${path("M218 170 C250 200 250 240 232 260 C238 230 230 204 214 188 Z", tone(wood, -0.1))}
      ${ellipse(200, 74, 22, 28, wood)}${path("M196 60 C200 54 206 54 208 62 C206 80 200 90 196 86 Z", tone(wood, 0.25))}
      ${path("M190 110 C192 180 188 260 194 316", "none", `stroke="${tone(wood, 0.3)}" stroke-width="4" opacity=".6"`)}`,
    focus: [200, 120],
    shadow: 140,
  };
}

function bronzeTurtle(): Drawing {
  // A hawksbill seen from above and a little in front, swimming off its plinth: bronze with the
  // green patina the listing describes.
  const bronze = "#8c5a2b";
  const patina = "#4f9a7e";
  const shell =
    "M200 96 C262 96 302 150 300 206 C298 262 254 300 200 300 C146 300 102 262 100 206 C98 150 138 96 200 96 Z";
  const flipper = (d: string) => path(d, tone(bronze, -0.12));
  return {
    svg: `${rect(110, 300, 180, 40, "#3e2c1e", 6)}${rect(110, 300, 180, 8, "#5a4030", 3)}${line("M200 300 V280", "#2b1f15", 10)}
      ${flipper("M128 150 C90 120 40 110 14 122 C40 150 80 176 120 190 Z")}${flipper("M272 150 C310 120 360 110 386 122 C360 150 320 176 280 190 Z")}
      ${flipper("M134 262 C110 280 96 300 100 318 C122 310 146 292 156 276 Z")}${flipper("M266 262 C290 280 304 300 300 318 C278 310 254 292 244 276 Z")}
      ${path("M60 128 C80 140 100 156 118 170", "none", `stroke="${patina}" stroke-width="6" opacity=".6" stroke-linecap="round"`)}${path("M340 128 C320 140 300 156 282 170", "none", `stroke="${patina}" stroke-width="6" opacity=".6" stroke-linecap="round"`)}
      ${path("M176 104 C176 70 186 50 200 48 C214 50 224 70 224 104 Z", tone(bronze, 0.05))}${circle(186, 74, 5, "#1b120b")}${circle(214, 74, 5, "#1b120b")}${path("M194 54 L200 44 L206 54 Z", tone(bronze, -0.3))}
      ${path(shell, bronze)}
      ${clipped(
        "shell",
        shell,
        path(
          "M200 130 L236 154 L236 200 L200 224 L164 200 L164 154 Z",
          tone(bronze, 0.12),
          `stroke="${tone(bronze, -0.35)}" stroke-width="5"`,
        ),
        path(
          "M200 224 L236 248 L232 290 H168 L164 248 Z",
          tone(bronze, 0.05),
          `stroke="${tone(bronze, -0.35)}" stroke-width="5"`,
        ),
        line(
          "M164 154 L112 140 M236 154 L288 140 M164 200 L100 206 M236 200 L300 206 M164 248 L116 270 M236 248 L284 270 M200 130 V96",
          tone(bronze, -0.35),
          5,
        ),
        ellipse(160, 130, 50, 18, "#e0b070", 'opacity=".45"'),
        ellipse(250, 240, 44, 26, patina, 'opacity=".55"'),
        ellipse(140, 250, 26, 16, patina, 'opacity=".45"'),
        ellipse(228, 120, 20, 10, patina, 'opacity=".4"'),
      )}
      ${path(shell, "none", `stroke="${tone(bronze, -0.3)}" stroke-width="6"`)}`,
    focus: [200, 170],
    shadow: 260,
  };
}

function treeOfLife(): Drawing {
  const branch = (x1: number, y1: number, x2: number, y2: number, w: number) =>
    line(`M${x1} ${y1} Q${(x1 + x2) / 2} ${(y1 + y2) / 2 - 20} ${x2} ${y2}`, "#efe6d8", w);
  return {
    svg: `${circle(206, 196, 150, "#1d2433", 'opacity=".15"')}${circle(200, 190, 150, "#2b2b2b")}${circle(200, 190, 142, "#3a3a3a")}
      ${path("M186 330 C190 280 186 240 194 200 H206 C214 240 210 280 214 330 Z", "#efe6d8")}
      ${branch(198, 220, 110, 140, 12)}${branch(202, 220, 290, 140, 12)}${branch(200, 200, 160, 90, 10)}${branch(200, 200, 240, 90, 10)}${branch(200, 200, 200, 60, 9)}
      ${branch(150, 170, 90, 190, 7)}${branch(250, 170, 310, 190, 7)}
      ${times(16, (i) => ellipse(200 + 110 * Math.cos(i * 0.39 - 3.4), 150 + 80 * Math.sin(i * 0.39 - 3.4), 14, 7, "#efe6d8", `transform="rotate(${i * 22} ${200 + 110 * Math.cos(i * 0.39 - 3.4)} ${150 + 80 * Math.sin(i * 0.39 - 3.4)})"`))}
      ${times(6, (i) => path(`M${130 + i * 28} 330 C${120 + i * 28} 300 ${150 + i * 28} 300 ${140 + i * 28} 280`, "none", 'stroke="#efe6d8" stroke-width="5"'))}
      ${circle(130, 250, 8, "#efe6d8")}${circle(270, 250, 8, "#efe6d8")}`,
    focus: [200, 160],
    shadow: 0,
  };
}

export const ART: Record<string, Drawing> = {
  "Original Oil Painting, Fishing Boats at Dawn": framed(
    "boats",
    40,
    70,
    320,
    230,
    { wood: "#8b5a2b" },
    boatsAtDawn(),
  ),
  "Haitian Market Scene, Acrylic on Canvas": framed(
    "market",
    50,
    60,
    290,
    250,
    { wood: "canvas" },
    haitianMarket(),
  ),
  "Watercolour of Pigeon Point, Tobago": framed(
    "pigeon",
    70,
    60,
    260,
    230,
    { wood: "#f4f4f2", mat: true },
    pigeonPoint(),
  ),
  "Abstract Carnival Colours, Large Canvas": framed(
    "carnival",
    30,
    40,
    330,
    290,
    { wood: "canvas" },
    carnivalAbstract(),
  ),
  "Lignum Vitae Carved Figure": lignumFigure(),
  "Bronze Sea Turtle Sculpture": bronzeTurtle(),
  "Haitian Steel Drum Metal Art, Tree of Life": treeOfLife(),
  "Vintage Caribbean Travel Poster Print": framed(
    "poster",
    100,
    30,
    200,
    290,
    { wood: "metal" },
    travelPoster(),
  ),
  "Limited Edition Giclée, Hummingbird": framed(
    "giclee",
    80,
    50,
    240,
    270,
    { wood: "#2b2b2b", mat: true },
    hummingbirdPrint(),
  ),
  "Antique Map of the West Indies, Reproduction": framed(
    "map",
    30,
    80,
    340,
    220,
    { wood: "canvas" },
    antiqueMap(),
  ),
  "Bioluminescent Bay Photo Print, Vieques": framed(
    "biobay",
    40,
    70,
    320,
    220,
    { wood: "metal" },
    biobay(),
  ),
  "Black and White Kingston Street Photo": framed(
    "kingston",
    80,
    50,
    240,
    280,
    { wood: "#111111", mat: true },
    kingstonStreet(),
  ),
  "Aerial Photo of Shoal Bay, Anguilla": framed(
    "shoal",
    30,
    70,
    340,
    230,
    { wood: "canvas" },
    shoalBay(),
  ),
};
