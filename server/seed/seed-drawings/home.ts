/** Furniture, kitchen, decor and garden. */
import {
  circle,
  clipped,
  type Drawing,
  ellipse,
  flower,
  gloss,
  line,
  path,
  rect,
  rng,
  times,
  tone,
  weave,
} from "./kit";

function plantersChair(): Drawing {
  const wood = "#6b3a1f";
  return {
    svg: `${line("M80 330 L112 200 M300 330 L270 200 M130 330 L150 230 M250 330 L236 240", tone(wood, -0.2), 14)}
      ${path("M104 120 L150 116 L196 250 L150 256 Z", wood)}${clipped("cane", "M110 128 L148 124 L188 244 L154 248 Z", weave(100, 110, 100, 150, "#d9b77e", 8), rect(100, 110, 100, 150, "#d9b77e", 0, 'opacity=".55"'))}
      ${path("M150 250 L320 232 L330 250 L160 270 Z", wood)}${clipped("seat", "M156 252 L316 236 L320 246 L162 262 Z", rect(150, 230, 180, 40, "#d9b77e"))}
      ${path("M60 206 H300 L360 186 L372 196 L306 222 H64 Z", tone(wood, 0.1))}
      ${path("M300 206 L372 196", "none", `stroke="${tone(wood, 0.2)}" stroke-width="6"`)}
      ${gloss(70, 208, 220, 5, 2)}`,
    focus: [220, 220],
    shadow: 330,
  };
}

function diningSet(): Drawing {
  const teak = "#a0652e";
  const chair = (x: number, front: boolean) =>
    `${rect(x, front ? 210 : 150, 56, front ? 80 : 90, tone(teak, front ? -0.05 : -0.18), 6)}${times(3, (i) => rect(x + 8, (front ? 220 : 160) + i * 20, 40, 8, tone(teak, front ? 0.12 : -0.05), 3))}
     ${rect(x - 4, front ? 284 : 236, 64, 12, tone(teak, front ? 0.05 : -0.1), 4)}${rect(x, front ? 294 : 246, 8, front ? 50 : 40, tone(teak, -0.3))}${rect(x + 48, front ? 294 : 246, 8, front ? 50 : 40, tone(teak, -0.3))}`;
  return {
    svg: `${chair(96, false)}${chair(172, false)}${chair(248, false)}
      ${path("M36 236 H364 L376 256 H24 Z", teak)}${rect(24, 256, 352, 12, tone(teak, -0.2), 3)}
      ${rect(48, 266, 14, 80, tone(teak, -0.25))}${rect(338, 266, 14, 80, tone(teak, -0.25))}
      ${times(8, (i) => line(`M${60 + i * 40} 240 L${54 + i * 40} 254`, tone(teak, -0.15), 2))}
      ${chair(70, true)}${chair(274, true)}`,
    focus: [200, 260],
    shadow: 360,
  };
}

function eggChair(): Drawing {
  const rattan = "#c79a5b";
  const egg =
    "M200 84 C120 84 96 170 104 230 C112 292 160 318 200 318 C240 318 288 292 296 230 C304 170 280 84 200 84 Z";
  return {
    svg: `${line("M80 342 C60 200 100 40 230 30 C300 26 320 60 320 90", "#3b3f45", 12)}${line("M60 344 H170", "#3b3f45", 12)}
      ${line("M320 88 V100", "#555", 4)}${line("M320 100 L230 92 M320 100 L290 120", "#555", 3)}
      ${path(egg, rattan)}${clipped("egg", egg, weave(90, 80, 220, 250, tone(rattan, -0.3), 10))}
      ${path("M200 120 C146 120 132 190 138 236 C144 276 170 292 200 292 C230 292 256 276 262 236 C268 190 254 120 200 120 Z", tone(rattan, -0.35))}
      ${ellipse(200, 252, 58, 34, "#f1f1ec")}${ellipse(200, 200, 44, 50, "#e7e6df")}${circle(200, 198, 6, "#cfcdc4")}
      ${line("M200 84 V44", "#555", 4)}`,
    focus: [200, 200],
    shadow: 240,
  };
}

