import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import {
  ADMIN_ACTIONS,
  ALL_REPORT_REASONS,
  LISTING_RULE_KINDS,
  REPORT_ACTIONS,
  REPORT_STATUSES,
  REPORT_SUBJECT_KINDS,
} from "../../../core/contracts/admin";
import { feedback } from "./after-sale";
import { oneOf } from "./checks";
import { listings } from "./listings";
import { conversations } from "./messages";
import { users } from "./users";

/**
 * A user's report of a listing, a user (their store) or a conversation: one queue for staff.
 * `subject_kind` says which of listing_id, conversation_id is set; reported_user_id is who the
 * report is about (the listing's seller, the user, the other participant), kept so the user's
 * page lists reports about them whatever was reported.
 */
export const reports = pgTable(
  "reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reporterId: uuid("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subjectKind: text("subject_kind").notNull(),
    listingId: uuid("listing_id").references(() => listings.id, { onDelete: "cascade" }),
    conversationId: uuid("conversation_id").references(() => conversations.id, {
      onDelete: "cascade",
    }),
    /** The feedback reported (decision 0024). */
    feedbackId: uuid("feedback_id").references(() => feedback.id, { onDelete: "cascade" }),
    reportedUserId: uuid("reported_user_id").references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    comment: text("comment").notNull().default(""),
    status: text("status").notNull().default("open"),
    assigneeId: uuid("assignee_id").references(() => users.id, { onDelete: "set null" }),
    resolution: text("resolution"),
    resolutionReason: text("resolution_reason"),
    resolvedById: uuid("resolved_by_id").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index("reports_status_idx").on(t.status, t.createdAt),
    index("reports_reported_user_idx").on(t.reportedUserId, t.createdAt),
    index("reports_listing_idx").on(t.listingId),
    index("reports_feedback_idx").on(t.feedbackId),
    check("reports_subject_kind_check", oneOf(t.subjectKind, REPORT_SUBJECT_KINDS)),
    check("reports_reason_check", oneOf(t.reason, ALL_REPORT_REASONS)),
    check("reports_status_check", oneOf(t.status, REPORT_STATUSES)),
    check("reports_resolution_check", oneOf(t.resolution, REPORT_ACTIONS)),
    // The row names exactly the thing its kind says.
    check(
      "reports_subject_check",
      sql`(${t.subjectKind} = 'listing' and ${t.listingId} is not null and ${t.conversationId} is null)
        or (${t.subjectKind} = 'conversation' and ${t.conversationId} is not null and ${t.listingId} is null)
        or (${t.subjectKind} = 'user' and ${t.reportedUserId} is not null and ${t.listingId} is null and ${t.conversationId} is null)
        or (${t.subjectKind} = 'feedback' and ${t.feedbackId} is not null and ${t.listingId} is null and ${t.conversationId} is null)`,
    ),
    // Resolved exactly when it has a resolution.
    check(
      "reports_resolved_check",
      sql`(${t.status} = 'resolved') = (${t.resolution} is not null and ${t.resolvedAt} is not null)`,
    ),
  ],
);

/**
 * The audit log: every staff action, who, what, when, why, and the subject before and after.
 * Append-only: a trigger (migration 0017) refuses UPDATE and DELETE, so the application cannot
 * edit or remove an entry whatever its code does.
 */
export const adminActions = pgTable(
  "admin_actions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // No foreign key: an entry outlives anything it names.
    actorId: uuid("actor_id").notNull(),
    action: text("action").notNull(),
    subjectKind: text("subject_kind").notNull(),
    subjectId: text("subject_id").notNull(),
    reason: text("reason").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index("admin_actions_created_idx").on(t.createdAt),
    index("admin_actions_subject_idx").on(t.subjectKind, t.subjectId),
    check("admin_actions_action_check", oneOf(t.action, ADMIN_ACTIONS)),
  ],
);

/** Words and categories that hold a new listing for review instead of letting it go live. */
export const listingRules = pgTable(
  "listing_rules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    /** A lower-case word or phrase, or a category slug. */
    value: text("value").notNull(),
    createdById: uuid("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    unique("listing_rules_kind_value_key").on(t.kind, t.value),
    check("listing_rules_kind_check", oneOf(t.kind, LISTING_RULE_KINDS)),
  ],
);
