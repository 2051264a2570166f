/** Figures, dolls, games, outdoor play and building sets. */
import {
  circle,
  clipped,
  type Drawing,
  ellipse,
  gloss,
  line,
  path,
  plaid,
  poly,
  rect,
  rng,
  times,
  tone,
} from "./kit";
import { bicycle } from "./sports";

/** A figure in its window box, as collectors sell them sealed. */
function boxedFigure(box: string, figure: string): Drawing {
  return {
    svg: `${rect(90, 30, 220, 316, box, 10)}${rect(90, 30, 220, 50, tone(box, -0.25), 10)}
      ${rect(110, 90, 180, 220, "#dfe7ef", 6)}${figure}${rect(110, 90, 180, 220, "#fff", 6, 'opacity=".12"')}
      ${path("M110 90 L170 90 L110 190 Z", "#fff", 'opacity=".35"')}${rect(90, 316, 220, 30, tone(box, -0.25), 0)}${rect(110, 44, 120, 14, "#fff", 4, 'opacity=".5"')}`,
    focus: [200, 180],
    shadow: 240,
  };
}

const blackPanther = `${ellipse(200, 120, 20, 24, "#1b1b1f")}${path("M186 108 L180 94 L192 104 Z M214 108 L220 94 L208 104 Z", "#1b1b1f")}${path("M190 118 H198 M202 118 H210", "none", 'stroke="#c0c0c0" stroke-width="3"')}
  ${path("M170 146 H230 L236 220 H164 Z", "#1b1b1f")}${path("M200 146 L186 180 L200 214 L214 180 Z", "none", 'stroke="#9d4edd" stroke-width="3"')}${times(4, (i) => path(`M${176 + i * 14} 150 l6 10 l6 -10`, "none", 'stroke="#c0c0c0" stroke-width="2"'))}
  ${rect(150, 148, 18, 80, "#1b1b1f", 8)}${rect(232, 148, 18, 80, "#1b1b1f", 8)}${path("M150 226 l-4 10 M158 228 l0 10 M166 226 l4 10", "none", 'stroke="#c0c0c0" stroke-width="2"')}
  ${rect(170, 220, 26, 82, "#1b1b1f", 8)}${rect(204, 220, 26, 82, "#1b1b1f", 8)}${rect(164, 298, 72, 8, "#3a3a3a", 3)}`;

const optimus = `${rect(184, 96, 32, 34, "#1d4ed8", 6)}${rect(178, 96, 6, 22, "#9aa0a8", 2)}${rect(216, 96, 6, 22, "#9aa0a8", 2)}${rect(190, 108, 20, 8, "#7dd3fc", 2)}${rect(192, 118, 16, 10, "#9aa0a8", 2)}
  ${rect(160, 132, 80, 60, "#d62828", 6)}${rect(168, 140, 28, 26, "#7dd3fc", 3)}${rect(204, 140, 28, 26, "#7dd3fc", 3)}${times(5, (i) => rect(172 + i * 12, 172, 6, 16, "#9aa0a8", 1))}
  ${rect(132, 132, 26, 70, "#d62828", 6)}${rect(242, 132, 26, 70, "#d62828", 6)}${rect(134, 200, 22, 22, "#1d4ed8", 4)}${rect(244, 200, 22, 22, "#1d4ed8", 4)}
  ${rect(170, 192, 60, 24, "#9aa0a8", 4)}${rect(166, 216, 30, 86, "#1d4ed8", 6)}${rect(204, 216, 30, 86, "#1d4ed8", 6)}${rect(170, 240, 22, 8, "#9aa0a8", 2)}${rect(208, 240, 22, 8, "#9aa0a8", 2)}
  ${rect(160, 296, 40, 12, "#1d4ed8", 3)}${rect(200, 296, 40, 12, "#1d4ed8", 3)}`;

