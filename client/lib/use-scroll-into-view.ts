import { type RefObject, useEffect } from "react";

/**
 * Brings the element into view (and moves focus to it, so a keyboard or screen reader starts
 * there) when it becomes the one pointed at: an order a notification's link opened. Once per
 * element: a live refetch that re-renders the list does not pull the page back to it.
 */
export function useScrollIntoView(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const element = ref.current;
    if (!active || !element) return;
    element.scrollIntoView({ block: "start" });
    element.focus({ preventScroll: true });
  }, [ref, active]);
}