function sofa(): Drawing {
  const blue = "#2a6fb0";
  return {
    svg: `${rect(54, 140, 292, 110, tone(blue, -0.1), 24)}
      ${times(3, (i) => rect(66 + i * 92, 150, 86, 88, tone(blue, 0.05), 16))}
      ${rect(30, 190, 60, 130, blue, 22)}${rect(310, 190, 60, 130, blue, 22)}
      ${times(3, (i) => rect(86 + i * 76, 232, 74, 50, tone(blue, 0.12), 12))}
      ${rect(76, 276, 248, 40, tone(blue, -0.15), 8)}
      ${rect(50, 316, 10, 28, "#4a2f1a", 3)}${rect(340, 316, 10, 28, "#4a2f1a", 3)}
      ${rect(96, 168, 46, 40, "#f4d35e", 10, 'transform="rotate(-10 119 188)"')}${gloss(40, 200, 40, 6, 3)}`,
    focus: [200, 230],
    shadow: 360,
  };
}

function dutchPot(): Drawing {
  const al = "#b9bec5";
  return {
    svg: `${rect(30, 196, 52, 16, tone(al, -0.2), 8)}${rect(318, 196, 52, 16, tone(al, -0.2), 8)}
      ${path("M70 180 H330 V286 C330 318 300 336 260 336 H140 C100 336 70 318 70 286 Z", al)}
      ${path("M86 196 C86 260 96 300 130 320", "none", 'stroke="#fff" stroke-width="10" opacity=".45" stroke-linecap="round"')}
      ${ellipse(200, 178, 136, 24, tone(al, -0.1))}${ellipse(200, 170, 126, 20, tone(al, 0.15))}
      ${path("M176 140 C176 126 224 126 224 140 V158 H176 Z", tone(al, -0.25))}`,
    focus: [200, 200],
    shadow: 300,
  };
}

function blender(): Drawing {
  return {
    svg: `${path("M130 300 H270 L260 240 H140 Z", "#2b2d33")}${rect(118, 296, 164, 46, "#1d1f23", 10)}
      ${circle(200, 320, 12, "#ff6b1a")}${rect(150, 314, 22, 10, "#444", 3)}${rect(228, 314, 22, 10, "#444", 3)}
      ${path("M132 60 H268 L256 240 H144 Z", "#dce9f2", 'opacity=".85"')}${path("M132 60 H268 L256 240 H144 Z", "none", 'stroke="#9bb4c6" stroke-width="4"')}
      ${path("M150 150 H250 L244 236 H156 Z", "#ff7aa2")}${ellipse(200, 150, 50, 8, "#ffa3bf")}
      ${path("M268 84 C316 90 316 200 262 206", "none", 'stroke="#2b2d33" stroke-width="14"')}
      ${rect(124, 44, 152, 22, "#2b2d33", 6)}${times(6, (i) => line(`M150 ${92 + i * 24} H166`, "#9bb4c6", 3))}
      ${gloss(148, 70, 8, 160, 4)}${path("M188 236 L212 236 L200 222 Z", "#8a9099")}`,
    focus: [200, 160],
    shadow: 220,
  };
}

function calabashBowls(): Drawing {
  const bowl = (cx: number, cy: number, r: number, paint: string) =>
    `${path(`M${cx - r} ${cy} A${r} ${r * 0.8} 0 0 0 ${cx + r} ${cy} Z`, "#8a5a2b")}
    ${ellipse(cx, cy, r, r * 0.22, "#d8b07a")}${ellipse(cx, cy, r * 0.9, r * 0.16, "#c49a62")}
    ${line(`M${cx - r * 0.85} ${cy + r * 0.25} Q${cx} ${cy + r * 0.55} ${cx + r * 0.85} ${cy + r * 0.25}`, paint, 5)}
    ${times(5, (i) => circle(cx - r * 0.6 + i * r * 0.3, cy + r * 0.48 - Math.abs(2 - i) * 4, 5, paint))}`;
  return {
    svg: `${bowl(120, 210, 80, "#e9c46a")}${bowl(282, 214, 74, "#2a9d8f")}${bowl(150, 290, 66, "#e76f51")}${bowl(264, 292, 60, "#f4f1de")}`,
    focus: [200, 250],
    shadow: 330,
  };
}