function figureBox(): Drawing {
  const r = rng(5);
  const heads = times(14, (i) => {
    const x = 80 + (i % 7) * 40 + r() * 10;
    const y = 150 + Math.floor(i / 7) * 46 + r() * 10;
    const c = ["#e63946", "#3a86ff", "#ffbe0b", "#2a9d8f", "#8338ec", "#6c757d", "#f77f00"][
      i % 7
    ] as string;
    return `${rect(x - 14, y + 8, 28, 40, c, 6)}${circle(x, y, 12, ["#f1c27d", "#8d5524", "#c68642", "#e0ac69"][i % 4] as string)}${rect(x - 12, y - 14, 24, 8, tone(c, -0.3), 3)}`;
  });
  return {
    svg: `${path("M60 150 L40 100 L130 120 L150 170 Z", "#c9a36b")}${path("M340 150 L360 100 L270 120 L250 170 Z", "#b58d55")}
      ${rect(60, 150, 280, 40, "#a07a45")}${heads}${path("M60 190 H340 V340 H60 Z", "#c9a36b")}${rect(60, 190, 280, 12, "#b58d55")}
      ${rect(130, 240, 140, 50, "#fff", 4, 'opacity=".65"')}${line("M150 256 H250 M150 272 H220", "#8a6b44", 5)}`,
    focus: [200, 180],
    shadow: 330,
  };
}

function clothDoll(): Drawing {
  const dress = "M150 170 H250 L290 320 H110 Z";
  return {
    svg: `${rect(178, 300, 16, 40, "#6b3f25", 6)}${rect(206, 300, 16, 40, "#6b3f25", 6)}${ellipse(184, 340, 14, 7, "#1d1d1d")}${ellipse(216, 340, 14, 7, "#1d1d1d")}
      ${line("M150 180 L110 260 M250 180 L290 260", "#6b3f25", 16)}
      ${clipped("dolldress", dress, plaid(100, 160, 200, 170, ["#d62828", "#ffd166", "#2a9d8f", "#f1faee"], 26))}${rect(150, 166, 100, 14, "#f1faee", 4)}
      ${circle(200, 120, 46, "#6b3f25")}${path("M150 110 C150 50 250 50 250 110 C240 80 160 80 150 110 Z", "#d62828")}${clipped("headtie", "M150 110 C150 50 250 50 250 110 C240 80 160 80 150 110 Z", plaid(140, 50, 120, 70, ["#d62828", "#ffd166", "#2a9d8f"], 18))}
      ${path("M240 80 L270 60 L262 96 Z", "#ffd166")}${circle(184, 120, 5, "#111")}${circle(216, 120, 5, "#111")}${path("M186 140 Q200 150 214 140", "none", 'stroke="#e07a5f" stroke-width="3"')}
      ${circle(154, 132, 6, "#ffd166")}${circle(246, 132, 6, "#ffd166")}`,
    focus: [200, 140],
    shadow: 200,
  };
}

function dreamhouse(): Drawing {
  const pink = "#ff5fa2";
  return {
    svg: `${rect(60, 100, 280, 240, "#fff0f6")}${path("M50 104 L200 30 L350 104 Z", pink)}
      ${rect(60, 176, 280, 8, pink)}${rect(60, 256, 280, 8, pink)}${rect(196, 100, 8, 240, pink)}
      ${rect(80, 120, 40, 44, "#a5d8ff")}${rect(240, 200, 60, 48, "#a5d8ff")}${rect(96, 276, 60, 56, "#ffd6e7")}${rect(246, 288, 40, 44, "#ff85b3")}
      ${rect(250, 120, 64, 30, "#ffb3d1", 8)}${rect(90, 210, 70, 16, "#c77dff", 6)}${circle(300, 294, 8, "#ffd43b")}
      ${path("M340 176 H380 V184 H340 Z", pink)}${times(4, (i) => line(`M${346 + i * 10} 184 V216`, pink, 3))}${line("M340 216 H384", pink, 4)}
      ${rect(60, 336, 280, 10, "#e64980")}${gloss(70, 110, 260, 4, 2)}`,
    focus: [200, 200],
    shadow: 340,
  };
}

