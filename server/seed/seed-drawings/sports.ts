/** Cricket, water sports, fitness, cycling and football. */
import {
  circle,
  clipped,
  type Drawing,
  ellipse,
  gloss,
  group,
  line,
  path,
  poly,
  rect,
  times,
  tone,
} from "./kit";

/** A bicycle side view; `drop` bars for road bikes, `kid` for small wheels and a high bar. */
export function bicycle(o: {
  frame: string;
  wheel: number;
  drop?: boolean;
  fat?: boolean;
  kid?: boolean;
}): Drawing {
  const r = o.wheel;
  const y = 346 - r;
  const rear = 200 - 90 - (o.kid ? -10 : 10);
  const front = 200 + 90 + (o.kid ? -10 : 10);
  const seat: [number, number] = [rear + 70, y - r * 1.05];
  const head: [number, number] = [front - 30, y - r * 1.1];
  const crank: [number, number] = [rear + 86, y + 4];
  const tyre = o.fat ? 10 : 5;
  const wheelSvg = (cx: number) =>
    `${circle(cx, y, r, "none", `stroke="#1c1d21" stroke-width="${tyre * 2}"`)}${circle(cx, y, r - tyre, "none", 'stroke="#8a9099" stroke-width="3"')}
    ${times(12, (i) => line(`M${cx} ${y} L${cx + (r - tyre) * Math.cos(i * 0.5236)} ${y + (r - tyre) * Math.sin(i * 0.5236)}`, "#aeb4bc", 1.2))}${circle(cx, y, 6, "#555")}`;
  return {
    svg: `${wheelSvg(rear)}${wheelSvg(front)}
      ${line(`M${rear} ${y} L${crank[0]} ${crank[1]} L${seat[0]} ${seat[1] + 10} Z`, o.frame, 8)}
      ${line(`M${crank[0]} ${crank[1]} L${head[0]} ${head[1] + 16} L${seat[0] + 4} ${seat[1] + 14}`, o.frame, 10)}
      ${line(`M${head[0]} ${head[1]} L${front} ${y}`, tone(o.frame, -0.2), 7)}
      ${line(`M${seat[0]} ${seat[1] + 10} L${seat[0] - 4} ${seat[1] - 8}`, "#444", 5)}${path(`M${seat[0] - 26} ${seat[1] - 12} H${seat[0] + 16} C${seat[0] + 18} ${seat[1] - 4} ${seat[0] - 20} ${seat[1] - 2} ${seat[0] - 26} ${seat[1] - 12} Z`, "#1c1d21")}
      ${line(`M${head[0]} ${head[1]} L${head[0] - 4} ${head[1] - 16}`, "#444", 5)}
      ${o.drop ? path(`M${head[0] - 4} ${head[1] - 16} H${head[0] + 22} C${head[0] + 40} ${head[1] - 16} ${head[0] + 40} ${head[1] + 16} ${head[0] + 22} ${head[1] + 14}`, "none", 'stroke="#1c1d21" stroke-width="6" stroke-linecap="round"') : line(`M${head[0] - 22} ${head[1] - 18} H${head[0] + 14}`, "#1c1d21", 7)}
      ${circle(crank[0], crank[1], 14, "#6c727a")}${line(`M${crank[0] - 16} ${crank[1] + 12} L${crank[0] + 16} ${crank[1] - 12}`, "#333", 5)}
      ${line(`M${crank[0]} ${crank[1]} L${rear} ${y}`, "#555", 2)}
      ${o.kid ? `${line(`M${rear} ${y} L${rear - 14} ${y + 16}`, "#777", 4)}${circle(rear - 16, y + 14, 14, "#eee", 'stroke="#777" stroke-width="4"')}` : ""}`,
    focus: [200, y - r * 0.3],
    shadow: 380,
  };
}

