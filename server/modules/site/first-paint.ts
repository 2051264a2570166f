import { sql } from "drizzle-orm";
import type { ListingPage } from "../../../core/contracts/browse";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";
import type { SharedListing } from "../listings/share-tags";
import { firstResultsHtml } from "./first-paint-results";
import { escapeHtml, icon } from "./paint-html";

export { escapeHtml };

// A phone used to paint nothing of a page until the app's script (about 110 KiB) had arrived and
// run: its largest paint (home's hero, a category's description, a listing's photo) came at about
// twice the bare Vite + React page's. The server now writes a still picture of the top of those
// pages into <div id="root">, painted with the HTML and the stylesheet alone; client/main.tsx
// swaps it for the app once the app has drawn the same page (decision 0031, docs/performance.md).
//
// Everything here mirrors the React components named beside each part: the same classes (the
// stylesheet has them: client/styles.css reads this file as a Tailwind source) and the same texts.
// A change to those components' tops wants the same change here; the swap is then seamless.

/** The pages that get a first paint, and what each shows. */
export type FirstPaint =
  | { kind: "home" }
  | {
      kind: "listings";
      title: string;
      sortLabel: string;
      allCategories: boolean;
      /** What the header's search box holds on the results (search-box.tsx: `search`, untrimmed). */
      searchBox: string;
      /** The bare /listings' first page, when the server read it (first-paint-results.ts). */
      results?: { page: ListingPage; now: Date };
    }
  | { kind: "category"; category: PaintedCategory }
  | { kind: "listing"; listing: SharedListing };

export interface PaintedCategory {
  slug: string;
  name: string;
  description: string;
  parent: { slug: string; name: string } | null;
  /** The chips: a top category's subcategories, or a subcategory's siblings (by name). */
  children: { slug: string; name: string }[];
}

/** client/app/routes/listings-page.tsx's sort choices. */
const SORT_LABELS: Record<string, string> = {
  newest: "Newest First",
  price_asc: "Price (Low to High)",
  price_desc: "Price (High to Low)",
  ending_soon: "Ending Soon",
};

const SLUG = /^[a-z0-9-]+$/;
const LISTING_PATH = /^\/(?:listing|product|products)\/[0-9a-f-]{36}\/?$/i;

/** Which kind of first paint a path gets, before any read: null for every other page. */
export function firstPaintKind(url: string): FirstPaint["kind"] | null {
  const pathname = url.split("?")[0] ?? url;
  if (pathname === "/") return "home";
  if (/^\/(?:listings|search)\/?$/.test(pathname)) return "listings";
  if (/^\/category\/[^/]+(?:\/[^/]+)?\/?$/.test(pathname)) return "category";
  if (LISTING_PATH.test(pathname)) return "listing";
  return null;
}

/** /listings' heading and sort, as the page reads them from the query (use-category-filters.ts). */
export function listingsPaint(url: string): Extract<FirstPaint, { kind: "listings" }> {
  const query = new URLSearchParams(url.split("?")[1] ?? "");
  const search = query.get("search")?.trim() || query.get("q")?.trim() || "";
  const sort = query.get("sort") ?? "";
  // Best Match is offered, and the default, only with words; an unknown sort falls back.
  const sortLabel = SORT_LABELS[sort] ?? (search ? "Best Match" : "Newest First");
  const category = query.get("category") ?? "";
  // /search sends `q` on as `search` (search-redirect-page.tsx) unless `search` is there.
  const searchBox = url.startsWith("/search")
    ? (query.get("search") ?? query.get("q") ?? "")
    : (query.get("search") ?? "");
  return {
    kind: "listings",
    searchBox,
    title: search ? `Search Results: "${search}"` : "Browse Listings",
    sortLabel,
    allCategories: category === "" || category === "all",
  };
}

/**
 * A category page's header, in one indexed read (by slug): the category, its parent, and the
 * chips (the API's getCategoryBySlug orders them by name the same way). Null when not found.
 */
