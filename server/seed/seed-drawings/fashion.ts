/** Clothes, shoes, bags, hats and sunglasses. */
import {
  circle,
  clipped,
  type Drawing,
  ellipse,
  flower,
  gloss,
  group,
  line,
  path,
  plaid,
  rect,
  rng,
  times,
  tone,
  weave,
} from "./kit";

/** A hanger hook over a garment, so clothes read as shop stock. */
const hanger = (y: number) =>
  `${line(`M200 ${y - 40} C200 ${y - 56} 216 ${y - 56} 216 ${y - 44} C216 ${y - 36} 200 ${y - 34} 200 ${y - 24}`, "#8a8f98", 5)}${line(`M130 ${y} L200 ${y - 24} L270 ${y}`, "#9aa0a8", 6)}`;

const DRESS_OUTLINE =
  "M160 70 L176 66 L200 108 L224 66 L240 70 L252 140 L236 170 L300 340 H100 L164 170 L148 140 Z";

function wrapDress(): Drawing {
  return {
    svg: `${hanger(72)}${clipped("dress", DRESS_OUTLINE, plaid(90, 60, 220, 290, ["#c8102e", "#f2b705", "#1d4e89", "#2a9d8f", "#ffffff"], 30))}
      ${path("M164 170 L236 170 L232 184 H168 Z", "#7a0a1c")}${line("M236 176 L190 300", "#7a0a1c", 5, 'opacity=".6"')}
      ${path("M176 66 L200 108 L224 66", "none", 'stroke="#7a0a1c" stroke-width="5"')}`,
    focus: [200, 160],
    shadow: 0,
  };
}

function carnivalCostume(): Drawing {
  const feathers = times(11, (i) => {
    const a = -75 + i * 15;
    const c = ["#00b4d8", "#ffd60a", "#00b4d8", "#f77f00", "#00b4d8", "#ffd60a"][i % 6] as string;
    return `<g transform="rotate(${a} 200 250)">${ellipse(200, 110, 20, 96, c)}${line("M200 30 V240", tone(c, -0.3), 3)}</g>`;
  });
  return {
    svg: `${feathers}${ellipse(200, 250, 70, 40, "#ffd60a")}
      ${path("M150 150 C150 120 196 120 196 150 C196 176 150 178 150 150 Z", "#0096c7")}${path("M204 150 C204 120 250 120 250 150 C250 178 204 176 204 150 Z", "#0096c7")}
      ${times(9, (i) => circle(152 + i * 12, 176 + Math.abs(4 - i) * -2, 4, "#ffd60a"))}
      ${line("M150 150 L120 128 M250 150 L280 128", "#ffd60a", 4)}
      ${path("M150 238 H250 L236 268 C220 292 180 292 164 268 Z", "#0096c7")}
      ${times(11, (i) => circle(150 + i * 10, 240, 4, "#ffd60a"))}
      ${times(7, (i) => line(`M${160 + i * 13} 262 L${156 + i * 13} 300`, "#ffd60a", 3))}`,
    focus: [200, 170],
    shadow: 220,
  };
}

function trousers(): Drawing {
  const c = "#d8c3a0";
  return {
    svg: `${hanger(64)}${path("M140 64 H260 L290 340 H214 L200 150 L186 340 H110 Z", c)}
      ${rect(140, 64, 120, 22, tone(c, -0.1), 3)}${times(5, (i) => rect(146 + i * 24, 62, 6, 26, tone(c, -0.2), 2))}
      ${line("M200 90 V150", tone(c, -0.25), 2)}${line("M168 100 L150 330 M232 100 L250 330", tone(c, -0.12), 3)}
      ${path("M110 340 L120 320 H180 L186 340 Z", tone(c, -0.08))}${path("M214 340 L220 320 H280 L290 340 Z", tone(c, -0.08))}`,
    focus: [200, 120],
    shadow: 0,
  };
}

