import type { Rolldown } from "vite";
import { describe, expect, it } from "vitest";
import { inlineStylesheets } from "./inline-css";

const asset = (fileName: string, source: string) =>
  ({
    type: "asset",
    fileName,
    source,
    names: [],
    originalFileNames: [],
  }) as unknown as Rolldown.OutputAsset;

const HTML = `<head>
    <script type="module" crossorigin src="/assets/index-a1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-b2.css">
  </head>`;

describe("inlineStylesheets", () => {
  it("writes the linked stylesheet into the page", () => {
    const bundle = { "assets/index-b2.css": asset("assets/index-b2.css", "body{color:red}") };
    const html = inlineStylesheets(HTML, bundle);
    expect(html).toContain("<style>body{color:red}</style>");
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).toContain('src="/assets/index-a1.js"');
  });

  it("leaves a stylesheet linked when the bundle lacks it or it could end the element", () => {
    expect(inlineStylesheets(HTML, {})).toBe(HTML);
    const closing = {
      "assets/index-b2.css": asset("assets/index-b2.css", 'a::after{content:"</style>"}'),
    };
    expect(inlineStylesheets(HTML, closing)).toBe(HTML);
  });
});