function rebornBaby(): Drawing {
  return {
    svg: `${path("M70 300 C70 230 130 200 210 200 C300 200 340 250 340 300 C340 330 300 346 200 346 C110 346 70 330 70 300 Z", "#fff3bf")}
      ${path("M110 290 C140 250 270 250 300 290", "none", 'stroke="#ffe066" stroke-width="10"')}
      ${circle(150, 196, 70, "#f3c7a6")}${path("M90 170 C100 120 200 110 214 170 C190 140 120 140 90 170 Z", "#a0522d", 'opacity=".5"')}
      ${path("M124 200 Q132 194 140 200 M162 200 Q170 194 178 200", "none", 'stroke="#5a3825" stroke-width="3"')}${ellipse(151, 232, 10, 6, "#e07a7a")}
      ${circle(118, 220, 10, "#f4a6a6", 'opacity=".5"')}${circle(186, 220, 10, "#f4a6a6", 'opacity=".5"')}
      ${ellipse(240, 262, 28, 20, "#f3c7a6")}${rect(300, 196, 26, 70, "#e9f5ff", 8)}${rect(304, 186, 18, 14, "#ffd43b", 4)}`,
    focus: [150, 210],
    shadow: 330,
  };
}

function dominoes(): Drawing {
  const pips = (x: number, y: number, n: number) => {
    const spots: [number, number][][] = [
      [],
      [[0, 0]],
      [
        [-8, -8],
        [8, 8],
      ],
      [
        [-8, -8],
        [0, 0],
        [8, 8],
      ],
      [
        [-8, -8],
        [8, -8],
        [-8, 8],
        [8, 8],
      ],
      [
        [-8, -8],
        [8, -8],
        [0, 0],
        [-8, 8],
        [8, 8],
      ],
      [
        [-8, -9],
        [8, -9],
        [-8, 0],
        [8, 0],
        [-8, 9],
        [8, 9],
      ],
    ];
    return (spots[n] ?? []).map(([dx, dy]) => circle(x + dx, y + dy, 3.5, "#1d1d1d")).join("");
  };
  const tile = (x: number, y: number, a: number, b: number, rot: number) =>
    `<g transform="rotate(${rot} ${x + 20} ${y + 40})">${rect(x, y, 40, 80, "#fdfcf7", 6)}${rect(x, y, 40, 80, "none", 6, 'stroke="#ced4da" stroke-width="2"')}${line(`M${x + 6} ${y + 40} H${x + 34}`, "#adb5bd", 2)}${pips(x + 20, y + 20, a)}${pips(x + 20, y + 60, b)}</g>`;
  return {
    svg: `${rect(40, 120, 200, 130, "#6f1d1b", 10)}${rect(50, 130, 180, 110, "#4a1412", 6)}${times(6, (i) => rect(58 + i * 28, 138, 24, 94, "#fdfcf7", 4))}
      ${path("M40 120 L70 60 H270 L240 120 Z", "#8a2a26")}
      ${tile(260, 200, 6, 6, 10)}${tile(200, 250, 3, 5, -70)}${tile(300, 250, 2, 4, 80)}${tile(120, 270, 1, 6, -85)}`,
    focus: [240, 260],
    shadow: 360,
  };
}