export async function readPaintedCategory(db: Db, url: string): Promise<PaintedCategory | null> {
  const pathname = url.split("?")[0] ?? url;
  const [, , slug = "", sub] = pathname.replace(/\/$/, "").split("/");
  const target = sub ?? slug;
  if (!SLUG.test(target)) return null;
  const found = await rows<{
    slug: string;
    name: string;
    description: string;
    parent_slug: string | null;
    parent_name: string | null;
    children: { slug: string; name: string }[] | string | null;
  }>(
    db,
    sql`
    select c.slug, c.name, c.description, p.slug as parent_slug, p.name as parent_name,
      (select json_agg(json_build_object('slug', k.slug, 'name', k.name) order by k.name)
        from categories k where k.parent_id = coalesce(p.id, c.id) and k.is_active) as children
    from categories c left join categories p on p.id = c.parent_id
    where c.slug = ${target} and c.is_active`,
  );
  const row = found[0];
  if (!row) return null;
  // The page's own check: a subcategory only under its parent, a top category only on its own.
  if (sub ? row.parent_slug !== slug : row.parent_slug !== null) return null;
  const children = typeof row.children === "string" ? JSON.parse(row.children) : row.children;
  return {
    slug: row.slug,
    name: row.name,
    description: row.description,
    parent:
      row.parent_slug && row.parent_name ? { slug: row.parent_slug, name: row.parent_name } : null,
    children: children ?? [],
  };
}

/**
 * The header as a visitor first sees it (components/layouts/site-header.tsx, top-strip.tsx,
 * search-box.tsx, watchlist-menu.tsx, category-nav.tsx), with nothing to press: links and fields
 * are spans of the same size. The category bar's names come with the app.
 */
function header(searchText = ""): string {
  const box = searchText
    ? `<span class="flex h-11 min-w-0 flex-1 items-center overflow-hidden rounded-l-full border-2 border-r-0 border-brand-700 bg-white px-4 text-base whitespace-pre text-slate-900">${escapeHtml(searchText)}</span>`
    : '<span class="flex h-11 min-w-0 flex-1 items-center rounded-l-full border-2 border-r-0 border-brand-700 bg-white px-4 text-base text-slate-600">Search for anything</span>';
  return `<div class="relative z-30 shadow-sm">
<div class="on-dark bg-brand-950 text-xs text-brand-50 sm:text-sm"><div class="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-1.5"><p>Hi!</p><ul class="flex items-center gap-4"><li>Daily Deals</li><li>Help &amp; Contact</li></ul></div></div>
<div class="border-b border-sand-200 bg-white"><div class="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-3 px-4 py-3 sm:gap-x-4">
<span class="flex items-center gap-2 text-2xl font-extrabold tracking-tight text-brand-800">${icon("sailboat", "size-7 text-coral-700")}Tradewinds</span>
<div class="order-last w-full md:order-none md:w-auto md:flex-1"><div class="flex w-full">${box}<span class="inline-flex h-11 items-center gap-2 rounded-r-full bg-brand-700 px-4 font-semibold text-white sm:px-6">${icon("search", "size-5")}<span class="sr-only sm:not-sr-only">Search</span></span></div></div>
<div class="ml-auto flex items-center gap-0.5 sm:gap-1 md:ml-0"><span class="inline-flex h-10 items-center gap-1 rounded-lg px-2 text-sm font-medium text-slate-800 sm:px-3">${icon("heart", "size-5")}<span class="sr-only sm:not-sr-only">Watchlist</span>${icon("chevronDown", "hidden size-4 sm:block")}</span><span class="inline-flex h-10 items-center gap-1 rounded-lg px-2 text-sm font-medium text-slate-800 sm:px-3">${icon("tag", "size-5 sm:hidden")}<span class="sr-only sm:not-sr-only">Sell</span></span><span class="relative inline-flex size-10 items-center justify-center rounded-lg text-slate-800">${icon("cart", "size-6")}</span></div>
</div></div>
<div class="border-b border-sand-200 bg-white"><div class="relative mx-auto max-w-7xl px-4"><div class="flex items-center gap-1"><span class="inline-flex h-11 shrink-0 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-slate-900">${icon("grid", "size-4")}All Categories${icon("chevronDown", "size-4")}</span></div></div></div>
</div>`;
}

/** components/ui/select-field.tsx without a select: its label and a box of its size. */
function selectBox(label: string, value: string, className: string, dark = false): string {
  return `<div class="flex flex-col gap-1 ${className}"><span class="text-sm font-medium ${dark ? "text-white" : "text-slate-800"}">${escapeHtml(label)}</span><div class="relative"><span class="flex h-10 w-full items-center rounded-lg border border-slate-400 bg-white pr-9 pl-3 text-sm text-slate-900">${escapeHtml(value)}</span>${icon("chevronDown", "pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-600")}</div></div>`;
}

