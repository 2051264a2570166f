/** Cars, bikes, parts and boats. */
import { circle, type Drawing, gloss, line, path, rect, times, tone } from "./kit";

function wheel(cx: number, cy: number, r: number, rim = "#c9ced6", spokes = 5) {
  return `${circle(cx, cy, r, "#1c1d21")}${circle(cx, cy, r * 0.62, rim)}${circle(cx, cy, r * 0.5, tone(rim, -0.25))}
    ${times(spokes, (i) => `<rect x="${cx - 3}" y="${cy - r * 0.58}" width="6" height="${r * 0.58}" fill="${rim}" transform="rotate(${(360 / spokes) * i} ${cx} ${cy})"/>`)}
    ${circle(cx, cy, r * 0.14, tone(rim, -0.4))}`;
}

type Body = "sedan" | "pickup" | "hatch" | "jimny";

/** A side view; the outline, windows and trim differ per body. */
function car(o: { body: Body; color: string }): Drawing {
  const c = o.color;
  const glass = "#27384d";
  let shell = "";
  let windows = "";
  let wheels: [number, number] = [96, 300];
  let r = 36;
  if (o.body === "sedan") {
    shell =
      "M20 276 C20 252 34 240 60 236 L120 226 L160 180 C168 172 180 168 194 168 H262 C276 168 286 174 296 184 L334 226 L368 236 C382 240 388 252 388 266 V290 H20 Z";
    windows = `${path("M134 226 L170 186 H222 V226 Z", glass)}${path("M232 186 H262 C272 186 280 192 286 200 L314 226 H232 Z", glass)}`;
  } else if (o.body === "pickup") {
    shell = "M14 250 H40 L60 238 L100 236 L140 176 H250 L262 236 H390 V292 H14 Z";
    windows = `${path("M114 232 L148 186 H190 V232 Z", glass)}${path("M198 186 H240 L248 232 H198 Z", glass)}${rect(266, 230, 124, 8, tone(c, -0.3))}`;
    wheels = [86, 320];
    r = 40;
  } else if (o.body === "hatch") {
    shell =
      "M30 280 C30 256 40 244 62 240 L112 232 L170 172 C176 166 184 162 194 162 H300 C318 162 330 172 340 190 L372 250 C378 262 378 272 376 290 H30 Z";
    windows = `${path("M130 230 L178 180 H236 V230 Z", glass)}${path("M244 180 H300 C312 180 320 186 326 196 L344 230 H244 Z", glass)}`;
    wheels = [100, 300];
  } else {
    shell = "M60 296 V200 C60 190 66 184 76 184 H110 L136 130 H300 C312 130 316 136 316 146 V296 Z";
    windows = `${path("M146 144 H214 V196 H124 Z", glass)}${rect(224, 144, 80, 52, glass, 4)}${path("M136 130 H300 C312 130 316 136 316 146 V150 H134 Z", "#2b2d33")}${rect(316, 190, 22, 70, "#2b2d33", 8)}${circle(338, 226, 32, "#2b2d33")}`;
    wheels = [110, 268];
    r = 42;
  }
  return {
    svg: `${path(shell, c)}${windows}
      ${rect(20, 252, 370, 8, tone(c, 0.25), 3, 'opacity=".6"')}
      ${rect(362, 246, 20, 10, "#fff2b3", 4)}${rect(22, 248, 14, 12, "#d62828", 3)}
      ${line(`M${wheels[0] + 60} 250 H${wheels[0] + 80}`, tone(c, -0.35), 4)}${line(`M${wheels[0] + 150} 250 H${wheels[0] + 170}`, tone(c, -0.35), 4)}
      ${circle(wheels[0], 296, r + 6, tone(c, -0.3))}${circle(wheels[1], 296, r + 6, tone(c, -0.3))}
      ${wheel(wheels[0], 300, r)}${wheel(wheels[1], 300, r)}
      ${gloss(60, 236, 300, 5, 2)}`,
    focus: [200, 240],
    shadow: 380,
  };
}