function cricketBat(): Drawing {
  const willow = "#e9d3a5";
  return {
    svg: `<g transform="rotate(-28 200 200)">${rect(186, 20, 28, 130, "#1d1d1d", 8)}${times(10, (i) => line(`M186 ${30 + i * 11} H214`, "#c1121f", 3, 'opacity=".8"'))}
      ${path("M176 150 H224 C232 150 236 156 236 164 V380 C236 392 226 398 214 398 H186 C174 398 164 392 164 380 V164 C164 156 168 150 176 150 Z", willow)}
      ${times(6, (i) => line(`M${172 + i * 11} 170 V390`, tone(willow, -0.12), 2))}${rect(170, 200, 60, 40, "#1d3557", 4)}${rect(176, 210, 48, 6, "#ffd166", 2)}
      ${gloss(176, 170, 8, 200, 4)}</g>
      ${circle(320, 320, 26, "#b5121b")}${path("M296 318 C310 330 330 330 344 318", "none", 'stroke="#f1faee" stroke-width="2" stroke-dasharray="3 3"')}`,
    focus: [200, 150],
    shadow: 300,
  };
}

function kitBag(): Drawing {
  return {
    svg: `${rect(40, 190, 320, 140, "#1d3557", 24)}${rect(40, 190, 320, 30, "#264b75", 14)}${line("M70 212 H330", "#adb5bd", 3, 'stroke-dasharray="8 6"')}
      ${circle(80, 330, 16, "#1c1d21")}${circle(320, 330, 16, "#1c1d21")}${rect(340, 150, 12, 60, "#555", 4)}${rect(320, 140, 52, 14, "#333", 6)}
      ${path("M96 80 H150 V236 C150 250 96 250 96 236 Z", "#f8f9fa")}${times(4, (i) => line(`M${104 + i * 12} 90 V236`, "#ced4da", 4))}
      ${path("M160 100 H214 V244 C214 258 160 258 160 244 Z", "#f1f3f5")}${times(4, (i) => line(`M${168 + i * 12} 110 V244`, "#ced4da", 4))}
      ${path("M236 130 C236 110 276 106 290 120 L300 180 C300 194 250 196 244 182 Z", "#f8f9fa")}${times(3, (i) => rect(244 + i * 16, 140, 10, 36, "#e63946", 4))}
      ${rect(60, 256, 110, 40, "#264b75", 8)}${rect(220, 256, 120, 40, "#264b75", 8)}`,
    focus: [200, 200],
    shadow: 340,
  };
}

function cricketBalls(): Drawing {
  const ball = (cx: number, cy: number) =>
    `${circle(cx, cy, 36, "#a4161a")}${path(`M${cx - 30} ${cy - 18} C${cx - 10} ${cy - 4} ${cx + 10} ${cy - 4} ${cx + 30} ${cy - 18}`, "none", 'stroke="#f1faee" stroke-width="2" stroke-dasharray="3 3"')}${path(`M${cx - 30} ${cy - 12} C${cx - 10} ${cy + 2} ${cx + 10} ${cy + 2} ${cx + 30} ${cy - 12}`, "none", 'stroke="#f1faee" stroke-width="2" stroke-dasharray="3 3"')}${circle(cx - 12, cy - 14, 8, "#fff", 'opacity=".25"')}`;
  return {
    svg: `${path("M50 200 H350 L340 340 H60 Z", "#7f5539")}${path("M50 200 H350 L360 180 H40 Z", "#9c6644")}
      ${ball(110, 210)}${ball(200, 200)}${ball(290, 210)}${ball(150, 250)}${ball(250, 250)}
      ${path("M60 240 H340 L340 340 H60 Z", "#7f5539")}${rect(140, 270, 120, 40, "#e9d8a6", 4)}${rect(152, 282, 96, 6, "#9c6644", 2)}${rect(152, 294, 60, 6, "#9c6644", 2)}
      ${ball(340, 310)}`,
    focus: [200, 220],
    shadow: 340,
  };
}

function surfboard(): Drawing {
  const board = "M200 20 C250 60 262 200 250 300 C244 340 156 340 150 300 C138 200 150 60 200 20 Z";
  return {
    svg: `<g transform="rotate(18 200 200)">${path(board, "#fdfcf7")}${clipped("surf", board, rect(140, 140, 130, 24, "#00a6a6"), rect(140, 172, 130, 10, "#f77f00"))}${line("M200 30 V320", "#d9d4c5", 2)}
      ${path("M186 300 L200 330 L214 300 Z", "#1d3557")}${gloss(176, 60, 8, 200, 4)}</g>${line("M230 330 C280 346 330 320 340 290", "#1d3557", 3)}`,
    focus: [200, 180],
    shadow: 200,
  };
}

