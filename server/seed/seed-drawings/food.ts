/** Spices, sauces, coffee and tea, sweets and preserves. */
import {
  circle,
  type Drawing,
  ellipse,
  flower,
  gloss,
  line,
  path,
  rect,
  rng,
  star,
  times,
  tone,
} from "./kit";

/** A jar: glass, its contents, a lid and a label band with a simple emblem (no lettering). */
function jar(
  x: number,
  w: number,
  h: number,
  o: { fill: string; lid: string; label: string; emblem: string },
) {
  const top = 346 - h;
  return `${rect(x, top + 14, w, h - 14, o.fill, 14)}${rect(x, top + 14, w, h - 14, "#fff", 14, 'opacity=".12"')}
    ${rect(x - 4, top, w + 8, 20, o.lid, 5)}${times(Math.floor(w / 8), (i) => line(`M${x + 2 + i * 8} ${top + 2} V${top + 18}`, tone(o.lid, -0.2), 1.5))}
    ${rect(x, top + h * 0.4, w, h * 0.36, o.label)}${o.emblem}
    ${gloss(x + 6, top + 26, 7, h - 50, 3)}`;
}

/** A sauce bottle; `shape` sets the neck and shoulders so each sauce has its own silhouette. */
function bottle(
  cx: number,
  w: number,
  h: number,
  o: {
    liquid: string;
    cap: string;
    label: string;
    shape: "woozy" | "round" | "tall" | "jug";
    emblem: string;
  },
) {
  const top = 346 - h;
  const neck = w * 0.3;
  let d: string;
  if (o.shape === "woozy") {
    d = `M${cx - neck / 2} ${top + 18} V${top + h * 0.22} C${cx - w / 2} ${top + h * 0.32} ${cx - w / 2} ${top + h * 0.34} ${cx - w / 2} ${top + h * 0.45} V${346 - 8} C${cx - w / 2} 346 ${cx + w / 2} 346 ${cx + w / 2} ${346 - 8} V${top + h * 0.45} C${cx + w / 2} ${top + h * 0.34} ${cx + w / 2} ${top + h * 0.32} ${cx + neck / 2} ${top + h * 0.22} V${top + 18} Z`;
  } else if (o.shape === "round") {
    d = `M${cx - neck / 2} ${top + 18} V${top + h * 0.3} C${cx - w / 2} ${top + h * 0.4} ${cx - w / 2} ${top + h * 0.5} ${cx - w / 2} ${top + h * 0.62} C${cx - w / 2} ${346 - 4} ${cx + w / 2} ${346 - 4} ${cx + w / 2} ${top + h * 0.62} C${cx + w / 2} ${top + h * 0.5} ${cx + w / 2} ${top + h * 0.4} ${cx + neck / 2} ${top + h * 0.3} V${top + 18} Z`;
  } else if (o.shape === "jug") {
    d = `M${cx - neck / 2} ${top + 18} V${top + 40} L${cx - w / 2} ${top + 80} V${346 - 10} C${cx - w / 2} 346 ${cx + w / 2} 346 ${cx + w / 2} ${346 - 10} V${top + 80} L${cx + neck / 2} ${top + 40} V${top + 18} Z`;
  } else {
    d = `M${cx - neck / 2} ${top + 18} V${top + h * 0.3} L${cx - w / 2} ${top + h * 0.42} V${346 - 6} H${cx + w / 2} V${top + h * 0.42} L${cx + neck / 2} ${top + h * 0.3} V${top + 18} Z`;
  }
  return `${path(d, o.liquid)}${path(d, "#fff", 'opacity=".1"')}${rect(cx - neck / 2 - 3, top, neck + 6, 22, o.cap, 4)}
    ${rect(cx - w / 2, top + h * 0.55, w, h * 0.28, o.label)}${o.emblem}
    ${o.shape === "jug" ? path(`M${cx + w / 2} ${top + 90} C${cx + w / 2 + 30} ${top + 90} ${cx + w / 2 + 30} ${top + 150} ${cx + w / 2} ${top + 150}`, "none", `stroke="${o.liquid}" stroke-width="14"`) : ""}
    ${gloss(cx - w / 2 + 6, top + h * 0.46, 6, h * 0.45, 3)}`;
}

