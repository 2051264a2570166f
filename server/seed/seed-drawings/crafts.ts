/** Wood carvings, baskets, pottery, textiles and instruments. */
import {
  circle,
  clipped,
  type Drawing,
  ellipse,
  flower,
  gloss,
  line,
  path,
  plaid,
  rect,
  rng,
  times,
  tone,
  weave,
} from "./kit";

function carvedMask(): Drawing {
  const wood = "#7b3f1d";
  return {
    svg: `${path("M200 30 C280 30 316 100 310 180 C304 260 260 330 200 330 C140 330 96 260 90 180 C84 100 120 30 200 30 Z", wood)}
      ${path("M200 30 C240 30 270 60 284 100 C250 80 150 80 116 100 C130 60 160 30 200 30 Z", tone(wood, 0.15))}
      ${ellipse(154, 160, 30, 16, "#2b140a")}${ellipse(246, 160, 30, 16, "#2b140a")}${path("M124 140 Q154 124 184 140 M216 140 Q246 124 276 140", "none", `stroke="${tone(wood, 0.3)}" stroke-width="6"`)}
      ${path("M200 150 L184 230 H216 Z", tone(wood, 0.12))}${path("M160 268 Q200 290 240 268 Q200 300 160 268 Z", "#2b140a")}
      ${times(7, (i) => line(`M${110 + i * 30} 300 l-4 20`, tone(wood, -0.2), 3))}${path("M200 30 V60", "none", `stroke="${tone(wood, 0.3)}" stroke-width="5"`)}
      ${times(9, (i) => line(`M${108 + i * 23} 90 C${112 + i * 23} 180 ${104 + i * 23} 250 ${110 + i * 23} 320`, tone(wood, -0.15), 1.5, 'opacity=".6"'))}`,
    focus: [200, 170],
    shadow: 240,
  };
}

function fishBowl(): Drawing {
  const cedar = "#b5651d";
  return {
    svg: `${path("M40 240 C40 200 120 170 220 170 C290 170 320 200 330 220 L380 180 C384 220 384 260 380 300 L330 260 C320 290 290 320 220 320 C120 320 40 290 40 240 Z", cedar)}
      ${ellipse(190, 236, 120, 50, tone(cedar, -0.3))}${ellipse(190, 240, 104, 40, tone(cedar, -0.15))}
      ${times(6, (i) => path(`M${100 + i * 30} 200 q10 -12 20 0`, "none", `stroke="${tone(cedar, 0.25)}" stroke-width="3"`))}
      ${circle(80, 232, 10, "#2b140a")}${circle(77, 229, 3, "#fff", 'opacity=".6"')}${line("M110 200 C100 240 100 260 112 290", tone(cedar, -0.3), 4)}
      ${times(5, (i) => line(`M${340 + i * 8} ${204 + i * 2} L${344 + i * 8} ${276 - i * 2}`, tone(cedar, -0.2), 2))}`,
    focus: [200, 240],
    shadow: 330,
  };
}

function walkingStick(): Drawing {
  const wood = "#8d5a2b";
  return {
    svg: `<g transform="rotate(12 200 200)">${rect(188, 110, 24, 240, wood, 10)}${times(8, (i) => line(`M188 ${130 + i * 26} C196 ${136 + i * 26} 204 ${124 + i * 26} 212 ${130 + i * 26}`, tone(wood, -0.25), 3))}
      ${circle(200, 76, 52, tone(wood, -0.15))}${times(14, (i) => ellipse(200 + 50 * Math.cos(i * 0.449), 76 + 50 * Math.sin(i * 0.449), 12, 18, tone(wood, -0.3), `transform="rotate(${i * 25.7 + 90} ${200 + 50 * Math.cos(i * 0.449)} ${76 + 50 * Math.sin(i * 0.449)})"`))}
      ${circle(200, 80, 36, tone(wood, 0.1))}${circle(186, 70, 5, "#1b0f07")}${circle(214, 70, 5, "#1b0f07")}${path("M190 88 H210 L200 100 Z", "#3b2010")}${path("M188 106 Q200 114 212 106", "none", 'stroke="#3b2010" stroke-width="3"')}
      ${rect(192, 342, 16, 10, "#222", 3)}</g>`,
    focus: [190, 90],
    shadow: 100,
  };
}