function snorkelSet(): Drawing {
  return {
    svg: `${path("M40 330 L70 180 C74 166 96 166 100 180 L130 330 Z", "#0077b6")}${path("M140 330 L170 190 C174 176 196 176 200 190 L230 330 Z", "#0096c7")}
      ${rect(62, 178, 46, 50, "#023e8a", 10)}${rect(162, 188, 46, 50, "#023e8a", 10)}
      ${ellipse(290, 200, 74, 92, "#f8f9fa")}${ellipse(290, 200, 60, 78, "#caf0f8", 'opacity=".75"')}${path("M240 200 H340", "none", 'stroke="#adb5bd" stroke-width="4"')}
      ${rect(276, 60, 28, 60, "#ff6b35", 8)}${rect(282, 40, 16, 30, "#ff6b35", 5)}${gloss(250, 140, 10, 60, 5)}
      ${path("M216 200 C200 240 210 300 240 320 M364 200 C380 240 370 300 340 320", "none", 'stroke="#1d1d1d" stroke-width="6"')}`,
    focus: [290, 180],
    shadow: 340,
  };
}

function paddleBoard(): Drawing {
  return {
    svg: `${path("M20 300 C20 272 120 262 220 262 C320 262 384 280 384 296 C384 312 320 330 220 330 C120 330 20 328 20 300 Z", "#48cae4")}
      ${path("M40 300 C40 284 120 276 220 276 C300 276 360 288 360 296", "none", 'stroke="#fff" stroke-width="4" opacity=".6"')}
      ${rect(150, 278, 110, 30, "#1d3557", 8, 'opacity=".8"')}${line("M30 300 C30 290 40 284 60 282", "#f77f00", 6)}
      ${line("M300 40 L250 250", "#1d1d1d", 8)}${path("M242 240 L262 244 L256 300 C254 310 238 308 236 298 Z", "#f77f00")}${line("M292 36 H316", "#1d1d1d", 10)}`,
    focus: [220, 280],
    shadow: 380,
  };
}

function kitesurfKite(): Drawing {
  return {
    svg: `${path("M40 200 C60 80 340 80 360 200 L330 210 C310 120 90 120 70 210 Z", "#ff006e")}
      ${path("M70 210 C90 120 310 120 330 210 L320 176 C290 130 110 130 80 176 Z", "#ffbe0b", 'opacity=".9"')}
      ${times(5, (i) => line(`M${110 + i * 45} ${116 + Math.abs(2 - i) * 8} L${100 + i * 50} ${200 - Math.abs(2 - i) * 10}`, "#8338ec", 4))}
      ${line("M50 206 L180 300 M350 206 L220 300 M90 190 L186 300 M310 190 L214 300", "#adb5bd", 1.5)}
      ${line("M140 300 H260", "#1d1d1d", 10)}${rect(132, 294, 16, 12, "#e63946", 3)}${rect(252, 294, 16, 12, "#3a86ff", 3)}${line("M200 300 V336", "#1d1d1d", 3)}`,
    focus: [200, 170],
    shadow: 200,
  };
}

function dumbbells(): Drawing {
  // Two adjustable dumbbells in their trays: a grip between stacks of plates, the selector dials.
  const bell = (x: number, y: number, s: number) => {
    const plates = (px: number) =>
      times(5, (i) =>
        rect(px + i * 11, y - 56 + i * 2, 10, 112 - i * 4, i % 2 ? "#2b2d33" : "#3a3d44", 4),
      );
    return `<g transform="translate(${x} ${y}) scale(${s}) translate(${-x} ${-y})">${path(`M${x - 150} ${y + 40} H${x + 150} L${x + 140} ${y + 70} H${x - 140} Z`, "#1b1c20")}
      ${plates(x - 150)}${plates(x + 96)}${rect(x - 96, y - 12, 192, 24, "#9aa0a8", 8)}${times(8, (i) => line(`M${x - 60 + i * 16} ${y - 12} V${y + 12}`, "#6c727a", 2))}
      ${circle(x - 150, y - 40, 14, "#d62828")}${circle(x + 150, y - 40, 14, "#d62828")}${line(`M${x - 150} ${y - 50} V${y - 40}`, "#fff", 3)}${line(`M${x + 150} ${y - 50} V${y - 40}`, "#fff", 3)}
      ${gloss(x - 90, y - 8, 180, 4, 2)}</g>`;
  };
  return {
    svg: `${bell(200, 190, 0.82)}${bell(200, 276, 1)}`,
    focus: [200, 260],
    shadow: 360,
  };
}

