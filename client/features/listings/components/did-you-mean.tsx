import { Link, useSearchParams } from "react-router";

/**
 * "Did you mean ...?" under a search that found nothing (issue 30): the server's suggestion, a
 * link to this page with the suggested words and every other filter kept (back to page 1).
 */
export function DidYouMean({ suggestion }: { suggestion: string }) {
  const [searchParams] = useSearchParams();
  const next = new URLSearchParams(searchParams);
  next.delete("page");
  next.delete("q");
  next.set("search", suggestion);
  return (
    <p className="text-slate-700">
      Did you mean{" "}
      <Link
        to={`?${next}`}
        className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
      >
        {suggestion}
      </Link>
      ?
    </p>
  );
}