function dolphinCarving(): Drawing {
  // A leaping dolphin carved from a driftwood branch, its tail set into a rough base.
  const drift = "#b8a48a";
  const body =
    "M170 320 C150 260 150 180 200 130 C240 92 300 86 344 104 L372 104 L346 118 C320 124 300 134 288 150 C266 130 236 140 220 170 C200 210 196 270 206 320 Z";
  return {
    svg: `${path("M90 346 C100 312 150 300 200 304 C250 300 300 312 310 346 Z", tone(drift, -0.25))}
      ${path("M150 330 C130 310 120 300 110 300 C140 296 160 306 176 322 C190 306 210 296 240 300 C226 306 214 318 200 334 Z", tone(drift, -0.1))}
      ${path(body, drift)}${clipped(
        "dolphin",
        body,
        times(8, (i) =>
          line(
            `M${140 + i * 14} 330 C${150 + i * 14} 240 ${190 + i * 14} 160 ${270 + i * 14} 110`,
            tone(drift, 0.18),
            2,
          ),
        ),
      )}
      ${path("M236 112 C230 84 236 62 250 48 C254 70 262 92 270 104 Z", tone(drift, -0.12))}
      ${path("M214 190 C196 198 180 214 174 232 C196 226 212 214 222 200 Z", tone(drift, -0.15))}
      ${circle(318, 112, 4.5, "#3b2a1a")}${path("M300 130 C320 128 340 122 352 116", "none", `stroke="${tone(drift, -0.3)}" stroke-width="2"`)}`,
    focus: [270, 140],
    shadow: 240,
  };
}

function basket(o: { color: string; shape: "market" | "lidded"; pattern?: string }): Drawing {
  if (o.shape === "market") {
    const body = "M70 170 H330 L300 340 H100 Z";
    return {
      svg: `${path("M120 176 C110 60 290 60 280 176", "none", `stroke="${tone(o.color, -0.15)}" stroke-width="16"`)}
        ${path(body, o.color)}${clipped("mkt", body, weave(60, 160, 280, 190, tone(o.color, -0.3), 13))}${rect(66, 164, 268, 20, tone(o.color, -0.1), 6)}
        ${times(3, (i) => rect(88 + i * 0, 220 + i * 34, 224 - i * 12, 10, ["#e63946", "#2a9d8f", "#ffbe0b"][i] as string, 3, `transform="translate(${i * 6} 0)"`))}
        ${flower(200, 290, 22, 6, "#e63946", "#ffbe0b")}`,
      focus: [200, 240],
      shadow: 280,
    };
  }
  const body = "M110 160 H290 V320 C290 336 276 346 260 346 H140 C124 346 110 336 110 320 Z";
  return {
    svg: `${path(body, o.color)}${clipped(
      "lar",
      body,
      times(12, (i) => rect(110, 160 + i * 16, 180, 8, i % 2 ? tone(o.color, -0.3) : o.color)),
      times(6, (i) =>
        path(`M${110 + i * 36} 200 l18 -16 l18 16 l-18 16 Z`, o.pattern ?? "#2b140a"),
      ),
    )}
      ${ellipse(200, 160, 96, 24, tone(o.color, -0.1))}${path("M104 150 C104 120 296 120 296 150 C296 170 104 170 104 150 Z", tone(o.color, 0.1))}${ellipse(200, 128, 20, 10, tone(o.color, -0.3))}
      ${clipped(
        "lid",
        "M104 150 C104 120 296 120 296 150 C296 170 104 170 104 150 Z",
        times(8, (i) => line(`M${110 + i * 26} 120 V170`, tone(o.color, -0.3), 4)),
      )}`,
    focus: [200, 220],
    shadow: 220,
  };
}