function driftwoodLamp(): Drawing {
  return {
    svg: `${path("M130 60 H270 L300 170 H100 Z", "#f3ecdc")}${path("M130 60 H160 L136 170 H100 Z", "#fff", 'opacity=".5"')}
      ${path("M190 170 C170 210 210 240 186 280 C176 300 196 318 200 330", "none", 'stroke="#a08566" stroke-width="22" stroke-linecap="round"')}
      ${path("M192 200 C210 230 186 250 206 290", "none", 'stroke="#c2a888" stroke-width="8" stroke-linecap="round"')}
      ${ellipse(200, 334, 70, 14, "#8a7055")}${ellipse(200, 178, 56, 10, "#fff6c8", 'opacity=".8"')}
      ${circle(200, 176, 18, "#fff6c8", 'opacity=".5"')}`,
    focus: [200, 140],
    shadow: 200,
  };
}

function windChime(): Drawing {
  const colors = ["#8ecae6", "#95d5b2", "#bde0fe", "#a8dadc", "#caffbf", "#9bf6ff"];
  const r = rng(3);
  return {
    svg: `${line("M200 20 V60", "#555", 3)}${line("M100 70 L200 56 L300 70", "#666", 2)}
      ${path("M80 66 C140 58 260 58 320 66 C324 76 316 82 300 80 C240 74 160 74 100 80 C84 82 76 76 80 66 Z", "#a08566")}
      ${times(6, (i) => {
        const x = 100 + i * 40;
        const len = 120 + r() * 110;
        const c = colors[i] as string;
        return `${line(`M${x} 78 V${78 + len}`, "#777", 1.5)}${path(`M${x - 16} ${78 + len} L${x + 12} ${70 + len} L${x + 18} ${100 + len} L${x - 6} ${118 + len} L${x - 20} ${100 + len} Z`, c, 'opacity=".9"')}${path(`M${x - 10} ${84 + len} L${x + 4} ${80 + len} L${x - 4} ${100 + len} Z`, "#fff", 'opacity=".5"')}`;
      })}`,
    focus: [200, 220],
    shadow: 0,
  };
}

function wallBaskets(): Drawing {
  const basket = (cx: number, cy: number, r: number, tint: string) =>
    `${circle(cx, cy, r, tint)}${times(Math.floor(r / 9), (i) => circle(cx, cy, r - i * 9, "none", `stroke="${tone(tint, -0.25)}" stroke-width="2.5"`))}
     ${circle(cx, cy, r * 0.3, tone(tint, -0.35))}${circle(cx, cy, r, "none", `stroke="${tone(tint, -0.4)}" stroke-width="5"`)}`;
  return {
    svg: `${basket(140, 150, 100, "#cfae77")}${basket(290, 120, 70, "#b8915a")}${basket(280, 268, 56, "#dcc08f")}`,
    focus: [150, 150],
    shadow: 0,
  };
}