function batikSundress(): Drawing {
  const outline = "M168 74 L178 74 L184 120 H216 L222 74 L232 74 L246 150 L300 340 H100 L154 150 Z";
  const r = rng(7);
  const blots = times(22, () => {
    const x = 100 + r() * 200;
    const y = 110 + r() * 230;
    return `${circle(x, y, 12 + r() * 10, "#f4a261", 'opacity=".85"')}${circle(x, y, 6, "#e76f51")}`;
  });
  return {
    svg: `${line("M172 74 L186 40 L214 40 L228 74", "#9aa0a8", 4)}${clipped(
      "sun",
      outline,
      rect(90, 60, 220, 290, "#2a6f97"),
      blots,
      times(6, (i) =>
        line(
          `M90 ${150 + i * 36} C150 ${130 + i * 36} 250 ${170 + i * 36} 310 ${150 + i * 36}`,
          "#8ecae6",
          5,
          'opacity=".6"',
        ),
      ),
    )}
      ${path("M154 150 H246 L244 160 H156 Z", "#1d4e6b")}`,
    focus: [200, 200],
    shadow: 0,
  };
}

const SHIRT =
  "M150 70 L96 96 L70 170 L112 184 L124 150 V340 H276 V150 L288 184 L330 170 L304 96 L250 70 C236 84 164 84 150 70 Z";

function shirt(o: { body: string; id: string; extra: string; collar: string }): Drawing {
  return {
    svg: `${hanger(68)}${clipped(`shirt-${o.id}`, SHIRT, rect(60, 60, 280, 290, o.body), o.extra)}${path(SHIRT, "none", `stroke="${tone(o.body, -0.22)}" stroke-width="3"`)}
      ${path("M150 70 L176 112 L200 92 L224 112 L250 70 C236 84 164 84 150 70 Z", o.collar)}`,
    focus: [200, 140],
    shadow: 0,
  };
}

function sneaker(o: {
  upper: string;
  sole: string;
  accent: string;
  swoosh?: boolean;
  knit?: boolean;
}): Drawing {
  const upper =
    "M44 296 C38 250 44 206 62 176 C80 168 104 170 122 178 C134 196 146 204 160 200 L176 170 C186 162 198 164 204 176 L214 196 C250 214 296 232 334 252 C362 266 372 282 368 300 Z";
  return {
    svg: `${path(upper, o.upper)}
      ${o.knit ? times(11, (i) => line(`M${70 + i * 27} ${190 + i * 4} C${76 + i * 27} 230 ${72 + i * 27} 260 ${76 + i * 27} 296`, tone(o.upper, 0.14), 3)) : ""}
      ${path("M62 176 C80 168 104 170 122 178 C120 196 100 206 70 204 Z", tone(o.upper, -0.35))}
      ${path("M160 200 L176 170 C186 162 198 164 204 176 L214 196 C196 204 176 206 160 200 Z", tone(o.upper, -0.06))}
      ${times(5, (i) => line(`M${204 + i * 20} ${206 + i * 9} L${188 + i * 20} ${222 + i * 9}`, tone(o.upper, -0.4), 5))}
      ${path("M286 234 C318 246 356 262 366 286 L300 290 C296 270 292 250 286 234 Z", tone(o.upper, -0.05))}
      ${o.swoosh ? path("M110 282 C180 262 270 240 340 226 C290 256 210 282 140 292 C124 294 108 290 110 282 Z", o.accent) : path("M170 276 L206 222 M198 280 L234 230 M226 284 L262 236", "none", `stroke="${o.accent}" stroke-width="10" stroke-linecap="round"`)}
      ${path("M44 198 C40 230 42 262 48 290", "none", `stroke="${tone(o.upper, -0.15)}" stroke-width="4"`)}
      ${path("M34 292 H372 C374 306 370 322 356 324 H46 C36 324 32 310 34 292 Z", o.sole)}${line("M40 308 H368", tone(o.sole, -0.12), 3)}
      ${o.knit ? rect(60, 292, 200, 26, tone(o.sole, -0.04), 8) : ""}`,
    focus: [150, 240],
    shadow: 330,
  };
}

