import { sql } from "drizzle-orm";
import type { StaffRole } from "../../../core/contracts/admin";
import { ERROR_CODES } from "../../../core/errors";
import { notificationText } from "../../../core/notifications";
import type { Db } from "../../db/client";
import { isoTime, rows } from "../../db/rows";
import { AppError, conflict, notFound, ruleBroken } from "../../errors";
import { notify } from "../notifications/notifications.service";
import { recordAdminAction } from "./audit-log";
import type { Staff } from "./staff.policy";

interface TargetRow {
  id: string;
  staffRole: StaffRole | null;
  suspendedAt: Date | string | null;
  suspensionReason: string | null;
}

/**
 * The user an action is about, locked for the rest of the transaction (two moderators acting on
 * one account at once take turns, so the second sees the first's outcome). Staff never act on
 * themselves: a second pair of eyes is the point of the role.
 */
async function lockTarget(tx: Db, actor: Staff, userId: string): Promise<TargetRow> {
  if (userId === actor.id)
    throw ruleBroken(ERROR_CODES.cannotModerateSelf, "You cannot do that to your own account.");
  const [target] = await rows<TargetRow>(
    tx,
    sql`select id, staff_role as "staffRole", suspended_at as "suspendedAt",
          suspension_reason as "suspensionReason"
        from users where id = ${userId} for update`,
  );
  if (!target) throw notFound("There is no such user.", ERROR_CODES.userNotFound);
  return target;
}

const suspensionState = (t: {
  suspendedAt: Date | string | null;
  suspensionReason: string | null;
}) => ({
  suspendedAt: t.suspendedAt ? isoTime(t.suspendedAt) : null,
  suspensionReason: t.suspensionReason,
});

/**
 * What every action on an account ends with, in its transaction: the user is told with the
 * reason (emailed whatever their preferences say) and the audit log records the action.
 */
async function tellAndRecord(
  tx: Db,
  actor: Staff,
  userId: string,
  kind: "account_warning" | "account_suspended" | "account_reinstated",
  action: "user.warn" | "user.suspend" | "user.reinstate",
  reason: string,
  change: { before?: unknown; after: unknown },
): Promise<void> {
  await notify(tx, [{ userId, kind, message: notificationText(kind, { reason }) }]);
  await recordAdminAction(tx, {
    actorId: actor.id,
    action,
    subjectKind: "user",
    subjectId: userId,
    reason,
    ...change,
  });
}

/**
 * Sends the user a moderator's warning (in the app and by email, whatever their preferences say).
 * `db` may be the caller's transaction (a report resolved with a warning).
 */
export async function warnUser(
  db: Db,
  actor: Staff,
  userId: string,
  reason: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTarget(tx, actor, userId);
    await tellAndRecord(tx, actor, userId, "account_warning", "user.warn", reason, {
      after: { warning: reason },
    });
  });
}

/**
 * Suspends an account: it cannot sign in, its sessions end (on every instance at the next
 * request: the session lookup ignores suspended users), and its public listings are hidden
 * (moderation 'suspended', kept for reinstatement) in one transaction with the notice and the audit
 * entry. Open checkouts and orders are left as they are: buyers who paid still get their items.
 * A moderator cannot suspend an admin. `db` may be the caller's transaction.
 */
export async function suspendUser(
  db: Db,
  actor: Staff,
  userId: string,
  reason: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const target = await lockTarget(tx, actor, userId);
    if (target.staffRole === "admin" && actor.staffRole !== "admin")
      throw new AppError(
        403,
        ERROR_CODES.cannotSuspendAdmin,
        "A moderator cannot suspend an admin.",
      );
    if (target.suspendedAt)
      throw conflict("This account is already suspended.", ERROR_CODES.suspensionUnchanged);
    const [after] = await rows<{ suspendedAt: Date | string; suspensionReason: string }>(
      tx,
      sql`update users set suspended_at = now(), suspension_reason = ${reason}
          where id = ${userId}
          returning suspended_at as "suspendedAt", suspension_reason as "suspensionReason"`,
    );
    await tx.execute(sql`delete from sessions where user_id = ${userId}`);
    const hidden = await rows<{ id: string }>(
      tx,
      sql`update listings set moderation = 'suspended', updated_at = now()
          where seller_id = ${userId} and moderation = 'visible' returning id`,
    );
    await tellAndRecord(tx, actor, userId, "account_suspended", "user.suspend", reason, {
      before: suspensionState(target),
      after: { ...suspensionState(after ?? target), hiddenListings: hidden.length },
    });
  });
}

/** Lifts a suspension: the account may sign in again and the listings it hid are public again. */
export async function reinstateUser(
  db: Db,
  actor: Staff,
  userId: string,
  reason: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const target = await lockTarget(tx, actor, userId);
    if (!target.suspendedAt)
      throw conflict("This account is not suspended.", ERROR_CODES.suspensionUnchanged);
    await tx.execute(
      sql`update users set suspended_at = null, suspension_reason = null where id = ${userId}`,
    );
    // Only what the suspension hid: a listing staff removed or held meanwhile stays so.
    const shown = await rows<{ id: string }>(
      tx,
      sql`update listings set moderation = 'visible', updated_at = now()
          where seller_id = ${userId} and moderation = 'suspended' returning id`,
    );
    await tellAndRecord(tx, actor, userId, "account_reinstated", "user.reinstate", reason, {
      before: suspensionState(target),
      after: { suspendedAt: null, suspensionReason: null, restoredListings: shown.length },
    });
  });
}

/** Grants or takes away a staff role (admins only, checked by the route's policy). */
export async function setStaffRole(
  db: Db,
  actor: Staff,
  userId: string,
  staffRole: StaffRole | null,
  reason: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const target = await lockTarget(tx, actor, userId);
    await tx.execute(sql`update users set staff_role = ${staffRole} where id = ${userId}`);
    await recordAdminAction(tx, {
      actorId: actor.id,
      action: "user.set_role",
      subjectKind: "user",
      subjectId: userId,
      reason,
      before: { staffRole: target.staffRole },
      after: { staffRole },
    });
  });
}