function ludo(): Drawing {
  const board = "M200 110 L370 200 L200 290 L30 200 Z";
  const corner = (cx: number, cy: number, c: string) =>
    `${ellipse(cx, cy, 54, 28, c)}${ellipse(cx, cy, 30, 16, "#fff")}${circle(cx - 10, cy - 4, 6, c)}${circle(cx + 10, cy + 4, 6, c)}`;
  return {
    svg: `${path("M30 200 L200 290 L370 200 V214 L200 304 L30 214 Z", "#8a5a2b")}${path(board, "#fdf8ec")}
      ${corner(200, 150, "#e63946")}${corner(300, 200, "#2a9d8f")}${corner(200, 250, "#ffbe0b")}${corner(100, 200, "#3a86ff")}
      ${path("M200 180 L240 200 L200 220 L160 200 Z", "#1d1d1d", 'opacity=".1"')}${poly(
        [
          [200, 180],
          [240, 200],
          [200, 200],
        ],
        "#e63946",
      )}${poly(
        [
          [240, 200],
          [200, 220],
          [200, 200],
        ],
        "#2a9d8f",
      )}${poly(
        [
          [200, 220],
          [160, 200],
          [200, 200],
        ],
        "#ffbe0b",
      )}${poly(
        [
          [160, 200],
          [200, 180],
          [200, 200],
        ],
        "#3a86ff",
      )}
      ${times(4, (i) => `${path(`M${80 + i * 70} 320 l12 -30 l12 30 Z`, ["#e63946", "#3a86ff", "#ffbe0b", "#2a9d8f"][i] as string)}${circle(92 + i * 70, 288, 8, ["#e63946", "#3a86ff", "#ffbe0b", "#2a9d8f"][i] as string)}`)}
      ${rect(300, 290, 30, 30, "#fff", 5, 'stroke="#adb5bd" stroke-width="2"')}${circle(309, 299, 3, "#111")}${circle(321, 311, 3, "#111")}`,
    focus: [200, 200],
    shadow: 340,
  };
}

function propertyGame(): Drawing {
  const colors = [
    "#8b4513",
    "#87ceeb",
    "#ff69b4",
    "#ffa500",
    "#e63946",
    "#ffd700",
    "#2a9d8f",
    "#1d3557",
  ];
  return {
    svg: `${path("M30 200 L200 110 L370 200 L200 290 Z", "#d8f3dc")}${path("M30 200 L200 290 L370 200 V212 L200 302 L30 212 Z", "#95d5b2")}
      ${times(8, (i) =>
        poly(
          [
            [30 + i * 21.25, 200 - i * 11.25],
            [51 + i * 21.25, 189 - i * 11.25],
            [61 + i * 21.25, 194 - i * 11.25],
            [40 + i * 21.25, 205 - i * 11.25],
          ],
          colors[i] as string,
        ),
      )}
      ${times(8, (i) =>
        poly(
          [
            [200 + i * 21.25, 110 + i * 11.25],
            [221 + i * 21.25, 121 + i * 11.25],
            [211 + i * 21.25, 126 + i * 11.25],
            [190 + i * 21.25, 115 + i * 11.25],
          ],
          colors[7 - i] as string,
        ),
      )}
      ${path("M90 200 L200 142 L310 200 L200 258 Z", "#b7e4c7")}${path("M150 200 L200 174 L250 200 L200 226 Z", "#e63946", 'opacity=".85"')}
      ${rect(250, 240, 90, 60, "#f8f9fa", 4, 'transform="rotate(-12 295 270)"')}${rect(262, 252, 66, 14, "#ffd700", 2, 'transform="rotate(-12 295 270)"')}
      ${rect(70, 250, 70, 40, "#a7c957", 3)}${rect(80, 258, 50, 24, "#f2e8cf", 2)}${path("M120 150 h14 v-14 l8 -8 l8 8 v14 Z", "#2a9d8f")}`,
    focus: [200, 200],
    shadow: 340,
  };
}

