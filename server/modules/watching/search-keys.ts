import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";

/**
 * The key that lets the matching job find, among 100,000 saved searches, the few a new listing
 * might match, instead of testing every one. A saved search's text matches a listing when the
 * listing's search vector matches its tsquery (whole words and their forms, issue 30; no
 * substring match), so:
 *
 * - `lexeme`: one lexeme of the tsquery, when the tsquery is lexemes joined by AND only (what
 *   plain words give): a listing it matches holds every one. Null with `tsOpen` when the query
 *   has OR, NOT or a phrase (it may match without any given lexeme), null without it when the
 *   query is empty (all stop words: it matches nothing).
 *
 * The key is chosen to be rare (a rare key brings few candidates): the longest lexeme.
 */
export interface SearchKeys {
  lexeme: string | null;
  tsOpen: boolean;
}

/** `'a' & 'b' & 'c'`: a tsquery of lexemes joined by AND, nothing else. */
const ALL_AND = /^'(?:[^']|'')*'(?: & '(?:[^']|'')*')*$/;
const LEXEME = /'((?:[^']|'')*)'/g;

export async function searchKeys(db: Db, text: string): Promise<SearchKeys> {
  const [row] = await rows<{ query: string }>(
    db,
    sql`select websearch_to_tsquery('english', ${text})::text as query`,
  );
  const query = row?.query ?? "";
  if (query === "") return { lexeme: null, tsOpen: false };
  if (!ALL_AND.test(query)) return { lexeme: null, tsOpen: true };
  const lexemes = [...query.matchAll(LEXEME)].map((m) => (m[1] ?? "").replaceAll("''", "'"));
  const lexeme = lexemes.sort((a, b) => b.length - a.length || (a < b ? -1 : 1))[0] ?? null;
  return { lexeme, tsOpen: false };
}

/** The saved_searches key columns for a search text (none without text). */
export async function keyColumns(
  db: Db,
  search: string | undefined,
  hasCategory: boolean,
): Promise<{ matchLexeme: string | null; matchUnkeyed: boolean }> {
  if (!search) return { matchLexeme: null, matchUnkeyed: !hasCategory };
  const keys = await searchKeys(db, search);
  // Reached by no key: the tsquery could match without its lexeme.
  return { matchLexeme: keys.lexeme, matchUnkeyed: keys.tsOpen };
}
