/** Necklaces, rings, earrings, bracelets and watches. */
import {
  circle,
  type Drawing,
  ellipse,
  flower,
  gloss,
  group,
  line,
  path,
  poly,
  rect,
  times,
  tone,
} from "./kit";

/** A velvet display bust, as jewellers show necklaces. */
const bust = (color = "#2b2d42") =>
  `${path("M150 30 H250 V120 C250 150 300 170 360 190 C380 200 390 230 390 346 H10 C10 230 20 200 40 190 C100 170 150 150 150 120 Z", color)}
   ${path("M150 30 H250 V60 C230 70 170 70 150 60 Z", tone(color, 0.12))}${path("M40 190 C90 176 130 170 150 150", "none", `stroke="${tone(color, 0.15)}" stroke-width="4"`)}`;

function chain(color: string, drop: number) {
  return line(
    `M152 118 C160 ${drop - 40} 180 ${drop} 200 ${drop} C220 ${drop} 240 ${drop - 40} 248 118`,
    color,
    3,
    'stroke-dasharray="4 2"',
  );
}

function necklace(pendant: string, chainColor: string, drop = 230, bustColor?: string): Drawing {
  return {
    svg: `${bust(bustColor)}${chain(chainColor, drop)}${pendant}`,
    focus: [200, drop + 20],
    shadow: 380,
  };
}

/** A ring standing on its band: the band's outer and inner ellipses, then the top. */
function ringBand(cx: number, cy: number, rx: number, ry: number, metal: string, width = 12) {
  return `${path(`M${cx - rx} ${cy} A${rx} ${ry} 0 1 0 ${cx + rx} ${cy} A${rx} ${ry} 0 1 0 ${cx - rx} ${cy} Z M${cx - rx + width} ${cy} A${rx - width} ${ry - width * 0.9} 0 1 1 ${cx + rx - width} ${cy} A${rx - width} ${ry - width * 0.9} 0 1 1 ${cx - rx + width} ${cy} Z`, metal, 'fill-rule="evenodd"')}
    ${path(`M${cx - rx + 4} ${cy + 10} A${rx - 4} ${ry - 4} 0 0 0 ${cx + rx - 4} ${cy + 10}`, "none", 'stroke="#fff" stroke-width="3" opacity=".55"')}`;
}

function ringBox(inner: string): string {
  return `${path("M80 130 H320 L330 180 H70 Z", "#1d3557")}${rect(90, 136, 220, 40, "#f1e9da", 6)}
    ${rect(60, 220, 280, 120, "#1d3557", 10)}${rect(60, 220, 280, 16, "#264b75", 6)}${rect(84, 232, 232, 60, "#2f4f7a", 20)}
    ${path("M70 180 H330 L340 226 H60 Z", "#15263f")}${inner}`;
}

const diamond = (cx: number, cy: number, r: number) =>
  `${poly(
    [
      [cx - r, cy],
      [cx - r * 0.5, cy - r * 0.6],
      [cx + r * 0.5, cy - r * 0.6],
      [cx + r, cy],
      [cx, cy + r * 1.1],
    ],
    "#e8f6ff",
  )}
   ${poly(
     [
       [cx - r * 0.5, cy - r * 0.6],
       [cx, cy],
       [cx + r * 0.5, cy - r * 0.6],
     ],
     "#bfe6ff",
   )}${poly(
     [
       [cx - r, cy],
       [cx, cy],
       [cx, cy + r * 1.1],
     ],
     "#d2eeff",
   )}
   ${line(`M${cx - r} ${cy} H${cx + r}`, "#9ccff0", 2)}${circle(cx - r * 0.3, cy - r * 0.3, r * 0.12, "#fff")}`;