const pepper = (x: number, y: number, s: number, c = "#e63946") =>
  `${path(`M${x - 14 * s} ${y} C${x - 18 * s} ${y + 18 * s} ${x + 18 * s} ${y + 18 * s} ${x + 14 * s} ${y} C${x + 10 * s} ${y - 10 * s} ${x - 10 * s} ${y - 10 * s} ${x - 14 * s} ${y} Z`, c)}${line(`M${x} ${y - 8 * s} l${3 * s} ${-8 * s}`, "#2d6a4f", 3 * s)}`;

function pouch(
  cx: number,
  w: number,
  h: number,
  o: { color: string; window?: string; seal: string; emblem: string },
) {
  const top = 346 - h;
  const d = `M${cx - w / 2} ${top} H${cx + w / 2} L${cx + w / 2 + 8} ${346 - 14} C${cx + w / 2 + 8} 346 ${cx - w / 2 - 8} 346 ${cx - w / 2 - 8} ${346 - 14} Z`;
  return `${path(d, o.color)}${rect(cx - w / 2, top, w, 22, o.seal)}${times(Math.floor(w / 10), (i) => line(`M${cx - w / 2 + 4 + i * 10} ${top} V${top + 22}`, tone(o.seal, -0.2), 2))}
    ${o.window ? rect(cx - w / 4, top + h * 0.55, w / 2, h * 0.25, o.window, 8) : ""}${o.emblem}${gloss(cx - w / 2 + 8, top + 30, 6, h - 60, 3)}`;
}

const beans = (cx: number, cy: number, n: number, color: string, seed: number) => {
  const r = rng(seed);
  return times(n, () => {
    const x = cx - 50 + r() * 100;
    const y = cy - 12 + r() * 24;
    const a = Math.floor(r() * 180);
    return `${ellipse(x, y, 10, 7, color, `transform="rotate(${a} ${x.toFixed(0)} ${y.toFixed(0)})"`)}`;
  });
};

/** Soursop, lemongrass and moringa leaves on the three tea pouches. */
const TEA_LEAVES = ["#52b788", "#a3b18a", "#2d6a4f"];

