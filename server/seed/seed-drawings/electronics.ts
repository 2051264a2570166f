/** Phones, computers, sound, cameras and consoles. */
import { circle, type Drawing, ellipse, gloss, group, line, path, rect, times, tone } from "./kit";

type CameraLayout = "samsung" | "iphone" | "moto" | "pixel";

function lens(cx: number, cy: number, r: number, ring = "#2a2d33") {
  return `${circle(cx, cy, r, ring)}${circle(cx, cy, r * 0.72, "#0d0f14")}${circle(cx, cy, r * 0.35, "#27324a")}${circle(cx - r * 0.25, cy - r * 0.25, r * 0.16, "#9fb4d8")}`;
}

/** A phone from the back and the front, side by side, as shop photos show them. */
function phone(o: {
  body: string;
  frame: string;
  camera: CameraLayout;
  wallpaper: [string, string];
  id: string;
}): Drawing {
  const x = 70;
  const y = 72;
  const w = 124;
  const h = 270;
  let cams = "";
  if (o.camera === "samsung") {
    cams = `${lens(x + 30, y + 32, 13)}${lens(x + 30, y + 64, 13)}${lens(x + 30, y + 96, 13)}${circle(x + 56, y + 34, 5, "#f6e9b8")}`;
  } else if (o.camera === "iphone") {
    cams = `${rect(x + 10, y + 12, 66, 66, tone(o.body, 0.12), 18)}${rect(x + 10, y + 12, 66, 66, "none", 18, `stroke="${tone(o.body, -0.2)}" stroke-width="2"`)}${lens(x + 30, y + 32, 14)}${lens(x + 56, y + 58, 14)}${circle(x + 58, y + 30, 5, "#f6e9b8")}`;
  } else if (o.camera === "moto") {
    cams = `${rect(x + 12, y + 14, 44, 92, tone(o.body, -0.2), 16)}${lens(x + 34, y + 36, 12)}${lens(x + 34, y + 64, 12)}${lens(x + 34, y + 90, 8)}${circle(x + w / 2, y + 150, 16, tone(o.body, -0.25))}${path(`M${x + 52} ${y + 158} L${x + 57} ${y + 143} L${x + 62} ${y + 152} L${x + 67} ${y + 143} L${x + 72} ${y + 158}`, "none", `stroke="${tone(o.body, 0.35)}" stroke-width="3"`)}`;
  } else {
    cams = `${rect(x - 2, y + 34, w + 4, 40, tone(o.body, -0.45), 20)}${lens(x + 36, y + 54, 12, "#111")}${lens(x + 66, y + 54, 12, "#111")}${circle(x + 92, y + 54, 4, "#f6e9b8")}`;
  }
  const back = `${rect(x - 3, y - 3, w + 6, h + 6, o.frame, 24)}${rect(x, y, w, h, o.body, 22)}${gloss(x + 8, y + 120, 10, 120, 5)}${cams}`;
  const fx = 176;
  const fy = 58;
  const screen = `
    <linearGradient id="wp-${o.id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${o.wallpaper[0]}"/><stop offset="1" stop-color="${o.wallpaper[1]}"/></linearGradient>
    ${rect(fx - 3, fy - 3, w + 14, h + 20, o.frame, 26)}${rect(fx, fy, w + 8, h + 14, "#0b0c10", 24)}
    ${rect(fx + 6, fy + 6, w - 4, h + 2, `url(#wp-${o.id})`, 19)}
    ${circle(fx + 90, fy + 150, 46, "#ffffff", 'opacity=".16"')}${circle(fx + 30, fy + 230, 60, "#ffffff", 'opacity=".1"')}
    ${o.camera === "iphone" ? rect(fx + 40, fy + 14, 52, 14, "#0b0c10", 7) : circle(fx + 66, fy + 20, 6, "#0b0c10")}
    ${times(4, (i) => rect(fx + 18 + i * 26, fy + h - 30, 18, 18, "#ffffff", 5, 'opacity=".55"'))}
    ${rect(fx + 46, fy + h + 2, 40, 4, "#ffffff", 2, 'opacity=".7"')}
    ${path(`M${fx + 6} ${fy + 130} L${fx + w + 2} ${fy + 20} V${fy + 6} H${fx + 100} L${fx + 6} ${fy + 90} Z`, "#fff", 'opacity=".12"')}`;
  return { svg: back + screen, focus: [130, 150], shadow: 280 };
}

/** An open laptop seen from the front, screen lit. */
function laptop(o: {
  body: string;
  keys: string;
  wallpaper: [string, string];
  id: string;
  logo: "apple" | "dot" | "plain" | "thinkpad";
  bezel?: string;
}): Drawing {
  const bezel = o.bezel ?? "#15171c";
  const lid = `${rect(58, 96, 284, 186, bezel, 12)}
    <linearGradient id="lw-${o.id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${o.wallpaper[0]}"/><stop offset="1" stop-color="${o.wallpaper[1]}"/></linearGradient>
    ${rect(70, 108, 260, 160, `url(#lw-${o.id})`, 3)}
    ${path("M70 230 C140 190 220 250 330 170 V268 H70 Z", "#ffffff", 'opacity=".15"')}
    ${path("M70 200 L180 108 H230 L70 250 Z", "#fff", 'opacity=".08"')}`;
  const base = `${path("M30 282 H370 L384 318 C384 326 378 330 370 330 H30 C22 330 16 326 16 318 Z", o.body)}
    ${path("M44 288 H356 L366 312 H34 Z", o.keys)}
    ${times(3, (r) => times(13, (c) => rect(52 + c * 23.5 - r * 3, 291 + r * 7, 19, 5, tone(o.keys, 0.28), 1)))}
    ${rect(168, 316, 64, 9, tone(o.body, -0.12), 3)}
    ${rect(16, 324, 368, 6, tone(o.body, -0.25), 3)}`;
  let logo = "";
  if (o.logo === "thinkpad") logo = `${circle(200, 300, 3.5, "#e2231a")}`;
  else if (o.logo === "dot") logo = circle(200, 275, 4, "#9aa3ad");
  return { svg: lid + base + logo, focus: [200, 250], shadow: 360 };
}

function monitor(): Drawing {
  return {
    svg: `${rect(30, 60, 340, 200, "#1a1c21", 8)}
      <linearGradient id="mon" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7ad3f7"/><stop offset=".55" stop-color="#3a6fd8"/><stop offset="1" stop-color="#1b2a6b"/></linearGradient>
      ${rect(38, 66, 324, 182, "url(#mon)", 2)}
      ${path("M38 200 C120 160 200 230 362 150 V248 H38 Z", "#0e1f4d", 'opacity=".45"')}
      ${circle(280, 110, 22, "#fff4c2", 'opacity=".85"')}
      ${rect(30, 248, 340, 16, "#23262d", 4)}${circle(200, 256, 2.5, "#9aa3ad")}
      ${path("M184 264 H216 L222 326 H178 Z", "#2c3038")}
      ${path("M118 326 H282 C292 326 296 332 296 338 V344 H104 V338 C104 332 108 326 118 326 Z", "#2c3038")}
      ${rect(104, 340, 192, 6, "#1a1c21", 3)}`,
    focus: [200, 160],
    shadow: 230,
  };
}

function bluetoothSpeaker(): Drawing {
  const body = "#1f9e9a";
  return {
    svg: `${rect(60, 150, 280, 170, body, 85)}
      ${times(14, (i) => line(`M${96 + i * 15} 160 V310`, tone(body, -0.18), 3))}
      ${ellipse(70, 235, 30, 82, tone(body, -0.3))}${ellipse(70, 235, 20, 60, "#1b1d22")}${ellipse(70, 235, 10, 30, "#3b3f47")}
      ${ellipse(330, 235, 30, 82, tone(body, -0.15))}${ellipse(330, 235, 20, 60, "#1b1d22")}${ellipse(330, 235, 10, 30, "#3b3f47")}
      ${rect(165, 212, 70, 34, "#ff6b1a", 8)}${path("M178 229 H222", "none", 'stroke="#fff" stroke-width="4"')}
      ${rect(110, 316, 180, 22, tone(body, -0.4), 10)}
      ${rect(120, 158, 160, 14, "#fff", 7, 'opacity=".2"')}`,
    focus: [200, 230],
    shadow: 260,
  };
}

function headphones(): Drawing {
  const c = "#23252b";
  return {
    svg: `${path("M92 220 C82 90 318 90 308 220", "none", `stroke="${c}" stroke-width="22" stroke-linecap="round"`)}
      ${path("M100 212 C94 110 306 110 300 212", "none", `stroke="${tone(c, 0.2)}" stroke-width="6"`)}
      ${path("M120 124 C160 96 240 96 280 124", "none", 'stroke="#8c8f96" stroke-width="4" opacity=".6"')}
      ${rect(58, 196, 78, 130, c, 36)}${rect(264, 196, 78, 130, c, 36)}
      ${rect(72, 206, 50, 110, tone(c, 0.12), 24)}${rect(278, 206, 50, 110, tone(c, 0.12), 24)}
      ${rect(124, 214, 20, 94, "#111216", 10)}${rect(256, 214, 20, 94, "#111216", 10)}
      ${rect(86, 222, 8, 50, "#c9a86a", 4)}${circle(303, 300, 4, "#c9a86a")}
      ${gloss(80, 214, 8, 60, 4)}`,
    focus: [100, 250],
    shadow: 280,
  };
}

function djController(): Drawing {
  const jog = (cx: number) =>
    `${ellipse(cx, 250, 70, 40, "#9ea4ad")}${ellipse(cx, 250, 60, 34, "#2b2e35")}${ellipse(cx, 248, 40, 22, "#3b3f47")}${ellipse(cx - 14, 242, 10, 5, "#fff", 'opacity=".35"')}`;
  return {
    svg: `${path("M40 196 H360 L388 318 H12 Z", "#1b1d22")}
      ${path("M12 318 H388 V334 H12 Z", "#0f1013")}
      ${jog(100)}${jog(300)}
      ${rect(176, 206, 48, 90, "#26292f", 4)}
      ${times(3, (r) => `${circle(188, 218 + r * 18, 6, "#c8ccd2")}${circle(212, 218 + r * 18, 6, "#c8ccd2")}`)}
      ${rect(186, 276, 4, 18, "#888")}${rect(210, 276, 4, 18, "#888")}${rect(182, 284, 12, 6, "#eee", 2)}${rect(206, 280, 12, 6, "#eee", 2)}
      ${times(4, (i) => rect(40 + i * 26, 290, 20, 14, i % 2 ? "#e84393" : "#8e44ef", 3))}
      ${times(4, (i) => rect(258 + i * 26, 290, 20, 14, i % 2 ? "#e84393" : "#8e44ef", 3))}
      ${rect(196, 300, 8, 10, "#ff3b3b", 2)}`,
    focus: [200, 260],
    shadow: 380,
  };
}

function paSpeaker(): Drawing {
  const c = "#1c1d21";
  return {
    svg: `${path("M92 40 H308 L320 338 H80 Z", c)}
      ${path("M96 44 H304 L306 80 H94 Z", tone(c, 0.12))}
      ${path("M140 82 H260 L236 132 H164 Z", "#2f3238")}${ellipse(200, 112, 22, 12, "#0a0b0d")}
      ${circle(200, 238, 92, "#2a2c31")}${circle(200, 238, 80, "#101114")}
      ${circle(200, 238, 58, "#24262b")}${circle(200, 238, 24, "#3a3d44")}
      ${times(8, (i) => circle(200, 238, 64 + i * 2, "none", 'stroke="#000" stroke-width=".6" opacity=".5"'))}
      ${rect(86, 180, 10, 60, "#34373d", 4)}${rect(304, 180, 10, 60, "#34373d", 4)}
      ${times(4, (i) => circle(108 + (i % 2) * 184, 60 + Math.floor(i / 2) * 266, 5, "#777"))}
      ${rect(176, 144, 48, 8, "#3d7bff", 4)}`,
    focus: [200, 220],
    shadow: 250,
  };
}

function dslr(): Drawing {
  const c = "#1d1f23";
  return {
    svg: `${path("M150 128 L170 98 H238 L256 128 Z", c)}${rect(176, 104, 54, 10, "#2c2f35", 3)}
      ${rect(60, 124, 280, 176, c, 26)}
      ${rect(60, 124, 64, 176, "#141518", 26)}
      ${times(6, (i) => line(`M72 ${150 + i * 22} H112`, "#26282d", 4))}
      ${circle(216, 218, 92, "#2a2c31")}${circle(216, 218, 80, "#121316")}
      ${circle(216, 218, 70, "#0b0c0e")}${circle(216, 218, 50, "#1d2a45")}${circle(216, 218, 30, "#0b1222")}
      ${circle(196, 196, 14, "#8fb0e8", 'opacity=".55"')}${circle(236, 236, 6, "#8fb0e8", 'opacity=".4"')}
      ${circle(216, 218, 84, "none", 'stroke="#3a3d44" stroke-width="6" stroke-dasharray="3 5"')}
      ${rect(290, 110, 36, 16, "#2a2c31", 4)}${circle(318, 144, 9, "#c81e28")}
      ${rect(84, 120, 40, 10, "#2a2c31", 4)}`,
    focus: [216, 218],
    shadow: 300,
  };
}

function goPro(): Drawing {
  return {
    svg: `${rect(60, 110, 190, 200, "#cfe3ee", 22, 'opacity=".55"')}${rect(60, 110, 190, 200, "none", 22, 'stroke="#8fb3c8" stroke-width="6"')}
      ${rect(92, 140, 126, 140, "#1a1b1f", 14, 'opacity=".5"')}${circle(155, 128, 10, "#444")}${rect(236, 170, 30, 60, "#6f8fa3", 8)}
      ${rect(190, 176, 150, 118, "#1b1c20", 16)}${rect(190, 176, 150, 14, "#2a2c31", 8)}
      ${rect(204, 196, 62, 62, "#2d3036", 10)}${circle(235, 227, 24, "#0a0b0d")}${circle(235, 227, 14, "#1d2a45")}${circle(229, 221, 5, "#8fb0e8")}
      ${rect(280, 196, 46, 30, "#3a6ea5", 4)}${rect(282, 198, 42, 26, "#78b6e3", 3, 'opacity=".6"')}
      ${circle(318, 182, 4, "#e53935")}
      ${rect(228, 294, 74, 46, "#1b1c20", 6)}${rect(232, 318, 66, 8, "#333", 3)}`,
    focus: [250, 230],
    shadow: 280,
  };
}

function drone(): Drawing {
  const c = "#d9dcdf";
  const arm = (x2: number, y2: number) => line(`M200 226 L${x2} ${y2}`, tone(c, -0.12), 16);
  const prop = (cx: number, cy: number) =>
    `${rect(cx - 6, cy - 4, 12, 16, "#4a4d52", 3)}${ellipse(cx, cy - 6, 66, 9, "#5a5e66", 'opacity=".45"')}${ellipse(cx, cy - 6, 8, 4, "#2a2c31")}`;
  return {
    svg: `${arm(70, 200)}${arm(330, 200)}${arm(100, 276)}${arm(300, 276)}
      ${prop(70, 196)}${prop(330, 196)}${prop(100, 272)}${prop(300, 272)}
      ${path("M150 200 C150 180 250 180 250 200 L262 250 C262 270 138 270 138 250 Z", c)}
      ${path("M160 196 C170 186 230 186 240 196 L244 212 H156 Z", "#fff", 'opacity=".5"')}
      ${rect(178, 254, 44, 26, "#3a3d44", 8)}${circle(200, 272, 14, "#1b1c20")}${circle(200, 272, 8, "#1d2a45")}${circle(197, 269, 3, "#8fb0e8")}
      ${rect(110, 312, 180, 30, "#3a3d44", 10)}${rect(124, 318, 50, 18, "#25272c", 6)}${rect(226, 318, 50, 18, "#25272c", 6)}${rect(192, 312, 16, 8, "#6a6e75", 3)}`,
    focus: [200, 240],
    shadow: 300,
  };
}

function ps5(): Drawing {
  return {
    svg: `${path("M132 30 C150 24 170 26 176 34 L178 322 H120 C104 240 104 120 132 30 Z", "#f4f5f7")}
      ${path("M268 30 C250 24 230 26 224 34 L222 322 H280 C296 240 296 120 268 30 Z", "#eceef1")}
      ${rect(176, 40, 48, 282, "#16171b", 10)}
      ${path("M180 60 C190 52 210 52 220 60 V300 H180 Z", "#22242a")}
      ${rect(196, 140, 8, 40, "#3b7bff", 3, 'opacity=".6"')}
      ${path("M122 328 H278 L270 342 H130 Z", "#16171b")}
      ${path("M140 42 C150 140 148 240 132 318", "none", 'stroke="#fff" stroke-width="6" opacity=".7"')}
      ${group(
        "translate(236 236)",
        `${path("M10 40 C10 16 30 10 50 10 H110 C130 10 150 16 150 40 L162 92 C166 108 150 118 136 106 L116 84 H44 L24 106 C10 118 -6 108 -2 92 Z", "#f4f5f7")}
        ${path("M44 30 H116 L110 70 C100 80 60 80 50 70 Z", "#1b1c20")}
        ${circle(56, 76, 11, "#1b1c20")}${circle(104, 76, 11, "#1b1c20")}${circle(56, 76, 6, "#3a3d44")}${circle(104, 76, 6, "#3a3d44")}
        ${circle(132, 40, 4.5, "#c7cdd8")}${circle(142, 50, 4.5, "#c7cdd8")}${circle(122, 50, 4.5, "#c7cdd8")}${circle(132, 60, 4.5, "#c7cdd8")}
        ${rect(22, 38, 22, 7, "#c7cdd8", 2)}${rect(29.5, 30, 7, 22, "#c7cdd8", 2)}
        ${rect(60, 34, 40, 4, "#3b7bff", 2)}`,
      )}`,
    focus: [200, 180],
    shadow: 300,
  };
}

function switchOled(): Drawing {
  const white = "#f3f4f6";
  const joycon = (x: number, left: boolean) =>
    `${path(left ? `M${x + 44} 150 H${x + 20} C${x + 6} 150 ${x} 162 ${x} 176 V274 C${x} 288 ${x + 6} 300 ${x + 20} 300 H${x + 44} Z` : `M${x} 150 H${x + 24} C${x + 38} 150 ${x + 44} 162 ${x + 44} 176 V274 C${x + 44} 288 ${x + 38} 300 ${x + 24} 300 H${x} Z`, white)}
    ${circle(x + 22, left ? 186 : 246, 11, "#2a2c31")}${circle(x + 22, left ? 186 : 246, 7, "#43464d")}
    ${times(4, (i) => circle(x + 22 + 9 * Math.round(Math.sin((i * Math.PI) / 2)), (left ? 236 : 196) - 9 * Math.round(Math.cos((i * Math.PI) / 2)), 4.5, "#2a2c31"))}
    ${left ? rect(x + 30, 164, 8, 3, "#2a2c31", 1) : `${rect(x + 6, 164, 8, 3, "#2a2c31", 1)}${rect(x + 8.5, 161.5, 3, 8, "#2a2c31", 1)}`}`;
  return {
    svg: `${path("M210 94 H356 C364 94 368 100 368 108 V334 H210 Z", "#e8e9ec")}${rect(228, 110, 120, 14, "#d7d9dd", 5)}${rect(262, 300, 54, 6, "#c9ccd1", 3)}
      ${path("M240 140 C280 150 320 150 350 140", "none", 'stroke="#fff" stroke-width="4" opacity=".6"')}
      ${joycon(42, true)}${joycon(314, false)}
      ${rect(86, 150, 228, 150, "#17181c", 6)}
      <linearGradient id="sw" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff4d4d"/><stop offset=".5" stop-color="#ffb347"/><stop offset="1" stop-color="#4dd2ff"/></linearGradient>
      ${rect(100, 160, 200, 128, "url(#sw)", 3)}
      ${path("M100 250 C150 210 200 270 300 220 V288 H100 Z", "#2d8f4e")}${circle(250, 196, 16, "#fff", 'opacity=".7"')}
      ${rect(86, 298, 228, 8, "#2a2c31", 3)}`,
    focus: [200, 220],
    shadow: 330,
  };
}

function xboxSeriesS(): Drawing {
  const pad = (x: number, y: number, s: number) =>
    group(
      `translate(${x} ${y}) scale(${s})`,
      `${path("M10 34 C10 14 26 8 44 8 H104 C122 8 138 14 138 34 L150 84 C154 100 138 110 124 98 L104 76 H44 L24 98 C10 110 -6 100 -2 84 Z", "#f1f2f4")}
      ${circle(42, 38, 11, "#2a2c31")}${circle(98, 62, 11, "#2a2c31")}${circle(74, 24, 6, "#cfd3d8")}
      ${circle(112, 28, 5, "#2f9e44")}${circle(122, 38, 5, "#e03131")}${circle(102, 38, 5, "#1c7ed6")}${circle(112, 48, 5, "#f59f00")}
      ${rect(40, 58, 22, 7, "#2a2c31", 2)}${rect(47.5, 50.5, 7, 22, "#2a2c31", 2)}`,
    );
  return {
    svg: `${rect(118, 36, 164, 290, "#f3f4f6", 8)}${rect(118, 36, 22, 290, "#e3e5e8", 6)}
      ${circle(228, 108, 46, "#1b1c20")}${times(6, (i) => circle(228, 108, 8 + i * 6.5, "none", 'stroke="#2c2e34" stroke-width="2"'))}
      ${rect(150, 294, 18, 8, "#cfd3d8", 3)}${circle(264, 300, 5, "#d9dce0")}
      ${rect(118, 322, 164, 10, "#1b1c20", 4)}
      ${pad(36, 244, 0.78)}${pad(248, 258, 0.78)}`,
    focus: [228, 140],
    shadow: 330,
  };
}

export const ELECTRONICS: Record<string, Drawing> = {
  "Samsung Galaxy A54 5G 128GB, Awesome Graphite": phone({
    body: "#3b3e45",
    frame: "#55585f",
    camera: "samsung",
    wallpaper: ["#6a5cff", "#ff7ac3"],
    id: "a54",
  }),
  "iPhone 13 128GB Midnight, Unlocked": phone({
    body: "#1d2230",
    frame: "#2c3242",
    camera: "iphone",
    wallpaper: ["#1fa2ff", "#12d8fa"],
    id: "ip13",
  }),
  "Motorola Moto G Power with 5000mAh Battery": phone({
    body: "#2f5d8a",
    frame: "#24496d",
    camera: "moto",
    wallpaper: ["#f7971e", "#ffd200"],
    id: "moto",
  }),
  "Google Pixel 7a 128GB, Sea Blue": phone({
    body: "#a9c6e3",
    frame: "#8fb0cf",
    camera: "pixel",
    wallpaper: ["#43cea2", "#185a9d"],
    id: "px7",
  }),
  "Dell Inspiron 15 Laptop, Core i5, 16GB RAM": laptop({
    body: "#b8bdc4",
    keys: "#2a2d33",
    wallpaper: ["#0b63ce", "#63c7ff"],
    id: "dell",
    logo: "dot",
  }),
  "MacBook Air M1 13-inch, Space Grey": laptop({
    body: "#8c9097",
    keys: "#1f2125",
    wallpaper: ["#ff9a8b", "#7d5fff"],
    id: "mba",
    logo: "plain",
  }),
  "HP 24-inch IPS Monitor, Full HD": monitor(),
  "Lenovo ThinkPad T480, Refurbished": laptop({
    body: "#26282c",
    keys: "#141518",
    wallpaper: ["#134e5e", "#71b280"],
    id: "tp",
    logo: "thinkpad",
  }),
  "JBL Charge 5 Bluetooth Speaker, Waterproof": bluetoothSpeaker(),
  "Sony WH-1000XM4 Noise Cancelling Headphones": headphones(),
  "Pioneer DJ DDJ-400 Controller": djController(),
  "Portable Sound System Speaker Box, 15-inch": paSpeaker(),
  "Canon EOS Rebel T7 with 18-55mm Lens": dslr(),
  "GoPro HERO10 Black with Dive Housing": goPro(),
  "DJI Mini 3 Drone, Fly More Combo": drone(),
  "PlayStation 5 Console, Disc Edition": ps5(),
  "Nintendo Switch OLED, White": switchOled(),
  "Xbox Series S with Two Controllers": xboxSeriesS(),
};
