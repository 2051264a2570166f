import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";

/**
 * The keys that let the matching job find, among 100,000 saved searches, the few a new listing
 * might match, instead of testing every one. A saved search's text matches a listing when the
 * title or description contains it (ILIKE) or the listing's search vector matches its tsquery;
 * each key is a necessary condition of one of the two:
 *
 * - `trigram`: one trigram inside a word of the text, as pg_trgm's show_trgm() splits words (so
 *   both sides split alike). If the text is found in a listing's title or description, each of
 *   its words sits inside a word of the listing, so the trigram is among show_trgm(title ||
 *   description). Null when no word has three characters (then ILIKE can't be keyed).
 * - `lexeme`: one lexeme of the tsquery, when the tsquery is lexemes joined by AND only (what
 *   plain words give): a listing it matches holds every one. Null with `tsOpen` when the query
 *   has OR, NOT or a phrase (it may match without any given lexeme), null without it when the
 *   query is empty (all stop words: it matches nothing).
 *
 * Keys are chosen to be rare (a rare key brings few candidates): the trigram with the least
 * common letters in English, the longest lexeme.
 */
export interface SearchKeys {
  trigram: string | null;
  lexeme: string | null;
  tsOpen: boolean;
}

// Letters from most to least common in English text; digits and the rest count as rare.
const LETTER_ORDER = "etaoinshrdlcumwfgypbvkjxqz";
/** Trigrams found in most English text whatever its letters say: chosen last. */
const COMMON = new Set(
  "the and ing ion tio ent ati for her ter hat tha ere ate his con res ver all ons nce men ith ted ers pro thi wit are ess not ive was ect rea com eve per int est sta cti ica ist ear ain one our iti rat".split(
    " ",
  ),
);

function rarity(trigram: string): number {
  if (COMMON.has(trigram)) return -1;
  let score = 0;
  for (const c of trigram) {
    const rank = LETTER_ORDER.indexOf(c);
    score += rank === -1 ? LETTER_ORDER.length : rank;
  }
  return score;
}

/** `'a' & 'b' & 'c'`: a tsquery of lexemes joined by AND, nothing else. */
const ALL_AND = /^'(?:[^']|'')*'(?: & '(?:[^']|'')*')*$/;
const LEXEME = /'((?:[^']|'')*)'/g;

export async function searchKeys(db: Db, text: string): Promise<SearchKeys> {
  const [row] = await rows<{ trigrams: string[]; query: string }>(
    db,
    sql`select show_trgm(${text}) as trigrams,
          websearch_to_tsquery('english', ${text})::text as query`,
  );
  // Inner trigrams only: three characters, no padding space. A multibyte one shows as a hash
  // (0x...); it is left out, which only makes the choice smaller.
  const inner = (row?.trigrams ?? []).filter((t) => t.length === 3 && !t.includes(" "));
  const trigram =
    inner.sort((a, b) => rarity(b) - rarity(a) || (a < b ? -1 : a > b ? 1 : 0))[0] ?? null;
  const query = row?.query ?? "";
  if (query === "") return { trigram, lexeme: null, tsOpen: false };
  if (!ALL_AND.test(query)) return { trigram, lexeme: null, tsOpen: true };
  const lexemes = [...query.matchAll(LEXEME)].map((m) => (m[1] ?? "").replaceAll("''", "'"));
  const lexeme = lexemes.sort((a, b) => b.length - a.length || (a < b ? -1 : 1))[0] ?? null;
  return { trigram, lexeme, tsOpen: false };
}

/** The saved_searches key columns for a search text (none without text). */
export async function keyColumns(
  db: Db,
  search: string | undefined,
  hasCategory: boolean,
): Promise<{ matchTrigram: string | null; matchLexeme: string | null; matchUnkeyed: boolean }> {
  if (!search) return { matchTrigram: null, matchLexeme: null, matchUnkeyed: !hasCategory };
  const keys = await searchKeys(db, search);
  return {
    matchTrigram: keys.trigram,
    matchLexeme: keys.lexeme,
    // Reached by no key: ILIKE could match with no trigram to find it by, or the tsquery could
    // match without its lexeme.
    matchUnkeyed: keys.trigram === null || keys.tsOpen,
  };
}
