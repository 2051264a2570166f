/**
 * The server writes a still picture of the page's top into #root (server/modules/site/first-paint.ts),
 * painted before any script. React would clear it at its first commit, which on a page opened
 * directly is the layout with a placeholder (the page's code, then its data, are still on their
 * way): the picture would vanish and come back. So the picture moves out of the root, stays on
 * screen, and the app renders behind it, hidden (laid out, but not painted and not read); the two
 * are swapped in one go once the app's page has its heading (every page with a first paint has
 * one, drawn with its data) or an error to show (the error screens and a page's failed load have an
 * alert), or after some seconds whatever happened (a very slow answer: its placeholder shows then).
 */

const SWAP_WHEN = 'main h1, main [role="alert"]';
const GIVE_UP_MS = 8000;

export function holdFirstPaint(root: HTMLElement): void {
  const paint = root.querySelector<HTMLElement>(":scope > [data-first-paint]");
  if (!paint) return;
  root.before(paint);
  root.setAttribute("data-behind-first-paint", "");
  let timer = 0;
  const observer = new MutationObserver(() => {
    if (root.querySelector(SWAP_WHEN)) swap();
  });
  // A microtask after React's commit, before the browser paints it: one frame has both changes.
  function swap() {
    observer.disconnect();
    window.clearTimeout(timer);
    paint?.remove();
    root.removeAttribute("data-behind-first-paint");
  }
  observer.observe(root, { childList: true, subtree: true });
  timer = window.setTimeout(swap, GIVE_UP_MS);
}
