import { Search } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { MAX_SEARCH_LENGTH } from "../../../core/limits";
import { rememberedTerritory } from "../../lib/territory-choice";

/**
 * The header search: submits to /listings?search=... (in the territory chosen for the visit, if
 * any), and shows the current search there.
 */
export function SearchBox() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const current = location.pathname === "/listings" ? (searchParams.get("search") ?? "") : "";
  const [text, setText] = useState(current);

  useEffect(() => setText(current), [current]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = text.trim();
    const params = new URLSearchParams();
    if (query) params.set("search", query);
    const territory = rememberedTerritory();
    if (territory) params.set("territory", territory);
    navigate(params.size > 0 ? `/listings?${params}` : "/listings");
  };

  return (
    <search className="w-full">
      <form onSubmit={submit} className="flex w-full">
        <label htmlFor="site-search" className="sr-only">
          Search for anything
        </label>
        <input
          id="site-search"
          type="search"
          value={text}
          maxLength={MAX_SEARCH_LENGTH}
          onChange={(event) => setText(event.target.value)}
          placeholder="Search for anything"
          autoComplete="off"
          className="h-11 min-w-0 flex-1 rounded-l-full border-2 border-r-0 border-brand-700 bg-white px-4 text-base text-slate-900 placeholder:text-slate-600"
        />
        <button
          type="submit"
          className="inline-flex h-11 items-center gap-2 rounded-r-full bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 sm:px-6"
        >
          <Search aria-hidden="true" className="size-5" />
          <span className="sr-only sm:not-sr-only">Search</span>
        </button>
      </form>
    </search>
  );
}
