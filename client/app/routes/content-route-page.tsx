import { useLoaderData, useLocation } from "react-router";
import type { ContentPage } from "../../../content/content-page";
import type { Crumb } from "../../components/ui/breadcrumb";
import { ContentArticle } from "../../features/help/components/content-article";
import {
  CONTENT_PAGES,
  type ContentEntry,
  FEE_PAGES,
  HELP_ARTICLES,
  POLICY_PAGES,
} from "../../features/help/components/content-pages";
import { MoreHelp } from "../../features/help/components/more-help";
import { PageMenu } from "../../features/help/components/page-menu";

const HOME: Crumb = { label: "Home", to: "/" };
const HELP: Crumb = { label: "Help Center", to: "/help" };

/** Where a page sits, for its breadcrumb. */
function breadcrumbsFor(entry: ContentEntry): Crumb[] {
  if (entry.group === "help") return [HOME, HELP];
  if (entry.group === "fees") {
    return entry.path === "/help/selling-fees"
      ? [HOME, HELP]
      : [HOME, HELP, { label: "Selling fees", to: "/help/selling-fees" }];
  }
  return entry.path === "/policies" ? [HOME] : [HOME, { label: "Policies", to: "/policies" }];
}

const MENUS: Record<ContentEntry["group"], { title: string; entries: readonly ContentEntry[] }> = {
  help: { title: "Help topics", entries: HELP_ARTICLES },
  fees: { title: "Selling fees", entries: FEE_PAGES },
  policies: { title: "Policies", entries: POLICY_PAGES },
};

/** A help article, fee page or policy (public), with its group's menu beside it. */
export function ContentRoutePage() {
  const page = useLoaderData() as ContentPage;
  const { pathname } = useLocation();
  const entry =
    CONTENT_PAGES.find((e) => e.path === pathname.replace(/\/+$/, "")) ?? CONTENT_PAGES[0];
  if (!entry) throw new Error("no content pages");
  const menu = MENUS[entry.group];
  return (
    <ContentArticle
      page={page}
      breadcrumbs={breadcrumbsFor(entry)}
      aside={<PageMenu title={menu.title} entries={menu.entries} />}
      footer={<MoreHelp />}
    />
  );
}
