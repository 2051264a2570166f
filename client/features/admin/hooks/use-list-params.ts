import { useSearchParams } from "react-router";

/** A list page's search text and page, kept in the URL (so Back and a shared link keep them). */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = Number(params.get("page"));
  return {
    q: params.get("q") ?? "",
    page: Number.isInteger(page) && page > 0 ? page : 1,
    params,
    /** Sets (or clears, when empty) one parameter and goes back to the first page. */
    set: (name: string, value: string) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        next.delete("page");
        return next;
      }),
  };
}
