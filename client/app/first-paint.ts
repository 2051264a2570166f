/**
 * The server writes a still picture of the page's top into #root (server/modules/site/first-paint.ts),
 * painted before any script. React would clear it at its first commit, which on a page opened
 * directly is the layout with a placeholder (the page's code, then its data, are still on their
 * way): the picture would vanish and come back. So the app renders into a container of its own,
 * added to #root after the picture, hidden (laid out, but not painted and not read); the two are
 * swapped in one go once the app's page has its heading (every page with a first paint has one,
 * drawn with its data) or an error to show (the error screens and a page's failed load have an
 * alert), or after some seconds whatever happened (a very slow answer: its placeholder shows then).
 *
 * The picture itself is never moved: it once was (out of #root, before it), and a node moved
 * before the browser had reported its paint was painted, and counted as the largest paint, a
 * second time, after the app's script had run.
 */

const SWAP_WHEN = 'main h1, main [role="alert"]';
/**
 * A picture with cards in it (`data-first-paint-until="results"`: the bare /listings) waits for
 * the app's results, not its heading, which comes first: the cards would otherwise give way to
 * placeholders for the moment the results take (listing-results.tsx: busy until they are in).
 */
const SWAP_WHEN_RESULTS =
  'main section[aria-label="Results"]:not([aria-busy="true"]), main [role="alert"]';
const GIVE_UP_MS = 8000;

/**
 * Where the app renders: #root itself when the page came without a first paint, otherwise a
 * container after the picture, which stays on screen until the swap.
 */
export function holdFirstPaint(root: HTMLElement): HTMLElement {
  const paint = root.querySelector<HTMLElement>(":scope > [data-first-paint]");
  if (!paint) return root;
  const app = document.createElement("div");
  app.setAttribute("data-behind-first-paint", "");
  root.append(app);
  let timer = 0;
  const when = paint.dataset.firstPaintUntil === "results" ? SWAP_WHEN_RESULTS : SWAP_WHEN;
  const observer = new MutationObserver(() => {
    if (app.querySelector(when)) swap();
  });
  // A microtask after React's commit, before the browser paints it: one frame has both changes.
  function swap() {
    observer.disconnect();
    window.clearTimeout(timer);
    paint?.remove();
    app.removeAttribute("data-behind-first-paint");
  }
  // aria-busy turns false on the same <section> once the results are in: attributes too.
  observer.observe(app, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ["aria-busy"],
  });
  timer = window.setTimeout(swap, GIVE_UP_MS);
  return app;
}

/** At most this long for a frame: a tab opened in the background paints none. */
const FRAME_WAIT_MS = 200;

type Timers = Pick<Window, "requestAnimationFrame" | "setTimeout">;

/**
 * Runs `start` in a task after the next frame, so that what the HTML holds reaches the screen
 * before the app's first render takes the main thread. When the script is at hand as soon as the
 * HTML (a returning visitor's cache, a fast line) the browser runs it before its first frame, and
 * a phone showed nothing until React had built the page behind the picture: in Lighthouse's runs
 * on a busy machine a category's first paint came at 1.5 s although the HTML was in at 47 ms.
 */
export function afterNextFrame(start: () => void, timers: Timers = window): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  // A frame callback runs before that frame's paint; the task it queues, after it.
  timers.requestAnimationFrame(() => timers.setTimeout(once, 0));
  timers.setTimeout(once, FRAME_WAIT_MS);
}
