import type { Plugin, Rolldown } from "vite";

type OutputBundle = Rolldown.OutputBundle;

const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g;

/**
 * index.html with the stylesheets its `<link>`s name written into a `<style>` instead. The
 * server's first paint (decision 0031) is HTML the stylesheet alone can paint: linked, a phone
 * waited a round trip for the 11 KiB stylesheet after the HTML, sharing the line with the
 * scripts and the page's reads, before it painted anything. Inlined, the HTML paints as it
 * arrives. A stylesheet the bundle does not have is left linked.
 */
export function inlineStylesheets(html: string, bundle: OutputBundle): string {
  return html.replace(STYLESHEET_LINK, (link, file: string) => {
    const asset = bundle[file];
    if (asset?.type !== "asset") return link;
    const css = String(asset.source);
    // Tailwind writes no `</style`, but a stylesheet that held one would end the element early.
    if (/<\/style/i.test(css)) return link;
    return `<style>${css}</style>`;
  });
}

/**
 * The Vite plugin: inlines the entry's stylesheet into the built index.html. The file stays in
 * assets/ (a source map and the manifest name it); nothing the page loads asks for it.
 */
export function inlineCss(): Plugin {
  return {
    name: "tradewinds:inline-css",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      const page = bundle["index.html"];
      if (page?.type !== "asset") return;
      page.source = inlineStylesheets(String(page.source), bundle as OutputBundle);
    },
  };
}
