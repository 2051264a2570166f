/** A seller's rating with one decimal, or "New" while there is no feedback (DECISIONS.md). */
export function formatRating(rating: number | null): string {
  return rating === null ? "New" : rating.toFixed(1);
}

/** "1 item" / "3 items". */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** Turns a relative upload path into an absolute URL (for Open Graph and sharing). */
export function absoluteUrl(path: string): string {
  return new URL(path, window.location.origin).href;
}
