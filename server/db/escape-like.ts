/**
 * `text` for a LIKE or ILIKE pattern, its backslashes, `%` and `_` taken literally (backslash is
 * PostgreSQL's default LIKE escape). A user's search is a phrase, not a pattern.
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
