import {
  CircleHelp,
  FileText,
  type LucideIcon,
  Mail,
  Receipt,
  RotateCcw,
  Settings,
  ShieldCheck,
  ShoppingBag,
  Store,
} from "lucide-react";
import { Link, useSearchParams } from "react-router";
import type { ContentPage } from "../../../../content/content-page";
import { PageTitle } from "../../../components/ui/page-title";
import { HelpSearchForm, HelpSearchResults } from "./help-search";
import { MoreHelp } from "./more-help";

const TOPICS: { path: string; Icon: LucideIcon }[] = [
  { path: "/help/buying", Icon: ShoppingBag },
  { path: "/help/selling", Icon: Store },
  { path: "/help/security", Icon: ShieldCheck },
  { path: "/help/settings", Icon: Settings },
  { path: "/help/selling-fees", Icon: Receipt },
  { path: "/account/returns", Icon: RotateCcw },
  { path: "/policies", Icon: FileText },
];

/** Questions people ask most, each pointing at the section of the page that answers it. */
const POPULAR: { question: string; path: string; heading: string }[] = [
  {
    question: "How does proxy bidding work?",
    path: "/help/buying",
    heading: "Proxy bidding: bid the most you would pay",
  },
  {
    question: "Why did the auction's end time move?",
    path: "/help/buying",
    heading: "Soft close: no last-second sniping",
  },
  {
    question: "What does “Reserve not met” mean?",
    path: "/help/buying",
    heading: "Reserve prices",
  },
  {
    question: "How do I pay for an item I won?",
    path: "/help/buying",
    heading: "Winning and paying",
  },
  {
    question: "How does shipping between islands work?",
    path: "/help/buying",
    heading: "Shipping between islands",
  },
  { question: "What does selling cost?", path: "/help/selling-fees", heading: "At a glance" },
  {
    question: "How do I return an item?",
    path: "/account/returns",
    heading: "How to ask for a return",
  },
  { question: "I forgot my password", path: "/help/security", heading: "Forgot your password" },
];

/** The link to a popular question's section; the page itself if the heading was renamed. */
function sectionLink(page: ContentPage | undefined, path: string, heading: string): string {
  const entry = page?.toc.find((t) => t.text === heading);
  return entry ? `${path}#${entry.id}` : path;
}

/** /help: search over every help, fee and policy page, the topics, and popular questions. */
export function HelpCentre({ pages }: { pages: readonly { path: string; page: ContentPage }[] }) {
  const [params, setParams] = useSearchParams();
  const query = params.get("q")?.trim() ?? "";
  const byPath = new Map(pages.map((p) => [p.path, p.page]));
  const search = (q: string) => setParams(q ? { q } : {});

  return (
    <div className="flex flex-col gap-10">
      <PageTitle title={query ? `Help: ${query}` : "Help Center"} />
      <section className="on-dark rounded-3xl bg-gradient-to-br from-brand-800 to-brand-950 px-5 py-10 text-white sm:px-10 sm:py-12">
        <div className="flex flex-col gap-5">
          <div className="flex flex-col gap-2">
            <h1 className="flex items-center gap-3 text-3xl font-extrabold sm:text-4xl">
              <CircleHelp aria-hidden="true" className="size-8 shrink-0" />
              Help Center
            </h1>
            <p className="text-lg text-brand-50">
              Answers about buying, bidding, selling, fees and your account, any time of day.
            </p>
          </div>
          {/* A new query gives the form a fresh start (the key), so Back restores its text. */}
          <HelpSearchForm key={query} query={query} onSearch={search} />
        </div>
      </section>

      {query && <HelpSearchResults query={query} pages={pages} />}

      <section aria-labelledby="help-topics" className="flex flex-col gap-4">
        <h2 id="help-topics" className="text-2xl font-bold text-slate-900">
          Browse by topic
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {TOPICS.map(({ path, Icon }) => {
            const page = byPath.get(path);
            if (!page) return null;
            return (
              <li key={path}>
                <TopicCard path={path} page={page} Icon={Icon} />
              </li>
            );
          })}
          <li>
            <TopicCard
              path="/contact"
              Icon={Mail}
              page={{
                title: "Contact us",
                description:
                  "Send us a message about anything the articles do not answer. We reply within 24 hours.",
              }}
            />
          </li>
        </ul>
      </section>

      <section aria-labelledby="popular-questions" className="flex flex-col gap-4">
        <h2 id="popular-questions" className="text-2xl font-bold text-slate-900">
          Popular questions
        </h2>
        <ul className="grid gap-x-8 gap-y-1 sm:grid-cols-2">
          {POPULAR.map(({ question, path, heading }) => (
            <li key={question}>
              <Link
                to={sectionLink(byPath.get(path), path, heading)}
                className="block rounded-md py-2 font-medium text-brand-800 underline underline-offset-2 hover:text-brand-950"
              >
                {question}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <MoreHelp />
    </div>
  );
}

function TopicCard({
  path,
  page,
  Icon,
}: {
  path: string;
  page: Pick<ContentPage, "title" | "description">;
  Icon: LucideIcon;
}) {
  return (
    <Link
      to={path}
      className="group flex h-full flex-col gap-2 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm hover:border-brand-400"
    >
      <span className="flex size-10 items-center justify-center rounded-full bg-brand-100 text-brand-800">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span className="text-lg font-semibold text-brand-800 group-hover:underline">
        {page.title}
      </span>
      <span className="text-sm text-slate-700">{page.description}</span>
    </Link>
  );
}
