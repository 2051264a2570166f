import type { AdminAction } from "../../../core/contracts/admin";
import type { Db } from "../../db/client";
import { adminActions } from "../../db/schema/moderation";

export interface AuditEntryInput {
  actorId: string;
  action: AdminAction;
  subjectKind:
    | "report"
    | "listing"
    | "user"
    | "order"
    | "listing_rule"
    | "exchange_rate"
    | "case"
    | "feedback";
  subjectId: string;
  reason: string;
  /** The subject's relevant fields before and after the action (null when created or deleted). */
  before?: unknown;
  after?: unknown;
}

/**
 * Records a staff action. Call it with the transaction that makes the change, so the entry exists
 * exactly when the change does. Entries are never changed or deleted (a trigger refuses it).
 */
export async function recordAdminAction(db: Db, entry: AuditEntryInput): Promise<void> {
  await db.insert(adminActions).values({
    actorId: entry.actorId,
    action: entry.action,
    subjectKind: entry.subjectKind,
    subjectId: entry.subjectId,
    reason: entry.reason,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