function yogaMat(): Drawing {
  const c = "#7b2cbf";
  return {
    svg: `${path("M30 320 L230 280 L370 300 L170 344 Z", c)}${path("M30 320 L170 344 V350 L30 326 Z", tone(c, -0.3))}
      ${rect(150, 120, 200, 140, c, 70, 'transform="rotate(-8 250 190)"')}${ellipse(334, 168, 42, 70, tone(c, -0.2), 'transform="rotate(-8 334 168)"')}
      ${times(4, (i) => ellipse(334, 168, 36 - i * 9, 60 - i * 15, "none", `stroke="${tone(c, 0.2)}" stroke-width="3" transform="rotate(-8 334 168)"`))}
      ${line("M180 120 V270 M270 110 V258", "#1d1d1d", 10)}`,
    focus: [250, 190],
    shadow: 360,
  };
}

function treadmill(): Drawing {
  return {
    svg: `${path("M40 320 L300 300 L360 320 L100 344 Z", "#2b2d33")}${path("M60 318 L296 300 L338 314 L104 334 Z", "#111")}
      ${line("M296 300 L290 110", "#4a4e56", 12)}${line("M336 318 L330 110", "#4a4e56", 12)}
      ${rect(240, 80, 130, 46, "#2b2d33", 10)}${rect(260, 88, 70, 28, "#4cc9f0", 4)}${times(3, (i) => circle(342 + (i % 2) * 12, 96 + i * 8, 4, "#e63946"))}
      ${line("M240 140 L290 130 M330 130 L370 140", "#4a4e56", 8)}${rect(40, 330, 320, 8, "#1b1c20", 3)}`,
    focus: [300, 120],
    shadow: 360,
  };
}

function bikeHelmet(): Drawing {
  const c = "#2a9d8f";
  const shell =
    "M60 270 C50 170 130 100 220 106 C300 112 352 170 346 260 C346 270 330 276 300 276 H80 C66 276 60 274 60 270 Z";
  return {
    svg: `${path(shell, c)}${clipped(
      "helm",
      shell,
      times(6, (i) =>
        path(
          `M${100 + i * 40} 140 C${110 + i * 40} 180 ${104 + i * 40} 220 ${96 + i * 40} 250`,
          "none",
          'stroke="#1b1c20" stroke-width="14" stroke-linecap="round"',
        ),
      ),
      path("M60 230 H350 V280 H60 Z", "#1b1c20"),
    )}
      ${rect(320, 236, 24, 16, "#e63946", 4)}${circle(332, 244, 10, "#ff4d4d", 'opacity=".35"')}
      ${path("M90 276 C110 320 150 330 170 300", "none", 'stroke="#1b1c20" stroke-width="6"')}${gloss(140, 130, 80, 8, 4)}`,
    focus: [220, 200],
    shadow: 300,
  };
}

