import { Search } from "lucide-react";
import { type FormEvent, useId, useMemo, useState } from "react";
import { Link } from "react-router";
import type { ContentPage } from "../../../../content/content-page";
import { Button } from "../../../components/ui/button";
import { searchPages } from "./search";

/** The help centre's search box; the query lives in the URL (?q=) so results can be shared. */
export function HelpSearchForm({
  query,
  onSearch,
}: {
  query: string;
  onSearch: (query: string) => void;
}) {
  const [text, setText] = useState(query);
  const inputId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <search className="w-full max-w-2xl">
      <form onSubmit={submit} className="flex flex-col gap-2">
        <label htmlFor={inputId} className="font-semibold text-white">
          Search help articles
        </label>
        <div className="flex gap-2">
          <div className="relative flex-1">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-600"
            />
            <input
              id={inputId}
              type="search"
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder="Try “proxy bid”, “shipping” or “refund”"
              className="h-12 w-full rounded-lg border border-white bg-white pr-3 pl-10 text-base text-slate-900 placeholder:text-slate-600"
            />
          </div>
          <Button type="submit" variant="accent" size="lg">
            Search
          </Button>
        </div>
      </form>
    </search>
  );
}

/** What the query found, section by section, each linking to its place in its page. */
export function HelpSearchResults({
  query,
  pages,
}: {
  query: string;
  pages: readonly { path: string; page: ContentPage }[];
}) {
  const hits = useMemo(() => searchPages(pages, query), [pages, query]);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-2xl font-bold text-slate-900">
        {hits.length === 0
          ? `No articles match “${query}”`
          : `${hits.length === 1 ? "1 result" : `${hits.length} results`} for “${query}”`}
      </h2>
      {hits.length === 0 ? (
        <p className="text-slate-700">
          Try fewer or different words, browse the topics below, or{" "}
          <Link to="/contact" className="font-semibold text-brand-800 underline">
            contact us
          </Link>
          .
        </p>
      ) : (
        <ol className="flex flex-col gap-3">
          {hits.map((hit) => (
            <li key={hit.to}>
              <Link
                to={hit.to}
                className="group flex flex-col gap-1 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm hover:border-brand-400"
              >
                <span className="text-sm text-slate-700">{hit.pageTitle}</span>
                <span className="text-lg font-semibold text-brand-800 group-hover:underline">
                  {hit.heading}
                </span>
                <span className="text-sm text-slate-800">{hit.snippet}</span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
