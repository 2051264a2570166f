import { Mail } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { z } from "zod";
import type { outboxSchema } from "../../../../core/contracts/accounts";
import { formatDateTime } from "../../../../core/time";
import { EmptyState } from "../../../components/ui/empty-state";

type OutboxEmail = z.infer<typeof outboxSchema>["items"][number];

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;
const linkClass = "break-all font-medium text-brand-800 underline underline-offset-2";

/** A link to this site stays in the app; any other opens as a normal link. */
function EmailLink({ href }: { href: string }) {
  let url: URL | null = null;
  try {
    url = new URL(href);
  } catch {
    url = null;
  }
  if (url && url.origin === window.location.origin) {
    return (
      <Link to={`${url.pathname}${url.search}${url.hash}`} className={linkClass}>
        {href}
      </Link>
    );
  }
  return (
    <a href={href} className={linkClass}>
      {href}
    </a>
  );
}

/** The plain-text body with every URL made clickable. */
function EmailText({ text }: { text: string }) {
  const parts: ReactNode[] = text.split(URL_PATTERN).map((part, index) =>
    index % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
      <EmailLink key={index} href={part} />
    ) : (
      part
    ),
  );
  return (
    <p className="font-mono text-sm break-words whitespace-pre-wrap text-slate-800">{parts}</p>
  );
}

/** The emails the server kept locally, newest first. */
export function OutboxList({ emails }: { emails: OutboxEmail[] }) {
  if (emails.length === 0) {
    return (
      <EmptyState
        title="No emails yet"
        hint="Emails the app sends (confirmations, password resets) show up here."
      />
    );
  }
  const newestFirst = [...emails].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <ol className="flex flex-col gap-4">
      {newestFirst.map((email) => (
        <li key={email.id}>
          <article
            aria-labelledby={`email-${email.id}`}
            className="flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm"
          >
            <header className="flex flex-col gap-1">
              <h2
                id={`email-${email.id}`}
                className="flex items-start gap-2 text-lg font-semibold text-slate-900"
              >
                <Mail aria-hidden="true" className="mt-1 size-5 shrink-0 text-brand-700" />
                {email.subject}
              </h2>
              <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
                <div className="flex gap-1">
                  <dt>To:</dt>
                  <dd className="font-medium break-all text-slate-900">{email.to}</dd>
                </div>
                <div className="flex gap-1">
                  <dt>Sent:</dt>
                  <dd>
                    <time dateTime={email.createdAt}>{formatDateTime(email.createdAt)}</time>
                  </dd>
                </div>
              </dl>
            </header>
            <EmailText text={email.text} />
          </article>
        </li>
      ))}
    </ol>
  );
}
