import { Marked, type Token, type Tokens, type TokensList } from "marked";
import type { ContentPage, ContentSection } from "./content-page";

/**
 * Turns one content file into the page the app shows: front matter (title, description, updated),
 * `{{figure}}` tokens replaced by figures from the code (fees, limits), Markdown rendered to HTML
 * with an id on every heading, the table of contents (its h2s) and each section's plain text for
 * the help centre's search. Runs at build time only (content/markdown-plugin.ts).
 */
export function renderContent(
  source: string,
  figures: Readonly<Record<string, string>>,
  file = "content",
): ContentPage {
  // Figures go in first, so a page's description can quote them too.
  const { meta, body: filled } = frontMatter(fillFigures(source, figures, file), file);

  const ids = new Set<string>();
  const uniqueId = (text: string) => {
    const base = slugify(text) || "section";
    let id = base;
    for (let n = 2; ids.has(id); n++) id = `${base}-${n}`;
    ids.add(id);
    return id;
  };

  const marked = new Marked({ gfm: true, async: false });
  const inline = (text: string) => marked.parseInline(text) as string;
  const tokens = marked.lexer(filled);
  // Headings get their ids here, once, so the HTML, the contents and the search agree.
  const headingIds = new Map<Tokens.Heading, string>();
  for (const token of tokens) {
    if (token.type === "heading") {
      headingIds.set(token as Tokens.Heading, uniqueId(plainText(inline(token.text))));
    }
  }
  marked.use({
    renderer: {
      heading(token) {
        const id = headingIds.get(token) ?? uniqueId(token.text);
        const inner = this.parser.parseInline(token.tokens);
        return `<h${token.depth} id="${id}">${inner}</h${token.depth}>\n`;
      },
    },
  });

  // Sections: the text before the first h2 (the introduction), then one per h2.
  const sections: ContentSection[] = [];
  let current: { id: string; heading: string; tokens: Token[] } = {
    id: "",
    heading: meta.title,
    tokens: [],
  };
  const close = () => {
    const text = plainText(marked.parser(withLinks(current.tokens, tokens)));
    if (text || current.id) sections.push({ id: current.id, heading: current.heading, text });
  };
  for (const token of tokens) {
    if (token.type === "heading" && (token as Tokens.Heading).depth === 2) {
      close();
      const heading = token as Tokens.Heading;
      current = {
        id: headingIds.get(heading) ?? "",
        heading: plainText(inline(heading.text)),
        tokens: [],
      };
    } else {
      current.tokens.push(token);
    }
  }
  close();

  // A wide table scrolls inside its box on a phone instead of widening the page; the box takes
  // focus so the keyboard can scroll it too.
  const html = marked
    .parser(tokens)
    .replaceAll("<table>", '<div class="table-scroll" tabindex="0"><table>')
    .replaceAll("</table>", "</table></div>");
  if (tokens.some((t) => t.type === "heading" && (t as Tokens.Heading).depth === 1)) {
    throw new Error(`${file}: the page's title comes from its front matter; use ## headings`);
  }
  return {
    title: meta.title,
    description: meta.description,
    updated: meta.updated,
    html,
    toc: sections.filter((s) => s.id !== "").map(({ id, heading }) => ({ id, text: heading })),
    sections,
  };
}

/** Reference-style link definitions live on the whole token list; a slice needs them too. */
function withLinks(slice: Token[], all: TokensList): TokensList {
  return Object.assign([...slice], { links: all.links });
}

interface Meta {
  title: string;
  description: string;
  updated: string;
}

/** The `---` block at the top: one `key: value` per line; title, description and updated required. */
function frontMatter(source: string, file: string): { meta: Meta; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match)
    throw new Error(`${file}: starts with no front matter (--- title, description, updated ---)`);
  const fields: Record<string, string> = {};
  for (const line of (match[1] ?? "").split(/\r?\n/)) {
    if (!line.trim()) continue;
    const colon = line.indexOf(":");
    if (colon < 1) throw new Error(`${file}: front matter line "${line}" is not "key: value"`);
    fields[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  const { title, description, updated } = fields;
  if (!title || !description || !updated) {
    throw new Error(`${file}: front matter needs title, description and updated`);
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(updated) || Number.isNaN(Date.parse(updated))) {
    throw new Error(`${file}: updated must be a date such as 2026-11-20`);
  }
  return { meta: { title, description, updated }, body: source.slice(match[0].length) };
}

/** Replaces `{{name}}` with its figure; a name the code does not know fails the build. */
export function fillFigures(
  body: string,
  figures: Readonly<Record<string, string>>,
  file = "content",
): string {
  return body.replace(/\{\{\s*([A-Za-z][\w.]*)\s*\}\}/g, (_all, name: string) => {
    const value = figures[name];
    if (value === undefined) throw new Error(`${file}: unknown figure {{${name}}}`);
    return value;
  });
}

/** An id for a heading: lower case words joined by dashes ("Soft close" → "soft-close"). */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&[a-z]+;|&#\d+;/g, " ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  nbsp: " ",
};

/** The text of some HTML, on one line: what search matches and quotes. */
export function plainText(html: string): string {
  return html
    .replace(/<\/?(?:a|strong|em|code|b|i|span|del)\b[^>]*>/g, "")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#\d+|[a-z]+);/g, (all, name: string) =>
      name.startsWith("#") ? String.fromCharCode(Number(name.slice(1))) : (ENTITIES[name] ?? all),
    )
    .replace(/\s+/g, " ")
    .trim();
}
