import { useCallback, useEffect } from "react";
import { useSearchParams } from "react-router";

// The territory a shopper picks (home page's Shop by Territory, or a results page's filter) stays
// picked for the visit: it lives in the URL of each browse page, and in sessionStorage so that a
// link that does not carry it (the header search, a category tile, a home section's View all)
// still lands on that territory's listings. Clearing it forgets it.

const KEY = "tradewinds.territory";

/** The territory chosen in this tab, or "" for every territory. */
export function rememberedTerritory(): string {
  try {
    return sessionStorage.getItem(KEY) ?? "";
  } catch {
    return "";
  }
}

/** Remembers a territory for the visit, or forgets it ("" is every territory). */
export function rememberTerritory(slug: string): void {
  try {
    if (slug) sessionStorage.setItem(KEY, slug);
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage can be off (private modes); the URL still carries the choice.
  }
}

/** A browse link with the remembered territory added to its query (unless it names one). */
export function withTerritory(href: string, territory = rememberedTerritory()): string {
  if (!territory) return href;
  const [path = "", query = ""] = href.split("?");
  const params = new URLSearchParams(query);
  if (!params.has("territory")) params.set("territory", territory);
  return `${path}?${params}`;
}

/**
 * The territory of a browse page: the URL's, else the one remembered for the visit (which is then
 * written into the URL, so the address always says what is shown). `choose("")` clears it.
 */
export function useTerritoryChoice() {
  const [searchParams, setSearchParams] = useSearchParams();
  const fromUrl = searchParams.get("territory") ?? "";
  const territory = fromUrl || rememberedTerritory();

  useEffect(() => {
    if (fromUrl) rememberTerritory(fromUrl);
    else if (territory) {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set("territory", territory);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    }
  }, [fromUrl, territory, setSearchParams]);

  const choose = useCallback(
    (slug: string) => {
      rememberTerritory(slug);
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (slug) next.set("territory", slug);
          else next.delete("territory");
          next.delete("page");
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  return { territory, choose };
}
