import type { ContentPage } from "../../../../content/content-page";

export interface SearchHit {
  /** Where the hit is: the page's path, with the section's anchor when it is in one. */
  to: string;
  pageTitle: string;
  /** The section's heading; the page title for its introduction. */
  heading: string;
  /** A piece of the section's text around the first match. */
  snippet: string;
  score: number;
}

/** Lower case, accents dropped: "Curaçao" is found by "curacao". */
function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/** The words of a query, at least 2 characters each. */
export function queryTerms(query: string): string[] {
  return [
    ...new Set(
      fold(query)
        .split(/[^a-z0-9$%.]+/)
        .filter((t) => t.replace(/\./g, "").length >= 2),
    ),
  ];
}

const SNIPPET_CHARS = 180;

/** About SNIPPET_CHARS of `text` around `at`, cut at word boundaries, with … where it was cut. */
function snippetAround(text: string, at: number): string {
  if (text.length <= SNIPPET_CHARS) return text;
  let start = Math.max(0, at - 60);
  let end = Math.min(text.length, start + SNIPPET_CHARS);
  if (start > 0) start = text.indexOf(" ", start) + 1 || start;
  if (end < text.length)
    end = text.lastIndexOf(" ", end) > start ? text.lastIndexOf(" ", end) : end;
  return `${start > 0 ? "…" : ""}${text.slice(start, end)}${end < text.length ? "…" : ""}`;
}

/**
 * The sections of the pages that contain every word of the query, best first: a word in the
 * page's title counts most, then in the section's heading, then each time it appears in the text.
 */
export function searchPages(
  pages: readonly { path: string; page: ContentPage }[],
  query: string,
  limit = 12,
): SearchHit[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  const hits: SearchHit[] = [];
  for (const { path, page } of pages) {
    const title = fold(page.title);
    for (const section of page.sections) {
      const heading = fold(section.heading);
      const text = fold(section.text);
      let score = 0;
      let first = -1;
      let all = true;
      for (const term of terms) {
        const inTitle = title.includes(term);
        const inHeading = heading.includes(term);
        const at = text.indexOf(term);
        if (!inTitle && !inHeading && at < 0) {
          all = false;
          break;
        }
        score += (inTitle ? 4 : 0) + (inHeading ? 6 : 0);
        if (at >= 0) {
          score += Math.min(5, text.split(term).length - 1);
          if (first < 0 || at < first) first = at;
        }
      }
      if (!all) continue;
      hits.push({
        to: section.id ? `${path}#${section.id}` : path,
        pageTitle: page.title,
        heading: section.heading,
        snippet: snippetAround(section.text, Math.max(0, first)),
        score,
      });
    }
  }
  return hits.sort((a, b) => b.score - a.score).slice(0, limit);
}