function pcx(): Drawing {
  const c = "#c1121f";
  return {
    svg: `${wheel(88, 300, 40, "#2b2d33", 6)}${wheel(312, 300, 40, "#2b2d33", 6)}
      ${path("M60 250 C60 214 96 200 140 204 L232 212 C250 214 258 230 252 250 L234 286 H110 C80 286 60 274 60 250 Z", c)}
      ${path("M116 196 C128 180 176 180 210 188 L214 204 L120 204 Z", "#1b1c20")}
      ${path("M250 250 L292 120 L316 124 L292 226 C300 254 312 278 314 300", "none", `stroke="${c}" stroke-width="26" stroke-linejoin="round"`)}
      ${path("M290 110 L340 98", "none", 'stroke="#1b1c20" stroke-width="10" stroke-linecap="round"')}${rect(300, 126, 30, 16, "#f1f1f1", 5)}
      ${path("M280 90 L300 60 L318 64 L304 100 Z", "#9fb4c8", 'opacity=".8"')}
      ${path("M226 280 H300", "none", 'stroke="#1b1c20" stroke-width="8"')}
      ${gloss(90, 220, 120, 6, 3)}`,
    focus: [220, 220],
    shadow: 340,
  };
}

function dirtBike(): Drawing {
  const blue = "#1f4fbf";
  const knobby = (cx: number) =>
    `${circle(cx, 292, 52, "#1c1d21")}${times(16, (i) => rect(cx - 4, 238, 8, 8, "#1c1d21", 1, `transform="rotate(${i * 22.5} ${cx} 292)"`))}${circle(cx, 292, 36, "#d5d8dd")}${circle(cx, 292, 8, "#555")}${times(12, (i) => line(`M${cx} 292 L${cx + 34 * Math.cos(i / 1.91)} ${292 + 34 * Math.sin(i / 1.91)}`, "#8a8f98", 1.5))}`;
  return {
    svg: `${knobby(80)}${knobby(320)}
      ${line("M80 292 L160 240 L200 250", "#9aa0a8", 10)}${line("M320 292 L286 150", "#d5d8dd", 12)}
      ${path("M150 180 H262 L300 150 L312 166 L276 200 L220 240 H160 Z", blue)}
      ${path("M96 176 L162 170 L168 196 L110 200 Z", "#f1f1f1")}${path("M96 176 C110 168 140 166 162 170", "none", 'stroke="#1b1c20" stroke-width="10"')}
      ${path("M250 160 L318 140 L324 160 L270 176 Z", "#f1f1f1")}${path("M276 126 L300 122 L296 146 Z", blue)}
      ${line("M272 126 L300 112", "#1b1c20", 8)}
      ${rect(170, 228, 56, 42, "#5b6169", 8)}${circle(198, 250, 12, "#8a9099")}
      ${line("M140 230 C120 238 100 230 84 218", "#a4a9b0", 8)}`,
    focus: [200, 200],
    shadow: 380,
  };
}

function eScooter(): Drawing {
  return {
    svg: `${wheel(90, 316, 30, "#333", 6)}${wheel(316, 316, 30, "#333", 6)}
      ${path("M96 300 H300 L306 316 H90 Z", "#2b2d33")}${rect(104, 292, 190, 10, "#41454d", 4)}
      ${line("M306 316 L278 70", "#3a3d44", 12)}${line("M240 64 H318", "#1b1c20", 10)}${rect(270, 90, 20, 12, "#0ea5e9", 3)}
      ${line("M92 316 L84 296", "#3a3d44", 8)}${rect(214, 64, 30, 10, "#1b1c20", 5)}${rect(314, 64, 30, 10, "#1b1c20", 5)}${circle(286, 108, 6, "#fff3b0")}`,
    focus: [280, 120],
    shadow: 300,
  };
}

