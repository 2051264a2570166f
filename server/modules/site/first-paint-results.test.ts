import { describe, expect, it } from "vitest";
import type { ListingCard, ListingPage } from "../../../core/contracts/browse";
import { firstCardPicture, firstResultsHtml, servedAnswersHtml } from "./first-paint-results";

const MARKUP = `</script><b>"x"</b> & 'y' $&`;
const ESCAPED = "&#60;/script&#62;&#60;b&#62;&#34;x&#34;&#60;/b&#62; &#38; &#39;y&#39; $&#38;";
const NOW = new Date("2026-12-07T12:00:00Z");

let counter = 0;
function card(overrides: Partial<ListingCard> = {}): ListingCard {
  counter++;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, "0")}`,
    title: `Card ${counter}`,
    description: "A card.",
    kind: "fixed_price",
    category: { slug: "electronics", name: "Electronics" },
    subcategory: null,
    territory: { id: "t", name: "Jamaica" },
    condition: null,
    image: {
      url: `/uploads/${counter}.jpg`,
      thumbUrl: `/uploads/${counter}-t.jpg`,
      width: 320,
      height: 320,
    },
    priceCents: 4099,
    displayPriceCents: 4099,
    quantity: 1,
    shippingCents: 0,
    localPickup: false,
    status: "active",
    createdAt: NOW.toISOString(),
    seller: { id: "s", username: "seller", avatarUrl: null, rating: null, ratingCount: 0 },
    auction: null,
    acceptsOffers: false,
    ...overrides,
  };
}

const auction = (endsAt: string, bidCount: number): ListingCard["auction"] => ({
  startPriceCents: 1000,
  currentBidCents: bidCount > 0 ? 2550 : null,
  bidCount,
  minNextBidCents: 2600,
  endsAt,
  ended: false,
  reserveMet: false,
  hasReserve: false,
  buyItNowPriceCents: null,
  leaderId: null,
});

const page = (items: ListingCard[], extra: Partial<ListingPage> = {}): ListingPage => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 24,
  ...extra,
});

describe("firstResultsHtml", () => {
  it("escapes everything a seller typed, the picture's address included", () => {
    const html = firstResultsHtml(
      page([
        card({
          title: MARKUP,
          description: MARKUP,
          subtitle: MARKUP,
          seller: { id: "s", username: MARKUP, avatarUrl: null, rating: null, ratingCount: 0 },
          image: { url: '/u/a".jpg', thumbUrl: '/u/a".jpg', width: 1, height: 1 },
        }),
      ]),
      NOW,
    );
    expect(html).not.toContain("<b>");
    expect(html).not.toContain("</script>");
    expect(html.split(ESCAPED)).toHaveLength(5);
    expect(html).toContain('src="/u/a&#34;.jpg"');
  });

  it("says what the cards say: price, bids, time left, shipping, and the button", () => {
    const html = firstResultsHtml(
      page([
        card({
          title: "Bike",
          kind: "auction",
          auction: auction("2026-12-09T13:30:00Z", 4),
          displayPriceCents: 2550,
          shippingCents: 26500,
          localPickup: true,
        }),
        card({ title: "Sold out", quantity: 0 }),
        card({ title: "Offers", acceptsOffers: true }),
      ]),
      NOW,
    );
    expect(html).toContain("Current Bid");
    expect(html).toContain("US <span>$25.50</span>");
    expect(html).toContain("4 bids");
    expect(html).toContain("2d 1h 30m left");
    expect(html).toContain("+$265.00 shipping");
    expect(html).toContain("Local pickup");
    expect(html).toContain("Place Bid");
    expect(html).toContain("Out of stock");
    expect(html).toContain("or Best Offer");
    expect(html).toContain("Free shipping");
    expect(html).toContain("3 items found");
  });

  it("pins the featured cards first and gives only the first rows their pictures", () => {
    const pinned = [card({ featured: true }), card({ featured: true })];
    const items = [card(), card(), card(), card()];
    const html = firstResultsHtml(
      page(items, { pinned, total: 12_000, totalIsLowerBound: true }),
      NOW,
    );
    expect(html).toContain("More than 12,000 items found");
    expect(html.indexOf("Featured listings")).toBeLessThan(html.indexOf(items[0]?.title ?? "?"));
    // The pinned cards' and the first two of the page's: four pictures, the first one at once.
    expect(html.match(/<img /g)).toHaveLength(4);
    expect(html.match(/fetchpriority="high"/g)).toHaveLength(1);
    expect(html).toContain(
      `src="${pinned[0]?.image?.thumbUrl}" alt="" width="320" height="320" loading="eager"`,
    );
    expect(html).not.toContain(items[2]?.image?.thumbUrl);
  });

  it("names the first card's picture for the head's preload, the pinned cards' first", () => {
    const items = [card()];
    expect(firstCardPicture(page(items))).toBe(items[0]?.image?.thumbUrl);
    const pinned = [card({ featured: true })];
    expect(firstCardPicture(page(items, { pinned }))).toBe(pinned[0]?.image?.thumbUrl);
    expect(firstCardPicture(page([card({ image: null })]))).toBeNull();
  });

  it("shows no results on wide screens, where the app opens its filter panel beside them", () => {
    expect(firstResultsHtml(page([card()]), NOW)).toContain('<div class="grid gap-6 lg:hidden">');
  });
});

describe("servedAnswersHtml", () => {
  it("writes JSON no text in it can close", () => {
    const html = servedAnswersHtml({ "/api/x": { title: MARKUP } });
    const json = html.slice(html.indexOf(">") + 1, html.lastIndexOf("</script>"));
    expect(json).not.toContain("<");
    expect(JSON.parse(json)).toEqual({ "/api/x": { title: MARKUP } });
  });
});