function sandals(): Drawing {
  const leather = "#7a4a22";
  const one = (x: number, y: number, tilt: number) =>
    group(
      `rotate(${tilt} ${x + 48} ${y - 90})`,
      `${path(`M${x + 48} ${y + 6} C${x + 10} ${y + 6} ${x + 12} ${y - 60} ${x + 6} ${y - 110} C${x} ${y - 160} ${x + 20} ${y - 196} ${x + 54} ${y - 196} C${x + 92} ${y - 196} ${x + 100} ${y - 150} ${x + 94} ${y - 100} C${x + 88} ${y - 50} ${x + 88} ${y + 6} ${x + 48} ${y + 6} Z`, "#5a3416")}
      ${path(`M${x + 48} ${y - 2} C${x + 18} ${y - 2} ${x + 20} ${y - 60} ${x + 14} ${y - 110} C${x + 10} ${y - 150} ${x + 24} ${y - 186} ${x + 54} ${y - 186} C${x + 84} ${y - 186} ${x + 90} ${y - 150} ${x + 86} ${y - 100} C${x + 80} ${y - 50} ${x + 80} ${y - 2} ${x + 48} ${y - 2} Z`, "#d9a86c")}
      ${path(`M${x + 2} ${y - 60} C${x + 30} ${y - 84} ${x + 70} ${y - 84} ${x + 94} ${y - 60} L${x + 92} ${y - 36} C${x + 70} ${y - 58} ${x + 30} ${y - 58} ${x + 4} ${y - 36} Z`, leather)}
      ${path(`M${x + 4} ${y - 124} C${x + 30} ${y - 150} ${x + 74} ${y - 150} ${x + 98} ${y - 124} L${x + 96} ${y - 100} C${x + 74} ${y - 124} ${x + 30} ${y - 124} ${x + 6} ${y - 100} Z`, leather)}
      ${circle(x + 50, y - 128, 7, "#d4a24c")}${circle(x + 50, y - 64, 5, "#d4a24c")}`,
    );
  return { svg: `${one(80, 330, -8)}${one(222, 326, 8)}`, focus: [200, 230], shadow: 300 };
}

function desertBoots(): Drawing {
  const suede = "#c9a477";
  return {
    svg: `${path("M70 300 V150 C70 128 88 118 110 118 H190 C204 118 210 130 212 150 L220 220 C250 226 300 232 334 246 C356 256 360 276 356 296 H70 Z", suede)}
      ${path("M190 118 C204 118 210 130 212 150 L220 220 C206 226 190 228 178 224 Z", tone(suede, -0.12))}
      ${times(3, (i) => `${circle(190, 150 + i * 24, 4, "#5a3b1c")}${line(`M172 ${148 + i * 24} L204 ${162 + i * 24}`, "#4a2f17", 3)}`)}
      ${line("M70 150 C90 160 100 200 94 296", tone(suede, -0.18), 3, 'stroke-dasharray="6 5"')}
      ${rect(62, 292, 300, 36, "#e7c98c", 12)}${rect(62, 292, 300, 10, "#d8b672", 5)}`,
    focus: [200, 230],
    shadow: 320,
  };
}

function bag(o: { kind: "tote" | "crossbody" | "drybag" }): Drawing {
  if (o.kind === "tote") {
    const straw = "#d9b77e";
    return {
      svg: `${line("M130 170 C130 70 270 70 270 170", "#7a4e2a", 12)}
        ${path("M80 160 H320 L300 340 H100 Z", straw)}${clipped("tote", "M80 160 H320 L300 340 H100 Z", weave(70, 150, 260, 200, "#a07a45", 11))}
        ${rect(80, 160, 240, 26, "#7a4e2a", 4)}${path("M140 250 C160 230 190 250 200 270 C210 250 240 230 260 250", "none", 'stroke="#e76f51" stroke-width="10"')}${flower(200, 220, 22, 5, "#e76f51", "#ffd166")}`,
      focus: [200, 230],
      shadow: 260,
    };
  }
  if (o.kind === "crossbody") {
    const l = "#a8683a";
    return {
      svg: `${line("M110 200 C90 80 310 80 290 200", tone(l, -0.15), 9)}
        ${rect(96, 190, 208, 150, l, 18)}${path("M96 208 C96 196 104 190 116 190 H284 C296 190 304 196 304 208 V270 C260 284 140 284 96 270 Z", tone(l, -0.1))}
        ${circle(200, 262, 14, "#d4af37")}${circle(200, 262, 8, tone(l, -0.1))}
        ${rect(86, 196, 18, 12, "#d4af37", 3)}${rect(296, 196, 18, 12, "#d4af37", 3)}${gloss(110, 296, 180, 6, 3)}`,
      focus: [200, 260],
      shadow: 240,
    };
  }
  const y = "#ffc300";
  return {
    svg: `${path("M120 110 H280 V320 C280 334 270 342 256 342 H144 C130 342 120 334 120 320 Z", y)}
      ${rect(116, 84, 168, 30, tone(y, -0.25), 8)}${rect(112, 96, 176, 8, "#222", 3)}
      ${times(3, (i) => rect(124, 130 + i * 4, 152, 2, tone(y, -0.15)))}
      ${line("M104 120 C90 200 92 280 110 330", "#2b2d33", 12)}${line("M296 120 C310 200 308 280 290 330", "#2b2d33", 12)}
      ${rect(150, 200, 100, 60, "#222", 10)}${rect(158, 208, 84, 10, "#ffc300", 3, 'opacity=".7"')}${gloss(134, 130, 10, 170, 5)}`,
    focus: [200, 200],
    shadow: 220,
  };
}