function alloyRims(): Drawing {
  const rim = (cx: number, cy: number, r: number) =>
    `${circle(cx, cy, r, "#9aa0a8")}${circle(cx, cy, r * 0.9, "#d8dce1")}${circle(cx, cy, r * 0.78, "#3a3d44")}
    ${times(5, (i) => path(`M${cx - 8} ${cy - r * 0.2} L${cx - 16} ${cy - r * 0.8} H${cx + 16} L${cx + 8} ${cy - r * 0.2} Z`, "#d8dce1", `transform="rotate(${i * 72} ${cx} ${cy})"`))}
    ${circle(cx, cy, r * 0.24, "#c2c7ce")}${times(5, (i) => circle(cx + r * 0.14 * Math.cos(i * 1.2566), cy + r * 0.14 * Math.sin(i * 1.2566), 3, "#6b7078"))}${circle(cx, cy, r * 0.08, "#8a9099")}`;
  return {
    svg: `${rim(300, 170, 80)}${rim(100, 170, 80)}${rim(290, 270, 76)}${rim(112, 262, 84)}`,
    focus: [112, 262],
    shadow: 360,
  };
}

function carBattery(): Drawing {
  return {
    svg: `${path("M70 130 L150 100 H340 L330 130 Z", "#2b2d33")}${rect(70, 130, 260, 200, "#1d1f23", 8)}
      ${path("M330 130 L340 100 V300 L330 330 Z", "#121316")}
      ${rect(84, 150, 232, 90, "#1565c0", 6)}${rect(84, 214, 232, 26, "#ffca28", 0)}
      ${rect(110, 166, 80, 30, "#fff", 4, 'opacity=".85"')}${rect(210, 166, 90, 10, "#fff", 3, 'opacity=".5"')}${rect(210, 184, 60, 10, "#fff", 3, 'opacity=".5"')}
      ${rect(110, 84, 34, 28, "#c62828", 4)}${rect(262, 84, 34, 28, "#444", 4)}${rect(120, 74, 14, 14, "#b0b5bc", 3)}${rect(272, 74, 14, 14, "#b0b5bc", 3)}
      ${path("M176 108 H236 L232 118 H180 Z", "#444")}`,
    focus: [200, 180],
    shadow: 300,
  };
}

function headlights(): Drawing {
  // A pair of swept headlamp units standing on their mounting edge, left and right mirrored.
  const lamp = (x: number, flip: boolean) => {
    const unit = `${path(`M${x} 330 L${x + 8} 230 C${x + 10} 214 ${x + 24} 206 ${x + 40} 206 H${x + 150} C${x + 166} 206 ${x + 170} 220 ${x + 166} 236 L${x + 150} 330 Z`, "#1d1f23")}
      ${path(`M${x + 12} 320 L${x + 18} 236 C${x + 20} 224 ${x + 30} 218 ${x + 42} 218 H${x + 146} C${x + 156} 218 ${x + 158} 228 ${x + 156} 238 L${x + 142} 320 Z`, "#d5dde6")}
      ${circle(x + 56, 268, 34, "#eef3f8")}${circle(x + 56, 268, 22, "#b9c6d4")}${circle(x + 56, 268, 9, "#8796a8")}
      ${circle(x + 120, 262, 24, "#eef3f8")}${circle(x + 120, 262, 14, "#b9c6d4")}
      ${path(`M${x + 22} 306 H${x + 138} L${x + 136} 316 H${x + 20} Z`, "#ff9f1c")}
      ${path(`M${x + 20} 230 L${x + 80} 222 L${x + 24} 300 Z`, "#fff", 'opacity=".45"')}
      ${rect(x + 150, 250, 14, 10, "#3a3d44", 3)}${rect(x - 6, 300, 12, 10, "#3a3d44", 3)}`;
    return flip ? `<g transform="translate(${2 * x + 170} 0) scale(-1 1)">${unit}</g>` : unit;
  };
  return {
    svg: `${lamp(20, false)}${lamp(210, true)}`,
    focus: [90, 266],
    shadow: 360,
  };
}

