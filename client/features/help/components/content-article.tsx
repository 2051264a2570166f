import { CalendarDays } from "lucide-react";
import { type MouseEvent, type ReactNode, useEffect, useId } from "react";
import { useLocation, useNavigate } from "react-router";
import type { ContentPage } from "../../../../content/content-page";
import { Breadcrumb, type Crumb } from "../../../components/ui/breadcrumb";
import { PageTitle } from "../../../components/ui/page-title";
import { cn } from "../../../lib/cn";

// The body is HTML rendered at build time from our own Markdown files; these rules style it.
const BODY = cn(
  "max-w-none text-base leading-relaxed text-slate-800",
  "[&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:scroll-mt-6 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-slate-900 sm:[&_h2]:text-2xl",
  "[&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:scroll-mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900",
  "[&_p]:my-3 [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1.5",
  "[&_a]:font-medium [&_a]:text-brand-800 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brand-950",
  "[&_strong]:font-semibold [&_strong]:text-slate-900",
  "[&_code]:rounded [&_code]:bg-sand-100 [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-sm",
  "[&_.table-scroll]:my-4 [&_.table-scroll]:overflow-x-auto [&_.table-scroll]:rounded-xl [&_.table-scroll]:border [&_.table-scroll]:border-sand-200",
  "[&_table]:w-full [&_table]:border-collapse [&_table]:bg-white [&_table]:text-sm",
  "[&_th]:border-b [&_th]:border-sand-300 [&_th]:bg-sand-50 [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_th]:font-semibold [&_th]:text-slate-900",
  "[&_td]:border-b [&_td]:border-sand-200 [&_td]:px-3 [&_td]:py-2 [&_td]:align-top [&_tr:last-child_td]:border-b-0",
);

/** "November 25, 2026" from "2026-11-25" (a calendar date: no time zone may move it). */
export function formatUpdated(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}

/** The page's sections as links, above the text on a phone and beside it on a wide screen. */
function TableOfContents({ page }: { page: ContentPage }) {
  const headingId = useId();
  return (
    <nav
      aria-labelledby={headingId}
      className="rounded-2xl border border-sand-200 bg-white p-4 shadow-sm"
    >
      <h2 id={headingId} className="mb-2 text-sm font-bold tracking-wide text-slate-700 uppercase">
        On this page
      </h2>
      <ol className="flex flex-col gap-0.5 text-sm">
        {page.toc.map((entry) => (
          <li key={entry.id}>
            <a
              href={`#${entry.id}`}
              className="block rounded-md px-2 py-1.5 text-brand-800 hover:bg-brand-50 hover:underline"
            >
              {entry.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * A help, fee or policy page: breadcrumb, title, last-updated date, table of contents and the
 * text. Links in the text to other pages of the app navigate without reloading it.
 */
export function ContentArticle({
  page,
  breadcrumbs,
  aside,
  footer,
}: {
  page: ContentPage;
  breadcrumbs: Crumb[];
  /** More navigation under the table of contents (the other fee pages, say). */
  aside?: ReactNode;
  /** Under the text: where to go next. */
  footer?: ReactNode;
}) {
  const navigate = useNavigate();
  const { hash } = useLocation();

  // Opening /help/buying#soft-close (from search or another page) shows that section, once the
  // page is drawn.
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);

  const followInternalLink = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as HTMLElement).closest("a");
    const href = link?.getAttribute("href");
    if (!link || !href?.startsWith("/") || href.startsWith("//") || link.target) return;
    event.preventDefault();
    navigate(href);
  };

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <PageTitle title={page.title} />
      <Breadcrumb items={[...breadcrumbs, { label: page.title }]} />
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">{page.title}</h1>
        <p className="max-w-3xl text-lg text-slate-700">{page.description}</p>
        <p className="flex items-center gap-1.5 text-sm text-slate-700">
          <CalendarDays aria-hidden="true" className="size-4" />
          Last updated <time dateTime={page.updated}>{formatUpdated(page.updated)}</time>
        </p>
      </header>
      <div className="grid items-start gap-8 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <aside className="flex flex-col gap-4 lg:sticky lg:top-4">
          <TableOfContents page={page} />
          {/* On a phone the group's menu would push the text a screen down: it follows the text. */}
          {aside && <div className="hidden lg:block">{aside}</div>}
        </aside>
        <div className="flex min-w-0 flex-col gap-8">
          {/* Clicks on links are caught here to navigate inside the app; keys work on the links themselves. */}
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: the links inside handle the keyboard */}
          {/* biome-ignore lint/a11y/noStaticElementInteractions: delegation for the links inside */}
          <div
            className={BODY}
            onClick={followInternalLink}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: built from this repository's Markdown at build time, never from user input
            dangerouslySetInnerHTML={{ __html: page.html }}
          />
          {aside && <div className="lg:hidden">{aside}</div>}
          {footer}
        </div>
      </div>
    </div>
  );
}
