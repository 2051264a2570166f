/** Every demo item's drawing, by its title in server/seed/seed-data.ts (a test checks both agree). */
import { ANIMALS } from "./animals";
import { ART } from "./art";
import { CRAFTS } from "./crafts";
import { ELECTRONICS } from "./electronics";
import { FASHION } from "./fashion";
import { FOOD } from "./food";
import { HOME } from "./home";
import { JEWELRY } from "./jewelry";
import type { Drawing } from "./kit";
import { SPORTS } from "./sports";
import { TOYS } from "./toys";
import { VEHICLES } from "./vehicles";

export const DRAWINGS: Readonly<Record<string, Drawing>> = {
  ...ELECTRONICS,
  ...FASHION,
  ...HOME,
  ...VEHICLES,
  ...ANIMALS,
  ...ART,
  ...JEWELRY,
  ...TOYS,
  ...SPORTS,
  ...CRAFTS,
  ...FOOD,
};

export function drawingFor(title: string): Drawing {
  const drawing = DRAWINGS[title];
  // A new demo item needs its own picture: seed-images.test.ts names the missing ones.
  if (!drawing) throw new Error(`no seed drawing for "${title}" in server/seed/seed-drawings`);
  return drawing;
}
