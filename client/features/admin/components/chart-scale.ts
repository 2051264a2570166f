/**
 * The top of a chart's axis: the smallest "round" number (1, 2, 2.5 or 5 times a power of ten) at
 * or above the largest value, so the axis reads 0, a half and the top in plain numbers.
 */
export function niceTop(max: number): number {
  if (!(max > 0)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * magnitude >= max) return step * magnitude;
  }
  return 10 * magnitude;
}
