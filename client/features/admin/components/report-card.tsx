import { MessageSquare, Star, User } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import type { AdminReport, ReportAction } from "../../../../core/contracts/admin";
import { formatMoney } from "../../../../core/money";
import { formatDateTime } from "../../../../core/time";
import { Button } from "../../../components/ui/button";
import { Thumbnail } from "../../../components/ui/thumbnail";
import { ApiError, UNEXPECTED_MESSAGE } from "../../../lib/api-client";
import { useAssignReport, useResolveReport } from "../api/report-actions";
import { useStaff } from "../hooks/use-staff";
import { Badge, ModerationBadge, reasonLabel } from "./admin-ui";
import { ReasonDialog } from "./reason-dialog";

export const RESOLUTION_LABELS: Record<ReportAction, string> = {
  dismiss: "Dismissed",
  remove_listing: "Listing removed",
  warn_user: "User warned",
  suspend_user: "User suspended",
  remove_feedback: "Feedback removed",
};

const userLink = (person: { id: string; username: string }) => (
  <Link to={`/admin/users/${person.id}`} className="font-semibold text-brand-800 hover:underline">
    {person.username || "Unknown"}
  </Link>
);

/** The reported thing, shown in place: the listing's card, the user, or the conversation's end. */
function Subject({ subject }: { subject: AdminReport["subject"] }) {
  if (subject.kind === "listing") {
    return (
      <div className="flex gap-3 rounded-xl border border-sand-200 bg-sand-50 p-3">
        <Thumbnail src={subject.imageUrl} size="md" href={`/listing/${subject.id}`} lazy />
        <div className="flex min-w-0 flex-col gap-1">
          <Link
            to={`/listing/${subject.id}`}
            className="font-semibold [overflow-wrap:anywhere] text-brand-800 hover:underline"
          >
            {subject.title}
          </Link>
          <p className="text-sm text-slate-800">
            {formatMoney(subject.priceCents)} · {subject.status} · seller {userLink(subject.seller)}
          </p>
          <div>
            <ModerationBadge state={subject.moderation} />
          </div>
        </div>
      </div>
    );
  }
  if (subject.kind === "user") {
    return (
      <div className="flex items-center gap-3 rounded-xl border border-sand-200 bg-sand-50 p-3">
        <User aria-hidden="true" className="size-8 shrink-0 text-brand-700" />
        <div className="flex min-w-0 flex-col gap-1">
          <p className="text-sm">
            User {userLink(subject)}
            {subject.storeName && subject.storeName !== subject.username && (
              <span className="text-slate-700"> · store “{subject.storeName}”</span>
            )}
          </p>
          <div className="flex flex-wrap gap-2">
            {subject.suspended && <Badge tone="red">Suspended</Badge>}
            <Link to={`/store/${subject.id}`} className="text-sm text-brand-800 hover:underline">
              Open their store
            </Link>
          </div>
        </div>
      </div>
    );
  }
  if (subject.kind === "feedback") {
    return (
      <div className="flex gap-3 rounded-xl border border-sand-200 bg-sand-50 p-3">
        <Star aria-hidden="true" className="size-8 shrink-0 text-brand-700" />
        <div className="flex min-w-0 flex-col gap-1 text-sm">
          <p className="text-slate-800">
            <Badge
              tone={
                subject.rating === "negative"
                  ? "red"
                  : subject.rating === "positive"
                    ? "green"
                    : "grey"
              }
            >
              {subject.rating}
            </Badge>{" "}
            {subject.stars !== null && `${subject.stars} of 5 stars, `}
            from {userLink(subject.author)} about {userLink(subject.about)} on “{subject.title}”
          </p>
          {subject.comment && (
            <p className="whitespace-pre-line [overflow-wrap:anywhere] text-slate-900">
              {subject.comment}
            </p>
          )}
          {subject.removed && (
            <div>
              <Badge tone="red">Removed</Badge>
            </div>
          )}
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-sand-200 bg-sand-50 p-3">
      <p className="flex flex-wrap items-center gap-1 text-sm text-slate-800">
        <MessageSquare aria-hidden="true" className="size-4 text-brand-700" />
        Conversation between{" "}
        {subject.participants.map((person, index) => (
          <span key={person.id}>
            {index > 0 && " and "}
            {userLink(person)}
          </span>
        ))}
      </p>
      {subject.messages.length === 0 ? (
        <p className="text-sm text-slate-700">No messages.</p>
      ) : (
        <ol aria-label="Latest messages" className="flex flex-col gap-1.5">
          {subject.messages.map((message, index) => (
            <li
              // The excerpt has no ids; the order is fixed for the report's lifetime.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
              className="rounded-lg bg-white px-3 py-2 text-sm shadow-sm"
            >
              <p className="text-xs text-slate-700">
                <span className="font-semibold text-slate-900">{message.senderUsername}</span> ·{" "}
                {formatDateTime(message.sentAt)}
              </p>
              {/* overflow-wrap: anywhere, not break-word: a long unbroken word then adds nothing to the
                  card's least width either, so no flex or grid parent grows to fit it (as in
                  the chat, messages/components/message-text.tsx). */}
              <p className="whitespace-pre-line [overflow-wrap:anywhere] text-slate-900">
                {message.body}
              </p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

const STATUS_TONES = { open: "amber", assigned: "teal", resolved: "grey" } as const;
const STATUS_LABELS = { open: "Open", assigned: "Assigned", resolved: "Resolved" } as const;
const SUBJECT_LABELS = {
  listing: "Listing",
  user: "User",
  conversation: "Conversation",
  feedback: "Feedback",
} as const;

interface PendingAction {
  action: ReportAction;
  title: string;
  description: string;
  confirmLabel: string;
}

function actionsFor(report: AdminReport): PendingAction[] {
  const who = report.reportedUser?.username || "the user";
  const actions: PendingAction[] = [
    {
      action: "dismiss",
      title: "Dismiss report",
      description:
        "Nothing is done to the listing or the user. The reason is kept in the audit log.",
      confirmLabel: "Dismiss",
    },
  ];
  if (report.subject.kind === "listing" && report.subject.moderation !== "removed") {
    actions.push({
      action: "remove_listing",
      title: "Remove listing",
      description: `"${report.subject.title}" leaves the site (an auction with bids ends without a winner). The seller gets your reason by email; other open reports on it are resolved too.`,
      confirmLabel: "Remove listing",
    });
  }
  if (report.subject.kind === "feedback" && !report.subject.removed) {
    actions.push({
      action: "remove_feedback",
      title: "Remove feedback",
      description:
        "The feedback stops counting in the seller's rating and profile and leaves the public lists. Both sides get your reason.",
      confirmLabel: "Remove feedback",
    });
  }
  if (report.reportedUser) {
    actions.push(
      {
        action: "warn_user",
        title: `Warn ${who}`,
        description: `${who} gets a warning with your reason by email.`,
        confirmLabel: "Send warning",
      },
      {
        action: "suspend_user",
        title: `Suspend ${who}`,
        description: `${who} is signed out everywhere and cannot sign in, bid, list or message; their active listings are hidden. They get your reason by email.`,
        confirmLabel: "Suspend user",
      },
    );
  }
  return actions;
}

/** The buttons name whom a warning or suspension reaches (the seller, the other participant). */
function buttonLabel(action: ReportAction, report: AdminReport): string {
  const who = report.reportedUser?.username || "user";
  switch (action) {
    case "dismiss":
      return "Dismiss";
    case "remove_listing":
      return "Remove listing";
    case "warn_user":
      return `Warn ${who}`;
    case "suspend_user":
      return `Suspend ${who}`;
    case "remove_feedback":
      return "Remove feedback";
  }
}

/** One report in the queue: who reported what and why, the thing itself, and what to do. */
export function ReportCard({
  report,
  headingLevel = 2,
}: {
  report: AdminReport;
  headingLevel?: 2 | 3;
}) {
  const staff = useStaff();
  const assign = useAssignReport();
  const resolve = useResolveReport();
  const [pending, setPending] = useState<PendingAction | null>(null);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const resolved = report.status === "resolved";
  const mine = report.assignee?.id === staff.id;

  return (
    <article
      aria-labelledby={`report-${report.id}`}
      className="flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <Heading id={`report-${report.id}`} className="text-lg font-semibold text-slate-900">
            <Link to={`/admin/reports/${report.id}`} className="hover:underline">
              {SUBJECT_LABELS[report.subject.kind]}: {reasonLabel(report.reason)}
            </Link>
          </Heading>
          <p className="text-sm text-slate-700">
            Reported by {userLink(report.reporter)} on {formatDateTime(report.createdAt)}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={STATUS_TONES[report.status]}>{STATUS_LABELS[report.status]}</Badge>
          {report.assignee && !resolved && (
            <span className="text-sm text-slate-700">
              to {mine ? "you" : report.assignee.username}
            </span>
          )}
        </div>
      </div>
      {report.comment && (
        <blockquote className="border-l-4 border-sand-300 pl-3 text-sm whitespace-pre-line [overflow-wrap:anywhere] text-slate-800">
          {report.comment}
        </blockquote>
      )}
      <Subject subject={report.subject} />
      {resolved ? (
        <p className="text-sm text-slate-800">
          <span className="font-semibold">
            {report.resolution ? RESOLUTION_LABELS[report.resolution] : "Resolved"}
          </span>
          {report.resolvedAt && ` on ${formatDateTime(report.resolvedAt)}`}
          {report.assignee && ` by ${report.assignee.username}`}
          {report.resolutionReason && (
            <>
              : <span className="[overflow-wrap:anywhere]">{report.resolutionReason}</span>
            </>
          )}
        </p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {!mine && (
            <Button
              variant="outline"
              size="sm"
              disabled={assign.isPending}
              onClick={() =>
                assign.mutate(report.id, {
                  // It moves from Open to Assigned: say where it went.
                  onSuccess: () => toast.success("The report is yours: find it under Assigned."),
                  onError: (failure) =>
                    toast.error(failure instanceof ApiError ? failure.message : UNEXPECTED_MESSAGE),
                })
              }
            >
              Assign to me
            </Button>
          )}
          {actionsFor(report).map((action) => (
            <Button
              key={action.action}
              variant={action.action === "dismiss" ? "outline" : "primary"}
              size="sm"
              aria-haspopup="dialog"
              onClick={() => setPending(action)}
              className={
                action.action === "suspend_user" || action.action === "remove_listing"
                  ? "bg-coral-700 hover:bg-coral-800"
                  : undefined
              }
            >
              {buttonLabel(action.action, report)}
            </Button>
          ))}
        </div>
      )}
      <ReasonDialog
        open={pending !== null}
        title={pending?.title ?? ""}
        description={pending?.description ?? ""}
        confirmLabel={pending?.confirmLabel ?? ""}
        confirmVariant={pending?.action === "dismiss" ? "primary" : "accent"}
        reasonLabel={
          pending?.action === "dismiss" ? "Reason (for the audit log)" : "Reason (sent to the user)"
        }
        pending={resolve.isPending}
        onCancel={() => setPending(null)}
        onConfirm={async (reason) => {
          if (!pending) return;
          await resolve.mutateAsync({ id: report.id, action: pending.action, reason });
          toast.success(`Report resolved: ${RESOLUTION_LABELS[pending.action].toLowerCase()}.`);
          setPending(null);
        }}
      />
    </article>
  );
}