/** components/ui/breadcrumb.tsx: the last crumb is the current page. */
function breadcrumb(crumbs: string[]): string {
  const items = crumbs.map((label, index) => {
    const chevron = index > 0 ? icon("chevronRight", "size-4 text-slate-500") : "";
    const last = index === crumbs.length - 1;
    const text = last
      ? `<span class="font-medium text-slate-900">${escapeHtml(label)}</span>`
      : `<span class="text-brand-800">${escapeHtml(label)}</span>`;
    return `<li class="flex items-center gap-1">${chevron}${text}</li>`;
  });
  return `<div class="text-sm"><ol class="flex flex-wrap items-center gap-1 text-slate-700">${items.join("")}</ol></div>`;
}

/** features/home/components/home-hero.tsx: all of it but the territories in the select. */
function homeHero(): string {
  return `<div class="on-dark relative overflow-hidden bg-gradient-to-br from-brand-800 via-brand-900 to-brand-950 text-white">
<div class="absolute -top-24 -right-16 size-80 rounded-full bg-coral-500/25 blur-2xl"></div>
<div class="absolute -bottom-32 left-1/3 size-96 rounded-full bg-brand-400/20 blur-3xl"></div>
<div class="relative mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 sm:py-16 lg:grid-cols-[1.4fr_1fr]"><div class="flex flex-col gap-5">
<p class="text-sm font-semibold tracking-widest text-coral-200 uppercase">The Caribbean's marketplace</p>
<p class="text-3xl leading-tight font-extrabold sm:text-5xl">Bid, buy and sell across the islands</p>
<p class="max-w-xl text-lg text-brand-50">Auctions and Buy It Now deals from sellers in Jamaica, Trinidad and Tobago, Barbados, The Bahamas and beyond.</p>
<div class="flex flex-col gap-3 sm:flex-row sm:items-end">${selectBox("Shop by Territory", "All Territories", "sm:w-72", true)}<span class="inline-flex items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap bg-coral-700 text-white h-10 px-4 text-sm">Start Shopping${icon("arrowRight", "size-4")}</span></div>
</div><div class="hidden justify-center lg:flex"><div class="relative flex size-72 items-center justify-center rounded-full bg-sand-100/10 ring-1 ring-white/20"><div class="absolute top-10 right-12 size-16 rounded-full bg-coral-400"></div>${icon("sailboat", "size-40 text-sand-50", 1.25)}</div></div></div>
</div>`;
}

/**
 * client/app/routes/listings-page.tsx: the heading, Advanced search and the two selects; on the bare
 * /listings also the filter bar and the first page's cards.
 */
function listingsTop(paint: Extract<FirstPaint, { kind: "listings" }>): string {
  return `<div class="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8"><div class="flex flex-col gap-4 md:flex-row md:items-end md:justify-between"><div class="flex min-w-0 flex-col gap-1"><p class="text-2xl font-bold break-words text-slate-900 sm:text-3xl">${escapeHtml(paint.title)}</p><span class="text-sm font-semibold text-brand-800">Advanced search</span></div><div class="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 md:flex">${selectBox("Category", paint.allCategories ? "All Categories" : "", "md:w-56")}${selectBox("Sort by", paint.sortLabel, "md:w-56")}</div></div>${paint.results ? firstResultsHtml(paint.results.page, paint.results.now) : ""}</div>`;
}

/** features/catalog/components/category-header.tsx, in category-page.tsx's frame. */
function categoryTop(category: PaintedCategory): string {
  const chip = "inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium";
  const idle = `${chip} border-slate-300 bg-white text-slate-800`;
  const chips = [
    ...(category.parent
      ? [`<li><span class="${idle}">All ${escapeHtml(category.parent.name)}</span></li>`]
      : []),
    ...category.children.map((child) => {
      const current = child.slug === category.slug;
      const style = current ? `${chip} border-brand-700 bg-brand-700 text-white` : idle;
      return `<li><span class="${style}">${escapeHtml(child.name)}</span></li>`;
    }),
  ];
  const crumbs = ["Home", ...(category.parent ? [category.parent.name] : []), category.name];
  return `<div class="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6"><div class="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between"><div class="flex flex-col gap-3">${breadcrumb(crumbs)}<p class="text-2xl font-bold text-slate-900 sm:text-3xl">${escapeHtml(category.name)}</p>${category.description ? `<p class="max-w-3xl text-slate-700">${escapeHtml(category.description)}</p>` : ""}${category.children.length > 0 ? `<div><ul class="flex flex-wrap gap-2">${chips.join("")}</ul></div>` : ""}</div></div></div>`;
}