function hummingbirdPillows(): Drawing {
  const pillow = (x: number, y: number, c: string, accent: string, tilt: number) =>
    `<g transform="rotate(${tilt} ${x + 80} ${y + 80})">${path(`M${x} ${y + 6} Q${x + 80} ${y - 10} ${x + 160} ${y + 6} Q${x + 176} ${y + 80} ${x + 160} ${y + 154} Q${x + 80} ${y + 170} ${x} ${y + 154} Q${x - 16} ${y + 80} ${x} ${y + 6} Z`, c)}
    ${path(`M${x + 40} ${y + 96} C${x + 60} ${y + 60} ${x + 100} ${y + 60} ${x + 118} ${y + 80} L${x + 146} ${y + 70} L${x + 120} ${y + 90} C${x + 110} ${y + 110} ${x + 80} ${y + 116} ${x + 60} ${y + 110} L${x + 30} ${y + 130} Z`, accent)}
    ${path(`M${x + 70} ${y + 84} C${x + 84} ${y + 40} ${x + 110} ${y + 30} ${x + 124} ${y + 36} C${x + 110} ${y + 56} ${x + 96} ${y + 76} ${x + 80} ${y + 92} Z`, tone(accent, -0.25))}
    ${circle(x + 108, y + 80, 3, "#111")}${flower(x + 36, y + 40, 18, 5, "#ff6b6b", "#ffd166")}</g>`;
  return {
    svg: `${pillow(40, 150, "#f1ebe0", "#1b998b", -6)}${pillow(196, 164, "#1b998b", "#f1ebe0", 5)}`,
    focus: [140, 220],
    shadow: 330,
  };
}

function coconutPalm(): Drawing {
  const frond = (a: number, len: number) =>
    `<g transform="rotate(${a} 200 120)">${path(`M200 120 C${200 + len * 0.4} ${120 - len * 0.35} ${200 + len * 0.8} ${120 - len * 0.2} ${200 + len} ${120 + len * 0.1} C${200 + len * 0.7} ${120 - len * 0.05} ${200 + len * 0.4} ${120 - len * 0.1} 200 126 Z`, "#2d6a4f")}
    ${times(6, (i) => line(`M${200 + len * (0.2 + i * 0.13)} ${120 - len * (0.26 - i * 0.03)} l${8} ${22}`, "#40916c", 4))}</g>`;
  return {
    svg: `${path("M192 130 C186 190 196 240 190 280 H212 C206 240 214 190 208 130 Z", "#8d6e4a")}
      ${times(6, (i) => line(`M190 ${150 + i * 22} H212`, "#6f5437", 3))}
      ${frond(-20, 150)}${frond(20, 140)}${frond(150, 150)}${frond(200, 140)}${frond(-60, 110)}${frond(240, 110)}${frond(-100, 90)}
      ${circle(194, 134, 10, "#7a9a3a")}${circle(208, 136, 10, "#6b8a30")}${circle(201, 146, 10, "#8aaa44")}
      ${path("M130 270 H270 L254 346 H146 Z", "#b5651d")}${rect(124, 262, 152, 20, "#a0561a", 4)}`,
    focus: [200, 140],
    shadow: 180,
  };
}