function football(): Drawing {
  return {
    svg: `${circle(200, 210, 130, "#fbfbf8")}
      ${clipped(
        "ball",
        "M70 210 A130 130 0 1 0 330 210 A130 130 0 1 0 70 210 Z",
        poly(
          [
            [200, 150],
            [250, 186],
            [232, 246],
            [168, 246],
            [150, 186],
          ],
          "#1d3557",
        ),
        poly(
          [
            [200, 80],
            [236, 104],
            [200, 130],
            [164, 104],
          ],
          "#e63946",
        ),
        poly(
          [
            [300, 160],
            [340, 190],
            [320, 250],
            [290, 230],
            [284, 180],
          ],
          "#1d3557",
        ),
        poly(
          [
            [100, 160],
            [116, 180],
            [110, 230],
            [80, 250],
            [60, 190],
          ],
          "#1d3557",
        ),
        poly(
          [
            [160, 300],
            [240, 300],
            [250, 350],
            [150, 350],
          ],
          "#e63946",
        ),
        line(
          "M200 150 L200 130 M250 186 L284 180 M232 246 L250 300 M168 246 L150 300 M150 186 L116 180",
          "#adb5bd",
          3,
        ),
      )}
      ${circle(200, 210, 130, "none", 'stroke="#dee2e6" stroke-width="3"')}${path("M110 140 A110 110 0 0 1 180 96", "none", 'stroke="#fff" stroke-width="10" opacity=".7"')}`,
    focus: [200, 200],
    shadow: 220,
  };
}

function boots(): Drawing {
  const upper =
    "M40 290 C36 244 52 206 78 196 C110 200 130 206 150 206 L186 178 C200 172 210 178 214 192 L222 214 C262 226 312 242 346 258 C368 270 372 286 366 298 H40 Z";
  return {
    svg: `${path(upper, "#1f2a44")}${path("M100 290 C150 250 230 226 320 240 C250 250 180 270 130 296 Z", "#f1f3f5")}
      ${times(5, (i) => line(`M${206 + i * 20} ${214 + i * 9} L${192 + i * 20} ${228 + i * 9}`, "#f1f3f5", 4))}
      ${path("M78 196 C110 200 130 206 150 206 C146 222 110 226 80 220 Z", "#0f172a")}
      ${path("M300 244 C330 252 360 266 366 290 L320 294 C318 276 310 258 300 244 Z", "#e63946")}
      ${rect(34, 294, 336, 16, "#e63946", 6)}${times(6, (i) => path(`M${60 + i * 54} 310 h14 l-3 18 h-8 Z`, "#f1f3f5"))}`,
    focus: [160, 250],
    shadow: 330,
  };
}

export const SPORTS: Record<string, Drawing> = {
  "English Willow Cricket Bat, Short Handle": cricketBat(),
  "Youth Cricket Kit Bag with Pads and Gloves": kitBag(),
  "Leather Cricket Balls, Box of 6": cricketBalls(),
  "7'2\" Funboard Surfboard": surfboard(),
  "Full-Face Snorkel Mask Set with Fins": snorkelSet(),
  "Inflatable Stand-Up Paddle Board": paddleBoard(),
  "Kitesurfing Kite, 12m, with Bar": kitesurfKite(),
  "Adjustable Dumbbells, 5-52 lb Pair": dumbbells(),
  "Extra Thick Yoga Mat with Strap": yogaMat(),
  "Folding Treadmill, 2.5HP": treadmill(),
  "Trek Marlin 5 Mountain Bike": bicycle({ frame: "#c1121f", wheel: 78, fat: true }),
  "Aluminium Road Bike, 54cm": bicycle({ frame: "#3a86ff", wheel: 80, drop: true }),
  "Bike Helmet with Rear Light": bikeHelmet(),
  "Adidas Match Football, Size 5": football(),
  "Reggae Boyz Home Jersey, Size L": {
    svg: `${group("translate(0 0)", `${path("M150 70 L96 96 L70 170 L112 184 L124 150 V340 H276 V150 L288 184 L330 170 L304 96 L250 70 C236 84 164 84 150 70 Z", "#ffd100")}${path("M150 70 C170 100 230 100 250 70 L240 66 C226 84 174 84 160 66 Z", "#009b3a")}${path("M96 96 L70 170 L84 175 L108 100 Z", "#009b3a")}${path("M304 96 L330 170 L316 175 L292 100 Z", "#009b3a")}${rect(124, 320, 152, 20, "#009b3a")}${path("M124 150 L276 240 V262 L124 172 Z", "#009b3a", 'opacity=".5"')}${circle(236, 126, 12, "#111")}`)}
      ${line("M200 40 C200 24 216 24 216 36 C216 44 200 46 200 56 M130 70 L200 56 L270 70", "#8a8f98", 5)}`,
    focus: [200, 150],
    shadow: 0,
  },
  "Firm Ground Football Boots, US 9": boots(),
};
