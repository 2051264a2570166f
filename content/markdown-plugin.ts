import type { Plugin } from "vite";
import { FIGURES } from "./figures.ts";
import { renderContent } from "./markdown.ts";

/**
 * Vite plugin: `import page from ".../content/help/buying.md"` gives the page rendered at build
 * time (content/content-page.ts), so the browser downloads HTML, not a Markdown parser.
 */
export function markdownContent(): Plugin {
  return {
    name: "tradewinds-markdown-content",
    enforce: "pre",
    transform(source, id) {
      const file = id.split("?")[0] ?? id;
      if (!file.endsWith(".md")) return null;
      const page = renderContent(source, FIGURES, file);
      return { code: `export default ${JSON.stringify(page)};`, map: null };
    },
  };
}