function pirogue(): Drawing {
  return {
    svg: `${path("M20 230 H360 C352 270 320 300 270 306 H80 C50 300 30 270 20 230 Z", "#f2f2ee")}
      ${path("M20 230 H360 L356 246 H24 Z", "#1d6fa5")}${path("M40 272 H340 C330 290 310 300 270 304 H80 C60 300 48 290 40 272 Z", "#e63946")}
      ${path("M320 230 C340 200 360 196 384 196", "none", 'stroke="#f2f2ee" stroke-width="14"')}
      ${rect(40, 160, 44, 60, "#2b2d33", 8)}${rect(44, 150, 36, 18, "#1d3557", 5)}${rect(52, 218, 14, 70, "#3a3d44")}${path("M44 286 H74 L66 300 H50 Z", "#3a3d44")}
      ${rect(120, 220, 200, 10, "#c9a36b")}${rect(200, 220, 10, 10, "#8a6b44")}
      ${times(3, (i) => path(`M${70 + i * 120} 330 q30 -10 60 0 t60 0`, "none", 'stroke="#4fb3d9" stroke-width="5" stroke-linecap="round"'))}`,
    focus: [120, 230],
    shadow: 0,
  };
}

function catamaran(): Drawing {
  return {
    svg: `${path("M196 40 L196 268 L320 268 C290 190 240 100 196 40 Z", "#f1f1ec")}${path("M196 40 L196 268 L250 268 C236 190 220 110 196 40 Z", "#e63946", 'opacity=".9"')}
      ${path("M186 70 L186 268 L96 268 C120 200 150 120 186 70 Z", "#f1f1ec")}${path("M120 240 L186 226 V250 L110 262 Z", "#457b9d")}
      ${line("M191 30 V290", "#6c757d", 6)}
      ${path("M40 286 H360 C350 304 330 312 300 312 H80 C60 312 46 304 40 286 Z", "#f8f9fa")}${rect(40, 280, 320, 8, "#1d3557")}
      ${rect(70, 270, 260, 10, "#adb5bd", 3)}
      ${times(3, (i) => path(`M${40 + i * 120} 334 q30 -10 60 0 t60 0`, "none", 'stroke="#4fb3d9" stroke-width="5" stroke-linecap="round"'))}`,
    focus: [200, 160],
    shadow: 0,
  };
}

function vhfRadio(): Drawing {
  return {
    svg: `${rect(186, 40, 16, 90, "#1b1c20", 6)}${rect(190, 24, 8, 30, "#1b1c20", 4)}
      ${rect(140, 110, 120, 234, "#243447", 20)}${rect(150, 120, 100, 214, "#2f435a", 16)}
      ${rect(162, 134, 76, 56, "#a3c9a8", 6)}${rect(168, 140, 64, 44, "#c7e8c9", 4)}
      ${times(9, (i) => circle(178 + (i % 3) * 22, 214 + Math.floor(i / 3) * 24, 8, "#4a6480"))}
      ${times(4, (i) => rect(166 + i * 18, 290, 12, 30, "#1b2836", 4))}
      ${rect(256, 150, 10, 40, "#ff7b00", 4)}${rect(134, 160, 10, 60, "#ff7b00", 4)}${circle(214, 116, 8, "#ff7b00")}`,
    focus: [200, 180],
    shadow: 170,
  };
}

export const VEHICLES: Record<string, Drawing> = {
  "2016 Toyota Corolla, Automatic, 78,000 km": car({ body: "sedan", color: "#c0c4ca" }),
  "2014 Nissan Navara Double Cab 4x4": car({ body: "pickup", color: "#1f3b5a" }),
  "2018 Honda Fit, Low Mileage": car({ body: "hatch", color: "#d62828" }),
  "2012 Suzuki Jimny 4x4 Soft Top": car({ body: "jimny", color: "#6a994e" }),
  "2020 Honda PCX 150 Scooter": pcx(),
  "Yamaha YZ250F Dirt Bike": dirtBike(),
  "Electric Scooter, 45 km Range": eScooter(),
  "Set of 4 Alloy Rims, 16-inch": alloyRims(),
  "Car Battery, 12V 60Ah": carBattery(),
  "Toyota Hiace Headlight Assembly, Pair": headlights(),
  "18 ft Fibreglass Pirogue with 40HP Yamaha": pirogue(),
  "Hobie Cat 16 Catamaran": catamaran(),
  "Handheld Marine VHF Radio, Waterproof": vhfRadio(),
};