/** A watch standing on its strap: case, dial, hands at ten past ten. */
function watch(o: {
  caseColor: string;
  dial: string;
  strap: string;
  octagon?: boolean;
  bracelet?: boolean;
  bezel?: string;
  indices: string;
  hands: string;
}): Drawing {
  const cx = 200;
  const cy = 190;
  const strap = o.bracelet
    ? `${times(7, (i) => rect(162, 24 + i * 14, 76, 12, tone(o.strap, i % 2 ? -0.05 : 0.1), 2))}${times(7, (i) => rect(162, 274 + i * 10, 76, 9, tone(o.strap, i % 2 ? -0.05 : 0.1), 2))}`
    : `${path("M166 20 H234 L228 120 H172 Z", o.strap)}${path("M172 260 H228 L234 346 H166 Z", o.strap)}${times(4, (i) => ellipse(200, 300 + i * 12, 4, 3, tone(o.strap, -0.3)))}`;
  const caseShape = o.octagon
    ? poly(
        [0, 1, 2, 3, 4, 5, 6, 7].map(
          (i) =>
            [
              cx + 96 * Math.cos((i * Math.PI) / 4 + Math.PI / 8),
              cy + 96 * Math.sin((i * Math.PI) / 4 + Math.PI / 8),
            ] as [number, number],
        ),
        o.caseColor,
      )
    : circle(cx, cy, 92, o.caseColor);
  return {
    svg: `${strap}${rect(150, 110, 100, 160, o.caseColor, 30)}${caseShape}
      ${o.bezel ? circle(cx, cy, 82, o.bezel) : ""}${o.bezel ? times(12, (i) => rect(cx - 2, cy - 80, 4, 10, "#e9ecef", 1, `transform="rotate(${i * 30} ${cx} ${cy})"`)) : ""}
      ${circle(cx, cy, o.bezel ? 68 : 76, o.dial)}
      ${times(12, (i) => rect(cx - 3, cy - (o.bezel ? 62 : 70), 6, i % 3 === 0 ? 16 : 9, o.indices, 1, `transform="rotate(${i * 30} ${cx} ${cy})"`))}
      ${rect(cx - 3, cy - 44, 6, 46, o.hands, 3, `transform="rotate(-60 ${cx} ${cy})"`)}${rect(cx - 3, cy - 58, 6, 60, o.hands, 3, `transform="rotate(60 ${cx} ${cy})"`)}
      ${line(`M${cx} ${cy + 16} L${cx} ${cy - 62}`, "#e63946", 2, `transform="rotate(140 ${cx} ${cy})"`)}${circle(cx, cy, 6, o.hands)}
      ${rect(cx + 88, cy - 12, 18, 24, tone(o.caseColor, -0.15), 4)}
      ${path(`M${cx - 60} ${cy - 40} A76 76 0 0 1 ${cx + 30} ${cy - 70}`, "none", 'stroke="#fff" stroke-width="8" opacity=".18"')}`,
    focus: [200, 190],
    shadow: 200,
  };
}

