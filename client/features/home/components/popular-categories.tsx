import {
  Car,
  Gem,
  House,
  type LucideIcon,
  Palette,
  PawPrint,
  Shirt,
  Smartphone,
  ToyBrick,
} from "lucide-react";
import { Link } from "react-router";
import type { CategoryNode } from "../../../../core/contracts/browse";

/** The spec's eight tiles, in its order; names come from the category tree. */
const TILES: { slug: string; Icon: LucideIcon }[] = [
  { slug: "electronics", Icon: Smartphone },
  { slug: "fashion", Icon: Shirt },
  { slug: "home", Icon: House },
  { slug: "cars", Icon: Car },
  { slug: "animals", Icon: PawPrint },
  { slug: "art", Icon: Palette },
  { slug: "jewelry", Icon: Gem },
  { slug: "toys", Icon: ToyBrick },
];

export function PopularCategories({ categories }: { categories: CategoryNode[] }) {
  const tiles = TILES.flatMap(({ slug, Icon }) => {
    const category = categories.find((c) => c.slug === slug);
    return category ? [{ category, Icon }] : [];
  });
  if (tiles.length === 0) return null;

  return (
    <section aria-labelledby="popular-categories" className="flex flex-col gap-4">
      <h2 id="popular-categories" className="text-2xl font-bold text-slate-900">
        Popular Categories
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-8">
        {tiles.map(({ category, Icon }) => (
          <li key={category.id}>
            <Link
              to={`/category/${category.slug}`}
              className="flex h-full flex-col items-center gap-3 rounded-xl border border-sand-200 bg-white px-3 py-5 text-center shadow-sm transition hover:-translate-y-0.5 hover:border-brand-400 hover:shadow-md"
            >
              <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                <Icon aria-hidden="true" className="size-7" />
              </span>
              <span className="text-sm font-semibold text-slate-900">{category.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