function strawHat(): Drawing {
  const s = "#e9cf95";
  return {
    svg: `${ellipse(200, 282, 176, 48, s)}${ellipse(200, 282, 176, 48, "none", 'stroke="#c9a86a" stroke-width="3"')}
      ${clipped(
        "brim",
        "M24 282 A176 48 0 0 0 376 282 A176 48 0 0 0 24 282 Z",
        times(16, (i) =>
          ellipse(
            200,
            282,
            40 + i * 10,
            11 + i * 2.4,
            "none",
            'stroke="#c9a86a" stroke-width="1.5" opacity=".6"',
          ),
        ),
      )}
      ${path("M112 280 C112 180 136 140 200 140 C264 140 288 180 288 280 Z", s)}
      ${path("M160 150 C180 170 220 170 240 150", "none", 'stroke="#c9a86a" stroke-width="6"')}
      ${path("M112 244 H288 L288 276 H112 Z", "#3a2a1a")}
      ${clipped("crown", "M112 244 C112 180 136 140 200 140 C264 140 288 180 288 244 Z", weave(100, 130, 200, 120, "#c9a86a", 10))}`,
    focus: [200, 220],
    shadow: 330,
  };
}

function wayfarers(): Drawing {
  const lensShape = (x: number) =>
    `M${x} 170 H${x + 118} C${x + 120} 230 ${x + 100} 262 ${x + 56} 262 C${x + 16} 262 ${x - 2} 230 ${x} 170 Z`;
  return {
    svg: `${path("M36 162 H364 L360 182 H40 Z", "#111")}
      ${path(lensShape(44), "#111")}${path(lensShape(238), "#111")}
      ${path("M56 180 H150 C150 226 136 248 102 248 C72 248 58 226 56 180 Z", "#2e4a35")}${path("M250 180 H344 C344 226 330 248 296 248 C266 248 252 226 250 180 Z", "#2e4a35")}
      ${path("M64 186 H94 L72 236 Z", "#fff", 'opacity=".22"')}${path("M258 186 H288 L266 236 Z", "#fff", 'opacity=".22"')}
      ${path("M162 176 Q200 160 238 176", "none", 'stroke="#111" stroke-width="10"')}
      ${circle(48, 172, 4, "#c0c0c0")}${circle(352, 172, 4, "#c0c0c0")}
      ${path("M36 168 L20 180 L18 300", "none", 'stroke="#111" stroke-width="8" stroke-linecap="round" opacity=".85"')}`,
    focus: [110, 210],
    shadow: 300,
  };
}

function tam(): Drawing {
  const bands = ["#d62828", "#fcbf49", "#2a9d8f", "#1b1b1b"];
  const outline =
    "M52 232 C40 150 120 96 210 100 C310 104 364 160 344 222 C330 262 270 282 200 282 C130 282 60 272 52 232 Z";
  return {
    svg: `${clipped(
      "tam",
      outline,
      times(10, (i) => rect(30, 90 + i * 20, 340, 20, bands[i % 4] as string)),
      times(34, (i) =>
        line(
          `M${40 + i * 10} 90 C${44 + i * 10} 180 ${40 + i * 10} 240 ${44 + i * 10} 290`,
          "#000",
          1.2,
          'opacity=".14"',
        ),
      ),
    )}
      ${path("M112 266 C150 290 250 290 288 266 L284 300 C250 324 150 324 116 300 Z", "#1b1b1b")}
      ${times(20, (i) => line(`M${122 + i * 8.2} 280 V312`, "#3a3a3a", 2))}
      ${circle(206, 104, 10, "#1b1b1b")}`,
    focus: [200, 200],
    shadow: 260,
  };
}