export const JEWELRY: Record<string, Drawing> = {
  "Larimar Pendant in Sterling Silver": necklace(
    `${path("M200 226 C224 250 226 290 200 304 C174 290 176 250 200 226 Z", "#c9ced6")}${path("M200 234 C218 254 218 286 200 296 C182 286 182 254 200 234 Z", "#7fc8f8")}
     ${path("M190 256 C200 262 206 270 212 262 M188 278 C198 272 204 282 212 278", "none", 'stroke="#fff" stroke-width="2.5" opacity=".8"')}${circle(200, 222, 6, "none", 'stroke="#c9ced6" stroke-width="3"')}`,
    "#c9ced6",
    216,
  ),
  "14k Gold Island Pendant, Jamaica": necklace(
    `${path("M150 250 C160 238 190 236 214 240 C236 242 256 244 262 254 C254 262 230 266 206 266 C184 268 162 266 150 250 Z", "#d4a62a")}
     ${path("M160 250 C180 244 220 244 250 252", "none", 'stroke="#f7d774" stroke-width="3"')}${circle(206, 236, 5, "none", 'stroke="#d4a62a" stroke-width="3"')}`,
    "#d4a62a",
    230,
    "#3d2b3d",
  ),
  "Conch Pearl Drop Necklace, 18k Rose Gold": necklace(
    `${line("M200 232 V246", "#e0a899", 3)}${diamond(200, 248, 8)}${ellipse(200, 282, 18, 24, "#f4a6a0")}${path("M190 266 C196 280 196 292 192 300 M204 264 C210 276 210 290 206 302", "none", 'stroke="#fbd0c6" stroke-width="3"')}${circle(194, 272, 5, "#fff", 'opacity=".7"')}`,
    "#e0a899",
    226,
    "#24343f",
  ),
  "Seed Bead Collar Necklace": {
    svg: `${bust("#f1e9da")}${times(7, (row) =>
      times(30, (i) => {
        const a = Math.PI * (0.08 + (i / 29) * 0.84);
        const rx = 96 + row * 11;
        const ry = 70 + row * 11;
        const colors = [
          "#e63946",
          "#ffd166",
          "#06d6a0",
          "#118ab2",
          "#073b4c",
          "#ffffff",
          "#ef476f",
        ];
        return circle(
          200 + rx * Math.cos(a),
          110 + ry * Math.sin(a),
          5,
          colors[(row + (i % 4 === 0 ? 3 : 0)) % 7] as string,
        );
      }),
    )}`,
    focus: [200, 220],
    shadow: 380,
  },
  "Sterling Silver Hibiscus Ring": {
    svg: `${ringBand(200, 250, 86, 80, "#c9ced6", 14)}${flower(200, 170, 54, 5, "#d9dde2", "#9aa0a8")}
      ${times(5, (i) => line(`M200 170 L${200 + 40 * Math.cos(i * 1.2566 - 1.57)} ${170 + 40 * Math.sin(i * 1.2566 - 1.57)}`, "#aeb4bc", 2))}${line("M200 170 L214 130", "#9aa0a8", 4)}${circle(214, 128, 5, "#9aa0a8")}`,
    focus: [200, 180],
    shadow: 200,
  },
  "Diamond Solitaire Engagement Ring, 0.5 ct": {
    svg: ringBox(
      `${ringBand(200, 246, 50, 40, "#e3e7ec", 8)}${path("M186 212 L194 196 H206 L214 212 Z", "#e3e7ec")}${diamond(200, 186, 22)}`,
    ),
    focus: [200, 200],
    shadow: 320,
  },
  "Men's Signet Ring, Gold Plated": {
    svg: `${ringBand(200, 250, 90, 70, "#d4a62a", 20)}${ellipse(200, 182, 66, 40, "#c08f1e")}${ellipse(200, 176, 60, 36, "#e8bf47")}
      ${ellipse(200, 176, 44, 24, "none", 'stroke="#a47a16" stroke-width="3"')}${path("M184 176 L200 160 L216 176 L200 192 Z", "#a47a16")}${gloss(160, 168, 30, 5, 2)}`,
    focus: [200, 190],
    shadow: 220,
  },
  "Sea Glass Drop Earrings": {
    svg: `${rect(90, 60, 220, 280, "#f7f3ea", 10)}${rect(90, 60, 220, 280, "none", 10, 'stroke="#e2dac8" stroke-width="3"')}
      ${times(2, (i) => {
        const x = 150 + i * 100;
        return `${path(`M${x} 100 C${x - 14} 100 ${x - 14} 124 ${x} 130`, "none", 'stroke="#aeb4bc" stroke-width="3"')}${line(`M${x} 130 V160`, "#aeb4bc", 2)}${path(`M${x - 20} 166 L${x + 16} 160 L${x + 24} 214 L${x + 2} 250 L${x - 24} 216 Z`, i ? "#74c69d" : "#8ecae6", 'opacity=".85"')}${path(`M${x - 12} 174 L${x + 2} 170 L${x - 6} 204 Z`, "#fff", 'opacity=".55"')}`;
      })}`,
    focus: [200, 200],
    shadow: 0,
  },
  "Gold Bamboo Hoop Earrings, 14k": {
    svg: times(2, (i) => {
      const cx = 130 + i * 140;
      return `${circle(cx, 220, 84, "none", 'stroke="#c9971c" stroke-width="16"')}${circle(cx, 220, 84, "none", 'stroke="#f2c94c" stroke-width="10" stroke-dasharray="22 4"')}${path(`M${cx - 50} 160 A84 84 0 0 1 ${cx + 20} 138`, "none", 'stroke="#fff" stroke-width="4" opacity=".5"')}${rect(cx - 4, 128, 8, 18, "#c9971c", 3)}`;
    }),
    focus: [130, 220],
    shadow: 340,
  },
  "Coconut Shell Turtle Stud Earrings": {
    svg: `${rect(100, 90, 200, 240, "#f1e9da", 12)}${rect(100, 90, 200, 240, "none", 12, 'stroke="#d8ccb4" stroke-width="3"')}
      ${times(2, (i) =>
        group(
          `translate(${160 + i * 80} 210) rotate(${i ? 20 : -20})`,
          `${ellipse(0, -40, 10, 12, "#7a5230")}${times(4, (k) => ellipse(k < 2 ? -26 : 26, k % 2 ? 24 : -16, 12, 7, "#7a5230", `transform="rotate(${k % 2 ? 30 : -30} ${k < 2 ? -26 : 26} ${k % 2 ? 24 : -16})"`))}${ellipse(0, 0, 30, 38, "#5a3a20")}${ellipse(0, 0, 22, 30, "#8a5a32")}${path("M-12 -14 L0 -22 L12 -14 L12 10 L0 18 L-12 10 Z", "none", 'stroke="#5a3a20" stroke-width="3"')}`,
        ),
      )}`,
    focus: [200, 210],
    shadow: 0,
  },
  "Caribbean Hook Bracelet, Sterling Silver": {
    svg: `${path("M110 250 A100 60 0 1 1 290 250", "none", 'stroke="#aeb4bc" stroke-width="26" stroke-linecap="round"')}${path("M110 250 A100 60 0 1 1 290 250", "none", 'stroke="#e3e7ec" stroke-width="14" stroke-linecap="round"')}
      ${path("M110 252 C96 280 120 300 140 284", "none", 'stroke="#c9ced6" stroke-width="10" stroke-linecap="round"')}${path("M290 252 C304 280 280 300 262 288", "none", 'stroke="#c9ced6" stroke-width="10" stroke-linecap="round"')}
      ${path("M140 200 A90 50 0 0 1 250 196", "none", 'stroke="#fff" stroke-width="5" opacity=".7"')}`,
    focus: [200, 240],
    shadow: 260,
  },
  "Gold Tone Bangle Set of 7": {
    svg: times(
      7,
      (i) =>
        `${ellipse(200, 150 + i * 24, 120, 42, "none", `stroke="${i % 2 ? "#c9971c" : "#e8bf47"}" stroke-width="10"`)}`,
    ),
    focus: [200, 220],
    shadow: 260,
  },
  "Larimar and Amber Beaded Bracelet": {
    svg: `${times(22, (i) => {
      const a = (i / 22) * Math.PI * 2;
      return circle(
        200 + 120 * Math.cos(a),
        240 + 60 * Math.sin(a),
        17,
        i % 3 === 0 ? "#e09f3e" : "#7fc8f8",
      );
    })}${times(22, (i) => {
      const a = (i / 22) * Math.PI * 2;
      return circle(196 + 120 * Math.cos(a), 234 + 60 * Math.sin(a), 5, "#fff", 'opacity=".6"');
    })}${circle(200, 300, 9, "#c9ced6")}`,
    focus: [200, 240],
    shadow: 300,
  },
  "Seiko 5 Sports Automatic Watch": watch({
    caseColor: "#b8bec6",
    dial: "#14365d",
    strap: "#b8bec6",
    bracelet: true,
    bezel: "#1b1c20",
    indices: "#f1f3f5",
    hands: "#f1f3f5",
  }),
  "Casio G-Shock GA-2100, Black": watch({
    caseColor: "#1f2023",
    dial: "#111214",
    strap: "#26272b",
    octagon: true,
    indices: "#d9dce0",
    hands: "#d9dce0",
  }),
  "Vintage Omega Seamaster, 1968": watch({
    caseColor: "#d1d5db",
    dial: "#efe8d6",
    strap: "#6b4226",
    indices: "#8a8f98",
    hands: "#5a5f68",
  }),
};
