import { useCallback } from "react";
import { useNavigate } from "react-router";

/**
 * Goes back one page, or to `fallback` when this page was opened directly (nothing in this
 * app's history to go back to). React Router keeps its history index in `history.state.idx`.
 */
export function useGoBack(fallback = "/"): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(fallback);
  }, [navigate, fallback]);
}