export const FOOD: Record<string, Drawing> = {
  "Jerk Seasoning Paste, 3 Jars": {
    svg: times(3, (i) =>
      jar(46 + i * 110, 88, 150 + (i === 1 ? 20 : 0), {
        fill: "#4a2511",
        lid: "#1d1d1d",
        label: "#ffd100",
        emblem: `${pepper(90 + i * 110, 346 - (150 + (i === 1 ? 20 : 0)) * 0.22, 1.3, "#009b3a")}`,
      }),
    ),
    focus: [200, 260],
    shadow: 360,
  },
  "Grenada Nutmeg and Mace Gift Box": {
    svg: `${path("M50 200 L90 160 H350 L310 200 Z", "#d62828")}${rect(50, 200, 260, 140, "#b5161f", 6)}${path("M310 200 L350 160 V300 L310 340 Z", "#8c1119")}
      ${rect(66, 214, 228, 112, "#f4e6c8", 4)}${times(6, (i) => `${ellipse(100 + (i % 3) * 80, 246 + Math.floor(i / 3) * 50, 24, 18, "#7a4a25")}${path(`M${84 + (i % 3) * 80} ${244 + Math.floor(i / 3) * 50} C${96 + (i % 3) * 80} ${230 + Math.floor(i / 3) * 50} ${110 + (i % 3) * 80} ${262 + Math.floor(i / 3) * 50} ${118 + (i % 3) * 80} ${248 + Math.floor(i / 3) * 50}`, "none", 'stroke="#c1121f" stroke-width="4"')}`)}
      ${rect(170, 160, 20, 46, "#009b3a")}${star(180, 150, 18, 8, 5, "#ffd100")}`,
    focus: [180, 250],
    shadow: 340,
  },
  "Trinidad Green Seasoning, 500ml": {
    svg: `${bottle(200, 120, 280, { liquid: "#3a7d2c", cap: "#f1f1f1", label: "#fdfcf7", shape: "tall", emblem: `${times(5, (i) => ellipse(176 + i * 12, 270, 6, 16, "#52b788", `transform="rotate(${i * 20 - 40} ${176 + i * 12} 270)"`))}${pepper(224, 262, 0.8, "#e63946")}` })}
      ${times(4, (i) => ellipse(100 + i * 60, 340, 30, 8, "#52b788", 'opacity=".8"'))}`,
    focus: [200, 230],
    shadow: 220,
  },
  "Whole Pimento Allspice Berries, 1 lb": {
    svg: `${pouch(200, 170, 250, { color: "#8a5a2b", window: "#5a3416", seal: "#6b4226", emblem: `${rect(150, 150, 100, 40, "#f1e4c8", 6)}${circle(176, 170, 8, "#4a2511")}${circle(196, 166, 8, "#4a2511")}${circle(216, 172, 8, "#4a2511")}` })}
      ${times(18, (i) => circle(160 + (i % 6) * 16, 258 + Math.floor(i / 6) * 14, 7, "#4a2511"))}
      ${times(10, (i) => circle(60 + i * 12 + (i % 2) * 6, 336 - (i % 3) * 6, 7, "#5a3416"))}`,
    focus: [200, 250],
    shadow: 260,
  },
  "Scotch Bonnet Pepper Sauce, 3 Pack": {
    svg: times(3, (i) =>
      bottle(110 + i * 90, 70, 210, {
        liquid: ["#f77f00", "#d62828", "#ffbe0b"][i] as string,
        cap: "#1d1d1d",
        label: "#fdfcf7",
        shape: "woozy",
        emblem: pepper(
          110 + i * 90,
          346 - 210 * 0.31,
          1.1,
          ["#f77f00", "#d62828", "#ffbe0b"][i] as string,
        ),
      }),
    ),
    focus: [200, 250],
    shadow: 330,
  },
  "Bajan Mustard Pepper Sauce, 1 Gallon": {
    svg: bottle(190, 190, 290, {
      liquid: "#f2b705",
      cap: "#d62828",
      label: "#fdfcf7",
      shape: "jug",
      emblem: `${pepper(190, 230, 2, "#d62828")}${flower(150, 220, 12, 5, "#f2b705", "#d62828")}`,
    }),
    focus: [190, 220],
    shadow: 260,
  },
  "Moruga Scorpion Hot Sauce": {
    svg: `${bottle(200, 90, 270, { liquid: "#6a040f", cap: "#1d1d1d", label: "#1d1d1d", shape: "woozy", emblem: `${path("M186 268 C186 250 214 250 214 268 L230 256 M186 268 L170 256 M200 252 C196 238 206 226 214 232", "none", 'stroke="#ffbe0b" stroke-width="4" stroke-linecap="round"')}${ellipse(200, 270, 12, 9, "#ffbe0b")}` })}
      ${pepper(300, 330, 1.6, "#d00000")}${pepper(100, 334, 1.3, "#9d0208")}`,
    focus: [200, 230],
    shadow: 260,
  },
  "Pepper Sauce Sampler, 6 Islands": {
    svg: `${rect(30, 290, 340, 56, "#a0672e", 6)}${rect(30, 290, 340, 10, "#b5793a", 3)}
      ${times(6, (i) =>
        bottle(62 + i * 55, 40, 150, {
          liquid: ["#f77f00", "#d62828", "#2d6a4f", "#ffbe0b", "#9d0208", "#e85d04"][i] as string,
          cap: ["#1d1d1d", "#f1f1f1", "#d62828"][i % 3] as string,
          label: ["#fdfcf7", "#ffd166", "#caf0f8"][i % 3] as string,
          shape: i % 2 ? "round" : "tall",
          emblem: circle(
            62 + i * 55,
            346 - 150 * 0.31,
            6,
            ["#d62828", "#2d6a4f", "#1d3557"][i % 3] as string,
          ),
        }),
      )}`,
    focus: [200, 250],
    shadow: 360,
  },
  "Jamaica Blue Mountain Coffee, 1 lb Whole Bean": {
    svg: `${pouch(200, 180, 270, { color: "#f1e4c8", seal: "#1d6fa5", emblem: `${path("M130 200 L170 150 L200 180 L230 140 L270 200 Z", "#1d6fa5")}${path("M160 166 L170 150 L180 162 Z M222 150 L230 140 L238 150 Z", "#fff")}${rect(140, 214, 120, 10, "#1d6fa5", 4)}${circle(200, 260, 22, "#4a2511")}${line("M200 240 C194 252 206 268 200 280", "#f1e4c8", 3)}` })}
      ${beans(200, 334, 16, "#4a2511", 2)}`,
    focus: [200, 220],
    shadow: 270,
  },
  "Haitian Mountain Coffee, Dark Roast, 2 lb": {
    svg: `${pouch(200, 210, 290, { color: "#1d1d1d", window: "#3b2314", seal: "#c1121f", emblem: `${rect(130, 120, 140, 60, "#c1121f", 8)}${path("M150 160 C170 130 230 130 250 160", "none", 'stroke="#fdfcf7" stroke-width="5"')}${circle(200, 146, 10, "#fdfcf7")}` })}
      ${beans(90, 334, 10, "#2b160a", 4)}${beans(310, 334, 10, "#2b160a", 6)}`,
    focus: [200, 200],
    shadow: 300,
  },
  "Bush Tea Sampler: Soursop, Lemongrass, Moringa": {
    svg: times(3, (i) =>
      pouch(90 + i * 110, 90, 180 + (i % 2) * 20, {
        color: ["#d8f3dc", "#fefae0", "#b7e4c7"][i] as string,
        seal: ["#2d6a4f", "#a3b18a", "#40916c"][i] as string,
        emblem: `${ellipse(90 + i * 110, 266, 20, 34, TEA_LEAVES[i] as string, `transform="rotate(${i * 25 - 25} ${90 + i * 110} 266)"`)}${line(`M${90 + i * 110} 236 V296`, tone(TEA_LEAVES[i] as string, -0.3), 2)}`,
      }),
    ),
    focus: [200, 260],
    shadow: 350,
  },
  "Cayman Rum Cake, 32 oz": {
    svg: `${ellipse(200, 330, 170, 20, "#f1f1f1")}
      ${path("M60 240 C60 200 340 200 340 240 V300 C340 330 60 330 60 300 Z", "#8b4513")}${ellipse(200, 240, 140, 34, "#a0522d")}${ellipse(200, 238, 40, 10, "#f1f1f1")}
      ${times(10, (i) => path(`M${76 + i * 28} 250 C${74 + i * 28} 270 ${80 + i * 28} 290 ${76 + i * 28} 310`, "none", 'stroke="#5e2c0c" stroke-width="4" opacity=".5"'))}
      ${path("M80 232 C100 260 120 220 140 252 C160 224 180 262 200 240 C220 262 240 224 260 252 C280 220 300 260 320 232", "none", 'stroke="#d4a24c" stroke-width="8" stroke-linecap="round"')}
      ${times(5, (i) => circle(140 + i * 30, 226 + (i % 2) * 8, 6, "#f4d58d"))}`,
    focus: [200, 260],
    shadow: 340,
  },
  "Christmas Black Cake, 3 lb": {
    svg: `${ellipse(200, 332, 170, 18, "#e9ecef")}
      ${rect(70, 200, 260, 120, "#2b1208", 12)}${ellipse(200, 202, 130, 26, "#3b1a0c")}
      ${path("M250 200 L330 214 V320 L250 306 Z", "#1e0c05")}${times(18, (i) => circle(256 + (i % 4) * 18, 220 + Math.floor(i / 4) * 18, 4, ["#9d0208", "#ffbe0b", "#2d6a4f"][i % 3] as string))}
      ${path("M100 196 C120 170 160 180 170 196", "none", 'stroke="#fdfcf7" stroke-width="10" stroke-linecap="round"')}${flower(140, 180, 14, 5, "#9d0208", "#2d6a4f")}
      ${times(3, (i) => ellipse(120 + i * 30, 190, 10, 5, "#2d6a4f", `transform="rotate(${i * 30} ${120 + i * 30} 190)"`))}`,
    focus: [200, 240],
    shadow: 340,
  },
  "Tamarind Balls and Coconut Drops Box": {
    svg: `${rect(40, 200, 320, 140, "#f4a261", 8)}${rect(50, 210, 300, 120, "#fdfcf7", 4)}
      ${times(10, (i) => `${circle(82 + (i % 5) * 60, 240 + Math.floor(i / 5) * 54, 22, i % 2 ? "#7f4f24" : "#e6ccb2")}${i % 2 ? circle(76 + (i % 5) * 60, 234 + Math.floor(i / 5) * 54, 5, "#f4e3c3") : times(4, (k) => line(`M${72 + (i % 5) * 60 + k * 6} ${228 + Math.floor(i / 5) * 54} l4 20`, "#c9a27e", 2))}`)}
      ${path("M40 200 L70 140 H390 L360 200 Z", "#e76f51")}${rect(160, 160, 100, 20, "#fdfcf7", 4, 'opacity=".7"')}`,
    focus: [200, 260],
    shadow: 340,
  },
  "Guava Jelly, 4 Jars": {
    svg: times(4, (i) =>
      jar(24 + i * 90, 76, 130 + (i % 2) * 14, {
        fill: "#c9184a",
        lid: ["#f1c40f", "#e9c46a", "#f1c40f", "#e9c46a"][i] as string,
        label: "#fff0f3",
        emblem: `${circle(62 + i * 90, 346 - (130 + (i % 2) * 14) * 0.42, 10, "#ff8fa3")}${ellipse(72 + i * 90, 346 - (130 + (i % 2) * 14) * 0.48, 8, 4, "#52b788")}`,
      }),
    ),
    focus: [160, 270],
    shadow: 370,
  },
  "Sorrel Concentrate with Ginger, 750 ml": {
    svg: `${bottle(200, 110, 300, { liquid: "#7b0828", cap: "#d4a24c", label: "#fdf0d5", shape: "round", emblem: `${flower(200, 240, 20, 5, "#c9184a", "#7b0828")}${ellipse(226, 252, 14, 8, "#e9c46a")}` })}
      ${flower(86, 330, 22, 5, "#c9184a", "#590d22")}${ellipse(320, 334, 28, 14, "#e9c46a")}${circle(306, 326, 6, "#d4a24c")}`,
    focus: [200, 230],
    shadow: 260,
  },
  "Spicy Green Mango Chutney": {
    svg: `${jar(130, 140, 180, { fill: "#b5a21a", lid: "#2d6a4f", label: "#fefae0", emblem: `${ellipse(200, 274, 26, 18, "#80b918")}${ellipse(214, 270, 8, 5, "#e63946")}` })}
      ${ellipse(80, 320, 40, 26, "#80b918")}${ellipse(80, 316, 30, 16, "#aacc00")}${ellipse(330, 326, 34, 20, "#f9c74f")}`,
    focus: [200, 260],
    shadow: 320,
  },
};
