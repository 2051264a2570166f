import { describe, expect, it } from "vitest";
import type { ContentPage } from "../../../../content/content-page";
import { queryTerms, searchPages } from "./search";

const page = (title: string, sections: ContentPage["sections"]): ContentPage => ({
  title,
  description: "",
  updated: "2026-11-25",
  html: "",
  toc: [],
  sections,
});

const pages = [
  {
    path: "/help/buying",
    page: page("Buying on Tradewinds", [
      { id: "", heading: "Buying on Tradewinds", text: "Buy across the islands." },
      {
        id: "soft-close",
        heading: "Soft close",
        text: "A bid in the last 2 minutes extends the auction by 2 minutes.",
      },
      {
        id: "proxy-bidding",
        heading: "Proxy bidding",
        text: "Every bid is a maximum; Tradewinds bids for you up to it.",
      },
    ]),
  },
  {
    path: "/help/security",
    page: page("Account security", [
      { id: "passwords", heading: "Choosing a password", text: "At least 8 characters." },
      { id: "curacao", heading: "Shipping to Curaçao", text: "Customs in Curaçao." },
    ]),
  },
];

describe("searchPages", () => {
  it("finds the sections holding every word, heading matches first, with their anchors", () => {
    const hits = searchPages(pages, "bid Proxy");
    expect(hits.map((h) => h.to)).toEqual(["/help/buying#proxy-bidding"]);
    expect(searchPages(pages, "bid").map((h) => h.to)).toEqual([
      "/help/buying#proxy-bidding",
      "/help/buying#soft-close",
    ]);
  });

  it("links an introduction to its page, and matches without accents", () => {
    expect(searchPages(pages, "islands")[0]?.to).toBe("/help/buying");
    expect(searchPages(pages, "curacao")[0]?.to).toBe("/help/security#curacao");
  });

  it("finds nothing for an empty query or a word that is nowhere", () => {
    expect(searchPages(pages, "  ")).toEqual([]);
    expect(searchPages(pages, "bid zebra")).toEqual([]);
  });

  it("quotes a snippet around the first match of a long text", () => {
    const long = `${"word ".repeat(80)}reserve price ${"more ".repeat(80)}`;
    const [hit] = searchPages(
      [{ path: "/p", page: page("P", [{ id: "", heading: "P", text: long }]) }],
      "reserve",
    );
    expect(hit?.snippet).toMatch(/^….*reserve price.*…$/);
    expect(hit?.snippet.length).toBeLessThan(200);
  });

  it("splits a query into words of 2 characters or more", () => {
    expect(queryTerms("How do I pay? a")).toEqual(["how", "do", "pay"]);
  });
});
