import "./styles.css";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { afterNextFrame, holdFirstPaint } from "./app/first-paint";
import { Providers } from "./app/providers";
import { router } from "./app/router";
import { makeZodJitless } from "./app/zod-jitless";
import { AppErrorBoundary } from "./components/app-error-boundary";

// The server writes Open Graph tags for the first page it serves (for link previews); from here on
// each page renders its own, so the static ones would only go stale on the next navigation.
for (const tag of document.head.querySelectorAll(
  'meta[property^="og:"], meta[property^="product:"], meta[name="twitter:card"]',
)) {
  tag.remove();
}

makeZodJitless(); // before any zod loads: the CSP refuses its compiler

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
const container = holdFirstPaint(root);
const painted = container !== root;

// As a transition, the first render is done in slices that let the browser in between (a phone
// otherwise spends one long task building the whole page before it can answer a tap).
function start() {
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <AppErrorBoundary>
          <Providers>
            <RouterProvider router={router} />
          </Providers>
        </AppErrorBoundary>
      </StrictMode>,
    );
  });
}

// The server's picture of the page reaches the screen first (client/app/first-paint.ts).
if (painted) afterNextFrame(start);
else start();