function bermudaKite(): Drawing {
  const cx = 200;
  const cy = 150;
  const colors = [
    "#e63946",
    "#ffbe0b",
    "#3a86ff",
    "#2a9d8f",
    "#8338ec",
    "#f77f00",
    "#ff006e",
    "#06d6a0",
  ];
  const sectors = times(8, (i) => {
    const a1 = (i / 8) * Math.PI * 2 - Math.PI / 2;
    const a2 = ((i + 1) / 8) * Math.PI * 2 - Math.PI / 2;
    return poly(
      [
        [cx, cy],
        [cx + 120 * Math.cos(a1), cy + 120 * Math.sin(a1)],
        [cx + 120 * Math.cos(a2), cy + 120 * Math.sin(a2)],
      ],
      colors[i] as string,
    );
  });
  const inner = times(8, (i) => {
    const a1 = (i / 8) * Math.PI * 2 - Math.PI / 2;
    const a2 = ((i + 1) / 8) * Math.PI * 2 - Math.PI / 2;
    return poly(
      [
        [cx, cy],
        [cx + 60 * Math.cos(a1), cy + 60 * Math.sin(a1)],
        [cx + 60 * Math.cos(a2), cy + 60 * Math.sin(a2)],
      ],
      colors[(i + 3) % 8] as string,
    );
  });
  return {
    svg: `${sectors}${inner}${times(4, (i) => line(`M${cx + 124 * Math.cos((i * Math.PI) / 4 - Math.PI / 2)} ${cy + 124 * Math.sin((i * Math.PI) / 4 - Math.PI / 2)} L${cx - 124 * Math.cos((i * Math.PI) / 4 - Math.PI / 2)} ${cy - 124 * Math.sin((i * Math.PI) / 4 - Math.PI / 2)}`, "#8a6b44", 4))}
      ${path(`M${cx} ${cy + 120} C${cx + 30} ${cy + 160} ${cx - 30} ${cy + 180} ${cx + 10} ${cy + 220}`, "none", 'stroke="#6c757d" stroke-width="2"')}
      ${times(5, (i) => `<g transform="translate(${cx + (i % 2 ? 10 : -8)} ${cy + 136 + i * 20})">${path("M-10 -4 L0 0 L-10 4 Z M10 -4 L0 0 L10 4 Z", colors[i] as string)}</g>`)}`,
    focus: [200, 150],
    shadow: 120,
  };
}

function waterSlide(): Drawing {
  return {
    svg: `${path("M40 330 V150 C40 120 60 100 90 100 H180 C200 100 210 120 210 150 V330 Z", "#3a86ff")}${rect(60, 130, 130, 200, "#ffbe0b", 10)}
      ${path("M200 150 C260 150 300 220 360 300 L330 320 C290 250 250 190 200 190 Z", "#06d6a0")}${path("M210 160 C256 162 290 220 340 300", "none", 'stroke="#caf0f8" stroke-width="10" opacity=".8"')}
      ${path("M260 300 H380 V346 H260 Z", "#3a86ff")}${rect(270, 310, 100, 24, "#90e0ef")}
      ${times(4, (i) => rect(70, 150 + i * 40, 110, 10, "#f77f00", 4))}${circle(110, 110, 14, "#e63946")}${circle(160, 110, 14, "#e63946")}`,
    focus: [280, 260],
    shadow: 380,
  };
}

function legoHarbour(): Drawing {
  const brick = (x: number, y: number, w: number, c: string) =>
    `${rect(x, y, w, 24, c, 2)}${times(Math.floor(w / 20), (i) => rect(x + 4 + i * 20, y - 6, 12, 7, tone(c, 0.12), 2))}${rect(x, y + 18, w, 6, tone(c, -0.2), 1)}`;
  return {
    svg: `${rect(20, 300, 360, 46, "#2a6fdb", 4)}${times(9, (i) => rect(26 + i * 40, 294, 28, 7, "#4d8ff0", 2))}
      ${brick(40, 270, 140, "#a0a0a0")}${brick(40, 246, 60, "#a0a0a0")}${brick(60, 150, 40, "#f4f4f4")}${brick(60, 174, 40, "#e63946")}${brick(60, 198, 40, "#f4f4f4")}${brick(60, 222, 40, "#e63946")}
      ${brick(200, 250, 160, "#ffd500")}${path("M196 274 H364 L340 300 H220 Z", "#e63946")}${brick(240, 220, 60, "#f4f4f4")}${rect(250, 226, 16, 12, "#7dd3fc")}
      ${rect(318, 170, 8, 80, "#1d1d1d")}${rect(290, 166, 60, 8, "#1d1d1d")}${line("M346 174 V200", "#555", 2)}${rect(338, 200, 16, 12, "#f77f00", 2)}
      ${circle(120, 236, 9, "#ffd500")}${rect(112, 244, 16, 18, "#1d3557", 3)}`,
    focus: [200, 240],
    shadow: 380,
  };
}