function placemats(): Drawing {
  const mat = (cx: number, cy: number, c: string) =>
    `${ellipse(cx, cy, 110, 44, c)}${times(8, (i) => ellipse(cx, cy, 110 - i * 13, 44 - i * 5.2, "none", `stroke="${tone(c, -0.25)}" stroke-width="3"`))}${ellipse(cx, cy, 10, 4, tone(c, -0.4))}`;
  return {
    svg: `${mat(200, 300, "#c8a66e")}${mat(200, 286, "#cfae77")}${mat(200, 272, "#d6b784")}${mat(220, 200, "#c8a66e")}${mat(170, 130, "#bf9a5f")}`,
    focus: [200, 260],
    shadow: 300,
  };
}

function pot(o: {
  body: string;
  d: string;
  glaze?: boolean;
  rim?: string;
  extra?: string;
}): Drawing {
  return {
    svg: `${path(o.d, o.body)}${o.glaze ? path(o.d, "#ffffff", 'opacity=".08"') : ""}${o.extra ?? ""}${o.rim ?? ""}`,
    focus: [200, 220],
    shadow: 260,
  };
}

function fabricStack(o: { bolt: string; top: string; id: string }): string {
  return `${rect(60, 270, 280, 70, "#1d3557", 10)}${rect(60, 210, 280, 66, "#ffffff", 10)}
    ${clipped(`fab-${o.id}`, "M60 150 H340 V216 H60 Z", o.bolt)}${rect(60, 150, 280, 66, "none", 10, 'stroke="#000" stroke-opacity=".15" stroke-width="3"')}
    ${clipped(`fab2-${o.id}`, "M60 216 H340 V276 H60 Z", o.top)}${clipped(`fab3-${o.id}`, "M60 276 H340 V340 H60 Z", o.bolt)}
    ${path("M340 150 C360 170 360 320 340 340", "none", 'stroke="#000" stroke-opacity=".12" stroke-width="8"')}`;
}

function steelpan(): Drawing {
  const chrome = "#d9dde2";
  return {
    svg: `${line("M120 346 L170 240 M280 346 L230 240 M200 346 V240", "#2b2d33", 8)}
      ${ellipse(200, 200, 150, 60, tone(chrome, -0.2))}${path("M50 200 V236 C50 270 350 270 350 236 V200", tone(chrome, -0.25))}
      ${ellipse(200, 196, 140, 54, chrome)}${ellipse(200, 204, 124, 44, tone(chrome, -0.1))}
      ${times(10, (i) => ellipse(200 + 96 * Math.cos((i / 10) * Math.PI * 2), 206 + 30 * Math.sin((i / 10) * Math.PI * 2), 22, 10, tone(chrome, 0.1), 'stroke="#9aa0a8" stroke-width="2"'))}
      ${times(4, (i) => ellipse(200 + 44 * Math.cos((i / 4) * Math.PI * 2 + 0.4), 206 + 14 * Math.sin((i / 4) * Math.PI * 2 + 0.4), 14, 7, tone(chrome, 0.15), 'stroke="#9aa0a8" stroke-width="2"'))}
      ${line("M300 120 L250 190 M330 130 L276 194", "#8a5a2b", 6)}${circle(250, 190, 8, "#e63946")}${circle(276, 194, 8, "#e63946")}
      ${path("M90 160 A140 54 0 0 1 200 142", "none", 'stroke="#fff" stroke-width="6" opacity=".7"')}`,
    focus: [200, 200],
    shadow: 300,
  };
}