function hammock(): Drawing {
  const bed =
    "M96 170 C140 300 260 300 304 170 C300 196 290 226 276 246 C240 290 160 290 124 246 C110 226 100 196 96 170 Z";
  return {
    svg: `${line("M24 340 C40 240 70 150 80 120 M376 340 C360 240 330 150 320 120", "#2f3e46", 12)}${line("M30 340 H370", "#2f3e46", 12)}
      ${times(5, (i) => line(`M80 124 L${100 + i * 6} ${176 + i * 4}`, "#d8c7a4", 2))}${times(5, (i) => line(`M320 124 L${300 - i * 6} ${176 + i * 4}`, "#d8c7a4", 2))}
      ${path(bed, "#efe6d2")}
      ${clipped(
        "ham",
        bed,
        times(22, (i) => line(`M${96 + i * 10} 160 L${110 + i * 10} 300`, "#cdb98f", 2)),
        times(4, (i) =>
          path(
            `M90 ${176 + i * 18} C150 ${300 - i * 6} 250 ${300 - i * 6} 310 ${176 + i * 18}`,
            "none",
            `stroke="${["#d62828", "#f4a261", "#2a9d8f", "#d62828"][i]}" stroke-width="7" opacity=".7"`,
          ),
        ),
      )}
      ${path("M110 200 C150 250 250 250 290 200", "none", 'stroke="#fff" stroke-width="5" opacity=".5"')}
      ${times(14, (i) => line(`M${126 + i * 11} ${250 + Math.sin((i / 13) * Math.PI) * 32} v26`, "#d8c7a4", 2.5))}`,
    focus: [200, 230],
    shadow: 350,
  };
}

function orchids(): Drawing {
  const stem = (x: number, h: number, c: string) =>
    `${line(`M${x} 300 C${x - 6} ${300 - h / 2} ${x + 20} ${300 - h} ${x + 40} ${300 - h}`, "#4a7c3a", 4)}
    ${times(3, (i) => flower(x + 6 + i * 14, 300 - h * (0.55 + i * 0.17), 18, 5, c, "#ffd166"))}`;
  return {
    svg: `${stem(70, 160, "#c77dff")}${stem(130, 200, "#ffffff")}${stem(190, 180, "#ff70a6")}${stem(250, 210, "#ffd6ff")}${stem(300, 150, "#f9c74f")}
      ${times(5, (i) => `${ellipse(82 + i * 60, 300, 26, 10, "#2d6a4f", `transform="rotate(-20 ${82 + i * 60} 300)"`)}`)}
      ${rect(50, 300, 300, 46, "#7f5539", 6)}${times(7, (i) => line(`M${60 + i * 44} 306 V340`, "#5e3f28", 3))}`,
    focus: [200, 180],
    shadow: 320,
  };
}

function solarLights(): Drawing {
  // The pack's twelve garden stake lights pushed into a strip of lawn in two staggered rows,
  // glowing warm white.
  const light = (x: number, y: number) =>
    `${rect(x - 3, y, 6, 330 - y, "#2b2d33")}${path(`M${x - 6} 330 L${x} 346 L${x + 6} 330 Z`, "#2b2d33")}
    ${circle(x, y - 22, 30, "#fff3b0", 'opacity=".35"')}${path(`M${x - 18} ${y - 40} H${x + 18} L${x + 14} ${y} H${x - 14} Z`, "#fff8d6")}
    ${times(3, (i) => line(`M${x - 12 + i * 12} ${y - 36} V${y - 4}`, "#e9d9a0", 1.5))}
    ${path(`M${x - 24} ${y - 40} L${x - 18} ${y - 54} H${x + 18} L${x + 24} ${y - 40} Z`, "#1d3557")}${path(`M${x - 14} ${y - 52} H${x + 14} L${x + 17} ${y - 43} H${x - 17} Z`, "#457b9d")}`;
  return {
    svg: `${times(6, (i) => light(88 + i * 56, 150 + (i % 2) * 14))}
      ${times(6, (i) => light(60 + i * 56, 230 + (i % 2) * 18))}
      ${path("M20 330 C80 318 320 318 380 330 V346 H20 Z", "#52b788")}
      ${times(26, (i) => path(`M${24 + i * 14} 332 l4 -14 l4 14 Z`, i % 2 ? "#2d6a4f" : "#40916c"))}`,
    focus: [120, 190],
    shadow: 340,
  };
}

export const HOME: Record<string, Drawing> = {
  "Mahogany Planter's Chair": plantersChair(),
  "Teak Outdoor Dining Set, 6 Seats": diningSet(),
  "Rattan Hanging Egg Chair with Stand": eggChair(),
  "Three-Seat Sofa, Ocean Blue Fabric": sofa(),
  "Cast Aluminium Dutch Pot, Size 10": dutchPot(),
  "Ninja Professional Blender, 1000W": blender(),
  "Hand-Painted Calabash Bowl Set": calabashBowls(),
  "Driftwood Table Lamp": driftwoodLamp(),
  "Sea Glass Wind Chime": windChime(),
  "Woven Seagrass Wall Baskets, Set of 3": wallBaskets(),
  "Hummingbird Throw Pillows, Pair": hummingbirdPillows(),
  "Potted Dwarf Coconut Palm": coconutPalm(),
  "Cotton Rope Hammock with Stand": hammock(),
  "Orchid Collection, 5 Blooming Plants": orchids(),
  "Solar Garden Lights, Pack of 12": solarLights(),
};