function woodenBlocks(): Drawing {
  const block = (x: number, y: number, s: number, c: string) =>
    `${path(`M${x} ${y} l${s * 0.5} ${-s * 0.3} h${s} l${-s * 0.5} ${s * 0.3} Z`, tone(c, 0.2))}${path(`M${x + s} ${y} l${s * 0.5} ${-s * 0.3} v${s} l${-s * 0.5} ${s * 0.3} Z`, tone(c, -0.15))}${rect(x, y, s, s, c)}`;
  const wood = "#e3c08d";
  return {
    svg: `${block(60, 260, 80, wood)}${block(150, 260, 80, "#e63946")}${block(240, 260, 80, wood)}${block(105, 180, 80, "#3a86ff")}${block(195, 180, 80, wood)}${block(150, 100, 80, "#ffbe0b")}
      ${path("M300 330 L330 280 L360 330 Z", "#2a9d8f")}${rect(40, 330, 60, 16, "#8338ec")}${circle(350, 250, 20, "#f77f00")}`,
    focus: [200, 220],
    shadow: 360,
  };
}

function magneticTiles(): Drawing {
  const t = (pts: [number, number][], c: string) =>
    `${poly(pts, c, 'opacity=".7"')}${poly(pts, "none", `stroke="${tone(c, -0.2)}" stroke-width="5"`)}`;
  return {
    svg: `${t(
      [
        [80, 340],
        [80, 220],
        [200, 220],
        [200, 340],
      ],
      "#e63946",
    )}${t(
      [
        [200, 340],
        [200, 220],
        [320, 220],
        [320, 340],
      ],
      "#3a86ff",
    )}
      ${t(
        [
          [80, 220],
          [140, 120],
          [200, 220],
        ],
        "#ffbe0b",
      )}${t(
        [
          [200, 220],
          [260, 120],
          [320, 220],
        ],
        "#06d6a0",
      )}${t(
        [
          [140, 120],
          [200, 220],
          [260, 120],
        ],
        "#8338ec",
      )}
      ${t(
        [
          [30, 346],
          [60, 300],
          [90, 346],
        ],
        "#f77f00",
      )}${t(
        [
          [320, 346],
          [320, 290],
          [376, 290],
          [376, 346],
        ],
        "#ff006e",
      )}`,
    focus: [200, 220],
    shadow: 360,
  };
}

export const TOYS: Record<string, Drawing> = {
  "Marvel Legends Black Panther Figure": boxedFigure("#b3001b", blackPanther),
  "Transformers Optimus Prime, Studio Series": boxedFigure("#1b2a4a", optimus),
  "Box of 1990s Action Figures, 25 Pieces": figureBox(),
  "Handmade Cloth Doll in Madras Dress": clothDoll(),
  "Barbie Dreamhouse, 3 Storey": dreamhouse(),
  "Reborn Baby Doll, 50 cm": rebornBaby(),
  "Tournament Dominoes Set in Wooden Box": dominoes(),
  "Hand-Painted Wooden Ludo Board": ludo(),
  "Caribbean Edition Property Trading Game": propertyGame(),
  "Hand-Built Bermuda Easter Kite": bermudaKite(),
  "Kids' Bicycle, 20-inch": bicycle({ frame: "#ff4d6d", wheel: 60, kid: true }),
  "Inflatable Water Slide with Pool": waterSlide(),
  "LEGO City Harbour Set": legoHarbour(),
  "Wooden Building Blocks, 100 Pieces": woodenBlocks(),
  "Magnetic Tiles, 60 Piece Set": magneticTiles(),
};