function handDrum(): Drawing {
  const wood = "#6f2f14";
  const body =
    "M130 80 H270 C290 140 260 200 270 260 L250 346 H150 L130 260 C140 200 110 140 130 80 Z";
  return {
    svg: `${path(body, wood)}${clipped(
      "drum",
      body,
      times(7, (i) =>
        line(
          `M${120 + i * 26} 60 C${130 + i * 26} 160 ${116 + i * 26} 260 ${130 + i * 26} 360`,
          tone(wood, 0.15),
          3,
        ),
      ),
    )}
      ${ellipse(200, 80, 72, 18, "#e9d8b4")}${ellipse(200, 80, 72, 18, "none", 'stroke="#4a1f0c" stroke-width="5"')}
      ${times(10, (i) => line(`M${136 + i * 14} 92 L${142 + i * 12} 150`, "#d8c49c", 3))}${path("M132 150 H268", "none", 'stroke="#d8c49c" stroke-width="6"')}
      ${gloss(150, 170, 10, 120, 5)}`,
    focus: [200, 120],
    shadow: 180,
  };
}

function shakShaks(): Drawing {
  const shak = (x: number, rot: number, c: string, dots: string) =>
    `<g transform="rotate(${rot} ${x} 220)">${rect(x - 9, 220, 18, 120, "#8d5a2b", 6)}${ellipse(x, 170, 62, 74, c)}${times(6, (i) => circle(x - 34 + (i % 3) * 34, 140 + Math.floor(i / 3) * 44, 9, dots))}${path(`M${x - 54} 150 Q${x} 120 ${x + 54} 150`, "none", 'stroke="#fff" stroke-width="5" opacity=".6"')}${ellipse(x - 24, 132, 14, 8, "#fff", 'opacity=".3"')}</g>`;
  return {
    svg: `${shak(140, -14, "#e63946", "#ffd166")}${shak(262, 12, "#2a9d8f", "#f4f1de")}`,
    focus: [200, 180],
    shadow: 300,
  };
}

function tieDye() {
  const colors = ["#ff006e", "#fb5607", "#ffbe0b", "#ff8fab", "#8338ec"];
  return times(10, (i) => circle(200, 190, 220 - i * 22, colors[i % 5] as string));
}

