import { sql } from "drizzle-orm";
import { notificationText } from "../../../core/notifications";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";
import { notify } from "../notifications/notifications.service";

/**
 * Tells each reporter that their report was reviewed and whether action was taken (anything but
 * a dismissal), in the transaction that resolved it. What was done to whom stays private: the
 * reporter reads only "took action" or "does not break our rules".
 */
export async function tellReporters(tx: Db, reportIds: readonly string[]): Promise<void> {
  if (reportIds.length === 0) return;
  const found = await rows<{
    reporterId: string;
    subjectKind: string;
    resolution: string | null;
    listingId: string | null;
    title: string | null;
    username: string | null;
    feedbackTitle: string | null;
  }>(
    tx,
    sql`select r.reporter_id as "reporterId", r.subject_kind as "subjectKind", r.resolution,
          r.listing_id as "listingId", l.title, u.username, fol.title as "feedbackTitle"
        from reports r left join listings l on l.id = r.listing_id
        left join users u on u.id = r.reported_user_id
        left join feedback fb on fb.id = r.feedback_id
        left join order_lines fol on fol.id = fb.order_line_id
        where r.id in (${sql.join(
          reportIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) and r.status = 'resolved'`,
  );
  await notify(
    tx,
    found.map((r) => ({
      userId: r.reporterId,
      kind: "report_outcome" as const,
      message: notificationText("report_outcome", {
        subject:
          r.subjectKind === "listing"
            ? `the listing "${r.title ?? ""}"`
            : r.subjectKind === "feedback"
              ? `feedback on "${r.feedbackTitle ?? ""}"`
              : r.subjectKind === "user"
                ? `the member ${r.username ?? ""}`
                : `your conversation with ${r.username ?? "another member"}`,
        actionTaken: r.resolution !== "dismiss",
      }),
      link: "/notifications",
    })),
  );
}
