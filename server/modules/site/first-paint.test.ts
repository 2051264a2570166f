import { describe, expect, it } from "vitest";
import type { SharedListing } from "../listings/share-tags";
import {
  type FirstPaint,
  firstPaintHtml,
  firstPaintKind,
  listingsPaint,
  withFirstPaint,
} from "./first-paint";

const MARKUP = `<script>alert("x")</script> & 'quotes' $& $1`;
const ESCAPED =
  "&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#39;quotes&#39; $&#38; $1";

const listing: SharedListing = {
  title: MARKUP,
  description: "",
  image: { url: '/uploads/listings/a".jpg', width: 800, height: 600 },
  thumbs: ["/uploads/listings/a-thumb.jpg", "/uploads/listings/b-thumb.jpg"],
  subtitle: MARKUP,
  sellerName: MARKUP,
  categoryName: MARKUP,
  subcategoryName: null,
};

const category: FirstPaint = {
  kind: "category",
  category: {
    slug: "audio",
    name: MARKUP,
    description: MARKUP,
    parent: { slug: "electronics", name: MARKUP },
    children: [
      { slug: "audio", name: MARKUP },
      { slug: "cameras", name: "Cameras" },
    ],
  },
};

const every: FirstPaint[] = [
  { kind: "home" },
  listingsPaint(`/listings?search=${encodeURIComponent(MARKUP)}`),
  category,
  { kind: "listing", listing },
];

describe("firstPaintKind", () => {
  it("paints the home, results, category and listing pages", () => {
    expect(firstPaintKind("/")).toBe("home");
    expect(firstPaintKind("/?territory=jamaica")).toBe("home");
    expect(firstPaintKind("/listings")).toBe("listings");
    expect(firstPaintKind("/listings?search=radio&sort=newest")).toBe("listings");
    expect(firstPaintKind("/search?q=radio")).toBe("listings");
    expect(firstPaintKind("/category/electronics")).toBe("category");
    expect(firstPaintKind("/category/electronics/audio")).toBe("category");
    const id = "0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d";
    expect(firstPaintKind(`/listing/${id}`)).toBe("listing");
    expect(firstPaintKind(`/product/${id}`)).toBe("listing");
    expect(firstPaintKind(`/products/${id}?ref=mail`)).toBe("listing");
  });

  it("leaves every other page, private ones first, to the app", () => {
    for (const path of [
      "/my/bids",
      "/my/selling",
      "/account/settings",
      "/admin",
      "/admin/users",
      "/orders/0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d",
      "/listing/0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d/edit",
      "/listing/0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d/bids",
      "/listing/not-an-id",
      "/category/a/b/c",
      "/cart",
      "/help",
      "/404",
      "/nope",
    ]) {
      expect(firstPaintKind(path), path).toBeNull();
    }
  });
});

describe("listingsPaint", () => {
  it("titles and sorts as the page does", () => {
    expect(listingsPaint("/listings")).toMatchObject({
      title: "Browse Listings",
      sortLabel: "Newest First",
      allCategories: true,
    });
    expect(listingsPaint("/listings?search=%20radio%20")).toMatchObject({
      title: 'Search Results: "radio"',
      sortLabel: "Best Match",
    });
    expect(listingsPaint("/search?q=radio&sort=price_asc")).toMatchObject({
      title: 'Search Results: "radio"',
      sortLabel: "Price (Low to High)",
    });
    // Best Match is offered only with words: the page falls back to its default.
    expect(listingsPaint("/listings?sort=best_match").sortLabel).toBe("Newest First");
    expect(listingsPaint("/listings?category=audio").allCategories).toBe(false);
    // The header's search box: the words as typed on /listings, `q` on /search.
    expect(listingsPaint("/listings?search=%20radio").searchBox).toBe(" radio");
    expect(listingsPaint("/listings?q=radio").searchBox).toBe("");
    expect(listingsPaint("/search?q=radio").searchBox).toBe("radio");
  });
});

describe("firstPaintHtml", () => {
  it("escapes everything typed: titles, names, descriptions, search words, addresses", () => {
    for (const paint of every) {
      const html = firstPaintHtml(paint);
      expect(html).not.toContain("<script");
      expect(html).not.toContain(`"x"`);
      expect(html).not.toContain("'quotes'");
    }
    expect(firstPaintHtml({ kind: "listing", listing })).toContain(ESCAPED);
    expect(firstPaintHtml({ kind: "listing", listing })).toContain(
      'src="/uploads/listings/a&#34;.jpg"',
    );
    expect(firstPaintHtml(category)).toContain(`All ${ESCAPED}`);
    expect(firstPaintHtml(every[1] as FirstPaint)).toContain(
      `Search Results: &#34;${ESCAPED}&#34;`,
    );
  });

  it("is hidden from assistive technology, with no landmark, heading or anything to focus", () => {
    for (const paint of every) {
      const html = firstPaintHtml(paint);
      expect(html.startsWith('<div data-first-paint aria-hidden="true"')).toBe(true);
      expect(html).not.toMatch(
        /<(a|button|input|select|textarea|header|nav|main|footer|section|h[1-6])[\s>]/,
      );
      expect(html).not.toMatch(/\s(role|tabindex|id)=/);
    }
  });

  it("keeps the pages' texts", () => {
    expect(firstPaintHtml({ kind: "home" })).toContain("Bid, buy and sell across the islands");
    expect(firstPaintHtml({ kind: "home" })).toContain(
      "Auctions and Buy It Now deals from sellers in Jamaica, Trinidad and Tobago, Barbados, The Bahamas and beyond.",
    );
    expect(firstPaintHtml(listingsPaint("/listings"))).toContain(">Browse Listings<");
    expect(firstPaintHtml(listingsPaint("/listings"))).toContain(">Search for anything<");
    expect(firstPaintHtml(listingsPaint("/listings?search=radio"))).toContain(">radio</span>");
    const photos = firstPaintHtml({ kind: "listing", listing });
    expect(photos).toContain("1 of 2");
    expect(photos).toContain('fetchpriority="high"');
    const one = firstPaintHtml({ kind: "listing", listing: { ...listing, thumbs: ["/a.jpg"] } });
    expect(one).toContain("Enlarge");
    expect(one).not.toContain("grid-cols-6");
  });
});

describe("withFirstPaint", () => {
  const page = '<body>\n    <div id="root"></div>\n    <script src="/x.js"></script>';

  it("fills the empty root, verbatim", () => {
    expect(withFirstPaint(page, "<p>$& $' $`</p>")).toBe(
      '<body>\n    <div id="root"><p>$& $\' $`</p></div>\n    <script src="/x.js"></script>',
    );
  });

  it("leaves the page alone without a paint or a root", () => {
    expect(withFirstPaint(page, "")).toBe(page);
    expect(withFirstPaint("<body></body>", "<p>x</p>")).toBe("<body></body>");
  });
});