export const CRAFTS: Record<string, Drawing> = {
  "Hand-Carved Mahogany Mask": carvedMask(),
  "Carved Cedar Reef Fish Bowl": fishBowl(),
  "Carved Lion Head Walking Stick": walkingStick(),
  "Driftwood Dolphin Carving": dolphinCarving(),
  "Bahamian Straw Market Basket": basket({ color: "#e2c58f", shape: "market" }),
  "Kalinago Larouma Basket with Lid": basket({ color: "#c08a4a", shape: "lidded" }),
  "Banana Fibre Placemats, Set of 6": placemats(),
  "Terracotta Yabba Pot": pot({
    body: "#c0582f",
    d: "M40 200 C40 170 360 170 360 200 C360 290 290 346 200 346 C110 346 40 290 40 200 Z",
    rim: `${ellipse(200, 196, 160, 26, "#a0461f")}${ellipse(200, 198, 140, 20, "#6e2e13")}`,
    extra: `${times(8, (i) => line(`M${70 + i * 37} 230 l10 12 l10 -12`, "#e9b48a", 3))}${path("M70 250 C110 320 170 334 200 334", "none", 'stroke="#fff" stroke-width="8" opacity=".15"')}`,
  }),
  "Ocean Blue Glazed Stoneware Vase": pot({
    body: "#1d6fa5",
    d: "M170 40 H230 V80 C290 110 310 190 290 260 C280 310 250 346 200 346 C150 346 120 310 110 260 C90 190 110 110 170 80 Z",
    glaze: true,
    rim: ellipse(200, 42, 30, 8, "#0f4c75"),
    extra: `${path("M110 240 C150 220 250 260 290 230 C290 300 260 346 200 346 C140 346 112 300 110 240 Z", "#5fa8d3", 'opacity=".6"')}${path("M140 120 C120 170 120 230 140 290", "none", 'stroke="#fff" stroke-width="10" opacity=".35" stroke-linecap="round"')}`,
  }),
  "Clay Coal Pot for Roasting": pot({
    body: "#9c4a24",
    d: "M80 120 H320 C320 180 280 210 240 220 V260 C290 270 310 300 300 346 H100 C90 300 110 270 160 260 V220 C120 210 80 180 80 120 Z",
    rim: `${ellipse(200, 120, 120, 22, "#7a3518")}${ellipse(200, 120, 100, 16, "#2b140a")}${times(7, (i) => circle(130 + i * 23, 118, 8, i % 2 ? "#ff7b00" : "#d00000"))}`,
    extra: `${rect(180, 290, 40, 40, "#2b140a", 6)}${times(3, (i) => line(`M${180 + i * 20} 110 C${170 + i * 20} 80 ${200 + i * 20} 60 ${186 + i * 20} 30`, "#adb5bd", 4, 'opacity=".5"'))}`,
  }),
  "Madras Plaid Fabric, 5 Yards": {
    svg: fabricStack({
      bolt: plaid(60, 150, 280, 200, ["#d62828", "#ffbe0b", "#1d4e89", "#2a9d8f"], 28),
      top: plaid(60, 210, 280, 70, ["#ffbe0b", "#d62828", "#2a9d8f"], 22),
      id: "madras",
    }),
    focus: [200, 220],
    shadow: 320,
  },
  "Hand-Stitched Patchwork Quilt, Queen": {
    svg: (() => {
      const r = rng(9);
      const colors = ["#e76f51", "#f4a261", "#e9c46a", "#2a9d8f", "#264653", "#f1faee", "#a8dadc"];
      const quilt = "M30 120 H370 L380 330 H20 Z";
      return `${path(quilt, "#f1faee")}${clipped(
        "quilt",
        quilt,
        times(48, (i) =>
          rect(
            20 + (i % 8) * 45,
            120 + Math.floor(i / 8) * 36,
            45,
            36,
            colors[Math.floor(r() * 7)] as string,
          ),
        ),
        times(48, (i) =>
          rect(
            24 + (i % 8) * 45,
            124 + Math.floor(i / 8) * 36,
            37,
            28,
            "none",
            0,
            'stroke="#fff" stroke-width="1.5" stroke-dasharray="4 3" opacity=".8"',
          ),
        ),
      )}
        ${path("M20 330 H380 V346 H20 Z", "#264653")}`;
    })(),
    focus: [200, 220],
    shadow: 380,
  },
  "Tie-Dye Beach Sarong, Sunset": {
    svg: `${clipped("sarong", "M70 40 H330 C320 120 340 260 330 346 H70 C80 260 60 120 70 40 Z", tieDye())}${line("M70 40 H330", "#b5179e", 8)}${times(12, (i) => line(`M${78 + i * 22} 346 v14`, "#fb5607", 4))}`,
    focus: [200, 190],
    shadow: 0,
  },
  "Crocheted Table Runner": {
    svg: `${path("M20 300 L120 200 H380 L280 300 Z", "#8d5a2b")}${path("M20 300 H280 V316 H20 Z", "#6b4226")}
      ${path("M90 270 L150 210 H330 L270 270 Z", "#fdfcf7")}${times(9, (i) => circle(150 + i * 20 - 30, 240, 8, "none", 'stroke="#d8cfbf" stroke-width="3"'))}
      ${times(10, (i) => path(`M${92 + i * 18} 270 q9 12 18 0`, "none", 'stroke="#fdfcf7" stroke-width="4"'))}${times(6, (i) => flower(170 + i * 28 - 30, 226, 7, 6, "#efe8d8", "#d8cfbf"))}`,
    focus: [210, 240],
    shadow: 0,
  },
  "Tenor Steelpan with Stand and Sticks": steelpan(),
  "Goatskin Hand Drum, Mahogany Shell": handDrum(),
  "Hand-Painted Calabash Shak-Shaks, Pair": shakShaks(),
};
