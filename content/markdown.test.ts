import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { calculateFees, INSERTION_FEE_CENTS, UPGRADES } from "../core/fees";
import { formatMoney } from "../core/money";
import { FIGURES } from "./figures";
import { plainText, renderContent, slugify } from "./markdown";

const DIR = import.meta.dirname;
const files = ["help", "fees", "policies"].flatMap((folder) =>
  readdirSync(join(DIR, folder))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `${folder}/${name}`),
);
const render = (file: string) =>
  renderContent(readFileSync(join(DIR, file), "utf8"), FIGURES, file);

// Where each page is served (client/app/routes/help-routes.tsx), to check links between pages.
const ROUTE_FILES: Record<string, string> = {
  "/help/buying": "help/buying.md",
  "/help/selling": "help/selling.md",
  "/help/security": "help/security.md",
  "/help/settings": "help/settings.md",
  "/help/selling-fees": "fees/overview.md",
  "/help/selling-fees/basic": "fees/basic.md",
  "/help/selling-fees/real-estate": "fees/real-estate.md",
  "/help/selling-fees/upgrades": "fees/upgrades.md",
  "/help/selling-fees/additional": "fees/additional.md",
  "/help/selling-fees/dispute": "fees/dispute.md",
  "/help/selling-fees/international": "fees/international.md",
  "/help/selling-fees/currency": "fees/currency.md",
  "/policies": "policies/index.md",
  "/privacy": "policies/privacy.md",
  "/terms": "policies/terms.md",
  "/user-agreement": "policies/user-agreement.md",
  "/security": "policies/security.md",
  "/seller-protection": "policies/seller-protection.md",
  "/account/returns": "policies/returns.md",
  "/how-to-sell": "policies/how-to-sell.md",
  "/seller-center": "policies/seller-center.md",
};

describe("content files", () => {
  it("each renders with a title, description, date and table of contents", () => {
    expect(files.length).toBe(Object.keys(ROUTE_FILES).length);
    for (const file of files) {
      const page = render(file);
      expect(page.title, file).not.toBe("");
      expect(page.description.length, file).toBeGreaterThan(20);
      expect(page.updated, file).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(page.toc.length, file).toBeGreaterThanOrEqual(2);
      expect(page.html, file).not.toMatch(/\{\{|\}\}|TODO|lorem/i);
      for (const entry of page.toc) expect(page.html).toContain(`id="${entry.id}"`);
    }
  });

  it("links only to sections that exist", () => {
    for (const file of files) {
      for (const [, path, anchor] of render(file).html.matchAll(/href="(\/[^"#]*)#([^"]+)"/g)) {
        const target = ROUTE_FILES[path ?? ""];
        expect(target, `${file} links to ${path}#${anchor}`).toBeDefined();
        expect(render(target as string).html, `${file} links to ${path}#${anchor}`).toContain(
          `id="${anchor}"`,
        );
      }
    }
  });
});

describe("fee pages", () => {
  const basic = plainText(render("fees/basic.md").html);
  const overview = plainText(render("fees/overview.md").html);

  it("show the spec's examples, computed by core/fees.ts: 10% on $45 = $4.50, 7% on $520 = $36.40", () => {
    const fee = (priceCents: number) =>
      calculateFees({
        priceCents,
        shippingCents: 0,
        listingsThisMonth: 0,
        upgrades: [],
        international: false,
      }).finalValueFeeCents;
    expect(fee(45_00)).toBe(4_50);
    expect(fee(520_00)).toBe(36_40);
    for (const text of [basic, overview]) {
      expect(text).toContain("10% on $45.00 = $4.50");
      expect(text).toContain("7% on $520.00 = $36.40");
    }
  });

  it("show the spec's figures, read from core/fees.ts", () => {
    expect(FIGURES.insertionFee).toBe(formatMoney(INSERTION_FEE_CENTS));
    expect(overview).toContain("First 3 listings each month free, then $0.50 per listing");
    expect(overview).toContain("3% to 10% of the item price plus shipping");
    expect(basic).toContain("The basic rate is 10%");
    expect(overview).toContain("2% residential, 3% commercial");
    for (const u of UPGRADES) expect(overview).toContain(formatMoney(u.cents));
    expect(overview).toContain(
      "Featured listing $10.00, bold title $2.00, subtitle $1.00, Gallery Plus $3.00",
    );
    expect(overview).toContain("+2% of the sale");
    expect(overview).toContain("Standard free, expedited $25.00");
    expect(overview).toContain("1% standard, 2% with a 24-hour rate lock");
  });
});

describe("renderContent", () => {
  const page = (body: string) => `---\ntitle: T\ndescription: D\nupdated: 2026-01-02\n---\n${body}`;

  it("gives headings ids, and the contents and search sections their text", () => {
    const out = renderContent(
      page(
        "Intro **text**.\n\n## Soft close & you\n\nBids *extend*.\n\n## Soft close & you\n\nAgain.",
      ),
      {},
    );
    expect(out.toc).toEqual([
      { id: "soft-close-you", text: "Soft close & you" },
      { id: "soft-close-you-2", text: "Soft close & you" },
    ]);
    expect(out.sections[0]).toEqual({ id: "", heading: "T", text: "Intro text." });
    expect(out.sections[1]).toEqual({
      id: "soft-close-you",
      heading: "Soft close & you",
      text: "Bids extend.",
    });
    expect(out.html).toContain('<h2 id="soft-close-you">Soft close &amp; you</h2>');
  });

  it("fills figures and refuses unknown ones, a missing front matter and a second title", () => {
    expect(renderContent(page("Fee: {{fee}}."), { fee: "$0.50" }).html).toContain("Fee: $0.50.");
    expect(() => renderContent(page("{{nope}}"), {})).toThrow(/unknown figure \{\{nope\}\}/);
    expect(() => renderContent("Just text", {})).toThrow(/front matter/);
    expect(() => renderContent(page("# Another title"), {})).toThrow(/## headings/);
  });

  it("makes ids from accented and punctuated headings", () => {
    expect(slugify("Curaçao & Aruba: what's new?")).toBe("curacao-aruba-what-s-new");
  });
});
