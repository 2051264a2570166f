import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { inlineCss } from "./client/build/inline-css.ts";
import { precompress } from "./client/build/precompress.ts";
import { pureCore } from "./client/build/pure-core.ts";
import { markdownContent } from "./content/markdown-plugin.ts";

const LAZY_SONNER = fileURLToPath(new URL("./client/app/lazy-sonner.tsx", import.meta.url));

/**
 * The app's `from "sonner"` imports get client/app/lazy-sonner.tsx, which fetches the library on
 * the first toast; that file's own import reaches the package. Keeps 33 kB of script out of the
 * first page load without changing the fifty files that raise toasts.
 */
function lazySonner(): Plugin {
  return {
    name: "tradewinds:lazy-sonner",
    enforce: "pre",
    resolveId(source, importer) {
      if (source !== "sonner" || importer === LAZY_SONNER) return null;
      return LAZY_SONNER;
    },
  };
}

/**
 * How the build groups modules into files. Left to itself the bundler made some fifty files of a
 * few hundred bytes (one per icon or helper two pages share); on plain HTTP/1.1 a phone fetches six
 * at a time, and each answer carries about a kilobyte of headers, so the home page took five rounds
 * of requests. Grouped: the shell is one file, and each kind of page adds one or two.
 */
const codeSplitting = {
  groups: [
    // Everything the first page needs before any page code: React, the router, the query
    // client, the layout.
    { name: "app", tags: ["$initial" as const], priority: 3 },
    // zod, in a file of its own: otherwise the first group whose code imports a schema takes it
    // in (the results pages' filters did, 36 KiB, once it had left the shell).
    { name: "schemas", test: /[/]node_modules[/]zod[/]/, priority: 2 },
    // What every browsing page shows: listing cards and grids, their live updates, the
    // placeholders, the catalog reads.
    {
      name: "browse",
      test: /[/]client[/](features[/](listings[/](components[/](listing-card|card-|listing-image|listing-grid|listing-results)|hooks[/](use-countdown|use-live-listing)|api[/]get-listings)|catalog[/]api|recently-viewed)|lib[/](live-auctions|use-now)|components[/]ui[/](skeleton|page-title|select-field|empty-state|pagination|breadcrumb))|[/]core[/](money|time|listing|bidding|bidder-name)\.ts/,
      priority: 2,
    },
    // The results pages' filters, sort and Save this search (/listings, categories, search).
    {
      name: "filters",
      test: /[/]client[/](features[/](listings[/](?!components[/]related-listings|api[/]get-similar)|watching[/](components[/]save-search|api[/]create-saved-search|saved-search-query))|components[/]ui[/](text-field|checkbox-field))/,
      priority: 1,
    },
    // A listing's page: its panels, gallery and bid history, and the buttons the page adds (watch,
    // follow, contact, report, add to cart), which were six files of a few hundred bytes.
    {
      name: "listing-page",
      test: /[/]client[/]features[/](listing-detail[/](api|hooks|components[/](auction-panel|fixed-price-panel|listing-detail-view|bid-|seller-card|listing-gallery))|messages[/](api[/]start-conversation|components[/](send-error|contact-seller))|watching[/](components[/](follow-button|watch-listing-button)|hooks[/]use-toggle-follow|api[/](follow-seller|get-followed-ids|unfollow-seller))|reports[/]components[/]report-button|cart[/]hooks[/]use-add-to-cart)|[/]core[/]chat\.ts/,
      priority: 1,
    },
    // The dialog every kind of page opens (a listing's confirmations, Save this search) with its
    // buttons, the caches a change clears (each feature's cache.ts and the app's live effects) and the two icons a listing shares with the filters (a
    // rating's star, a dialog's close): their own file, or the listing page would download the
    // filters for them.
    {
      name: "dialogs",
      test: /[/]client[/](components[/]ui[/](modal|confirm-dialog|form-actions)|lib[/](use-modal-dialog|invalidate|session-cache|live-events)|features[/][^/]+[/]cache|app[/]live-effects)\.tsx?$|[/]lucide-react[/]dist[/]esm[/]icons[/](star|x)\.mjs$/,
      priority: 2,
    },
  ],
};

/**
 * React Router 7's package exports name only its development build (dev warnings on, about 15 kB
 * more), also for a production bundle (remix-run/react-router#14102); the build takes the
 * production one the package ships beside it. `vite` (dev server) keeps the warnings.
 */
const REACT_ROUTER_PRODUCTION = fileURLToPath(
  new URL("./node_modules/react-router/dist/production/index.mjs", import.meta.url),
);

// The web app lives in client/; its build is served by the Fastify server from dist/client.
export default defineConfig(({ command }) => ({
  root: "client",
  resolve:
    command === "build"
      ? { alias: [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] }
      : {},
  publicDir: "public",
  plugins: [
    react(),
    tailwindcss(),
    markdownContent(),
    lazySonner(),
    pureCore(fileURLToPath(new URL("./core", import.meta.url))),
    inlineCss(),
    precompress(),
  ],
  // The manifest tells the server which files each page needs (server/modules/site/page-preloads.ts).
  build: {
    outDir: "../dist/client",
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    // Every browser the site supports understands <link rel="modulepreload">: no polyfill for it.
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting } },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: "http://127.0.0.1:3000", ws: true },
      "/uploads": "http://127.0.0.1:3000",
      "/healthz": "http://127.0.0.1:3000",
    },
  },
}));
