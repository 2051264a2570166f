import { Navigate, useSearchParams } from "react-router";

/**
 * /search?{query} is the spec's other address for search results: the same results as
 * /listings?{query}. `q`, the usual name for search text elsewhere, is read as `search`.
 */
export function SearchRedirectPage() {
  const [searchParams] = useSearchParams();
  const params = new URLSearchParams(searchParams);
  const q = params.get("q");
  params.delete("q");
  if (q && !params.has("search")) params.set("search", q);
  return <Navigate to={params.size > 0 ? `/listings?${params}` : "/listings"} replace />;
}