export const FASHION: Record<string, Drawing> = {
  "Madras Plaid Wrap Dress, Size M": wrapDress(),
  "Carnival Costume Bikini Set with Feathers": carnivalCostume(),
  "Linen Wide-Leg Trousers, Sand": trousers(),
  "Hand-Dyed Batik Sundress": batikSundress(),
  "Guayabera Linen Shirt, White, Size L": shirt({
    body: "#f7f5ef",
    id: "guay",
    collar: "#ebe7dc",
    extra: `${times(4, (i) => line(`M${150 + (i % 2) * 12 + (i > 1 ? 80 : 0)} 100 V340`, "#dcd6c8", 3))}${rect(134, 210, 44, 40, "#ece8de", 4)}${rect(222, 210, 44, 40, "#ece8de", 4)}${rect(134, 280, 44, 40, "#ece8de", 4)}${rect(222, 280, 44, 40, "#ece8de", 4)}${times(6, (i) => circle(200, 120 + i * 36, 4, "#b8ae98"))}`,
  }),
  "West Indies Cricket Replica Jersey": shirt({
    body: "#7b1e3a",
    id: "wi",
    collar: "#ffc72c",
    extra: `${path("M124 200 L276 170 V196 L124 226 Z", "#ffc72c")}${rect(124, 330, 152, 10, "#ffc72c")}${circle(240, 130, 14, "#ffc72c")}${path("M232 130 L240 120 L248 130 L240 140 Z", "#2e7d32")}${rect(70, 160, 52, 10, "#ffc72c", 3, 'transform="rotate(17 96 165)"')}${rect(278, 160, 52, 10, "#ffc72c", 3, 'transform="rotate(-17 304 165)"')}`,
  }),
  "Tropical Print Short Sleeve Shirt": shirt({
    body: "#1d3557",
    id: "trop",
    collar: "#16293f",
    extra: (() => {
      const r = rng(11);
      return `${times(14, () => {
        const x = 80 + r() * 240;
        const y = 80 + r() * 260;
        const a = r() * 360;
        return `<g transform="rotate(${a.toFixed(0)} ${x.toFixed(0)} ${y.toFixed(0)})">${ellipse(x, y, 24, 9, "#52b788")}${line(`M${(x - 24).toFixed(0)} ${y.toFixed(0)} H${(x + 24).toFixed(0)}`, "#2d6a4f", 2)}</g>`;
      })}${times(8, () => flower(80 + r() * 240, 90 + r() * 240, 14, 5, "#f4a261", "#e63946"))}${times(5, (i) => circle(200, 112 + i * 48, 4, "#e9ecef"))}`;
    })(),
  }),
  "Nike Air Force 1 '07, White, US 10": sneaker({
    upper: "#f7f7f5",
    sole: "#ffffff",
    accent: "#d9dcdf",
    swoosh: true,
  }),
  "Handmade Leather Sandals": sandals(),
  "Clarks Desert Boots, Sand Suede, UK 9": desertBoots(),
  "Adidas Ultraboost Running Shoes, US 9": sneaker({
    upper: "#1f2125",
    sole: "#f1f1ee",
    accent: "#f1f1ee",
    knit: true,
  }),
  "Woven Straw Beach Tote": bag({ kind: "tote" }),
  "Michael Kors Leather Crossbody Bag": bag({ kind: "crossbody" }),
  "Waterproof Dry Bag Backpack, 30L": bag({ kind: "drybag" }),
  "Handwoven Jippi Jappa Straw Hat": strawHat(),
  "Ray-Ban Wayfarer Sunglasses, Polarised": wayfarers(),
  "Rasta Colours Crocheted Tam": tam(),
};