/** features/listing-detail/components/listing-detail-view.tsx: Back, the crumbs, the photo, the title. */
function listingTop(listing: SharedListing): string {
  const crumbs = [
    "Home",
    listing.categoryName,
    ...(listing.subcategoryName ? [listing.subcategoryName] : []),
  ];
  // The crumbs of a listing all link (none is the current page): drawn as links, not the last bold.
  const crumbItems = crumbs
    .map(
      (label, index) =>
        `<li class="flex items-center gap-1">${index > 0 ? icon("chevronRight", "size-4 text-slate-500") : ""}<span class="text-brand-800">${escapeHtml(label)}</span></li>`,
    )
    .join("");
  const image = listing.image;
  const count = listing.thumbs.length;
  // features/listing-detail/components/listing-gallery.tsx: the photo, its chip, the thumbnails.
  const thumbs =
    count > 1
      ? `<ul class="grid grid-cols-6 gap-2">${listing.thumbs
          .map(
            (thumb, index) =>
              `<li><span class="block w-full overflow-hidden rounded-lg border-2 bg-white ${index === 0 ? "border-brand-700" : "border-transparent"}"><img src="${escapeHtml(thumb)}" alt="" width="${image?.width ?? 1}" height="${image?.height ?? 1}" loading="lazy" class="aspect-square w-full object-cover"></span></li>`,
          )
          .join("")}</ul>`
      : "";
  const photo = image
    ? `<div class="flex flex-col gap-3"><div class="relative overflow-hidden rounded-2xl border border-sand-200 bg-white"><img src="${escapeHtml(image.url)}" alt="" width="${image.width}" height="${image.height}" fetchpriority="high" class="aspect-[4/3] w-full bg-sand-100 object-contain"><span class="absolute inset-0 flex items-end justify-end rounded-2xl p-3"><span class="flex items-center gap-1.5 rounded-full bg-slate-900/75 px-3 py-1.5 text-sm font-medium text-white shadow">${icon("expand", "size-4")}${count > 1 ? `1 of ${count}` : "Enlarge"}</span></span></div>${thumbs}</div>`
    : `<div class="flex aspect-[4/3] w-full flex-col items-center justify-center gap-2 rounded-2xl bg-sand-100 text-slate-600"></div>`;
  const subtitle = listing.subtitle
    ? `<p class="text-lg text-slate-800">${escapeHtml(listing.subtitle)}</p>`
    : "";
  const seller = `<p class="text-slate-700">Seller: <span class="font-semibold text-slate-900">${escapeHtml(listing.sellerName || "Unknown")}</span></p>`;
  return `<div class="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6"><div class="flex flex-wrap items-center gap-x-4 gap-y-2"><span class="inline-flex items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap text-brand-800 h-9 px-3 text-sm">${icon("arrowLeft", "size-4")}Back</span><div class="text-sm"><ol class="flex flex-wrap items-center gap-1 text-slate-700">${crumbItems}</ol></div></div><div class="grid gap-8 lg:grid-cols-2 lg:grid-rows-[auto_1fr]">${photo}<div class="flex flex-col gap-5 lg:row-span-2"><div class="flex flex-col gap-2"><p class="text-2xl leading-tight font-bold text-slate-900 sm:text-3xl">${escapeHtml(listing.title)}</p>${subtitle}${seller}</div></div></div></div>`;
}

/**
 * The first paint's HTML: the layout's frame (components/layouts/site-layout.tsx) with the header
 * and the top of the page. Hidden from assistive technology and holding nothing focusable: it is
 * a picture for the eye while the app loads, and the app, which replaces it, is what is read
 * (decision 0031). `data-first-paint` is what client/main.tsx looks for.
 */
export function firstPaintHtml(paint: FirstPaint): string {
  let page: string;
  if (paint.kind === "home") page = homeHero();
  else if (paint.kind === "listings") page = listingsTop(paint);
  else if (paint.kind === "category") page = categoryTop(paint.category);
  else page = listingTop(paint.listing);
  // With cards in it, the picture stays until the app has drawn its results (client/app/first-paint.ts).
  const until =
    paint.kind === "listings" && paint.results ? ' data-first-paint-until="results"' : "";
  return `<div data-first-paint${until} aria-hidden="true" class="flex min-h-screen flex-col">${header(paint.kind === "listings" ? paint.searchBox : "")}<div class="flex-1">${page}</div></div>`;
}

/** The page's HTML with the first paint inside its empty <div id="root">. */
export function withFirstPaint(html: string, paint: string): string {
  const root = '<div id="root"></div>';
  const at = html.indexOf(root);
  if (!paint || at < 0) return html;
  const open = at + root.length - "</div>".length;
  // Joined from slices, never through String.replace: a title's `$&` would be read as a pattern.
  return html.slice(0, open) + paint + html.slice(open);
}
