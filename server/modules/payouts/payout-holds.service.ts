import { sql } from "drizzle-orm";
import { ERROR_CODES } from "../../../core/errors";
import { notificationText } from "../../../core/notifications";
import type { Db } from "../../db/db-handle";
import { rows } from "../../db/rows";
import { AppError } from "../../errors";
import { lockSellerMoney, postJournal, sellerBalances } from "../ledger/journal";
import { notify } from "../notifications/notifications.service";
import { recordAdminAction } from "../staff/audit-log";
import type { Staff } from "../staff/staff.policy";
import { requireSeller } from "./payout-accounts.service";

// An admin's hold on a seller's payouts (a dispute, a suspicion of fraud): while it lasts the
// seller's available money waits on hold, as does every sale released meanwhile (the release job
// reads the hold), and no payout run pays them. Releasing it moves what is on hold back.

export interface HoldState {
  sellerId: string;
  held: boolean;
  reason: string | null;
  since: string | null;
  onHoldCents: number;
  availableCents: number;
}

const holdSource = (sellerId: string, heldAt: Date) => ({
  kind: "hold",
  id: `${sellerId}:${heldAt.toISOString()}`,
});

/**
 * Takes the seller's money lock, then reads (and locks) whether their payouts are held: hold and
 * release both decide on it, and move the balance it guards.
 */
async function lockHoldState(
  tx: Db,
  sellerId: string,
): Promise<{ heldAt: Date | string | null } | undefined> {
  await lockSellerMoney(tx, sellerId);
  const [current] = await rows<{ heldAt: Date | string | null }>(
    tx,
    sql`select held_at as "heldAt" from payout_accounts where seller_id = ${sellerId} for update`,
  );
  return current;
}

/** Puts the seller's payouts on hold, with the staff member's reason (409 when already held). */
export async function holdPayouts(
  db: Db,
  staff: Staff,
  sellerId: string,
  reason: string,
  now: Date,
  providerId: string,
): Promise<HoldState> {
  await requireSeller(db, sellerId);
  await db.transaction(async (tx) => {
    const current = await lockHoldState(tx, sellerId);
    if (current?.heldAt)
      throw new AppError(409, ERROR_CODES.conflict, "This seller's payouts are already on hold.");
    // A seller who never onboarded has no row yet: the hold makes one (with this site's provider).
    await tx.execute(sql`
      insert into payout_accounts (seller_id, provider, hold_reason, held_at, held_by)
      values (${sellerId}, ${providerId}, ${reason}, ${now.toISOString()}, ${staff.id})
      on conflict (seller_id) do update
        set hold_reason = excluded.hold_reason, held_at = excluded.held_at,
            held_by = excluded.held_by, updated_at = now()`);
    const balances = await sellerBalances(tx, sellerId);
    const moved = Math.max(0, balances.seller_available);
    await postJournal(tx, {
      source: holdSource(sellerId, now),
      purpose: "hold",
      occurredAt: now,
      memo: reason,
      entries: [
        { account: "seller_available", sellerId, amountCents: -moved, kind: "hold" },
        { account: "seller_on_hold", sellerId, amountCents: moved, kind: "hold" },
      ],
    });
    await recordAdminAction(tx, {
      actorId: staff.id,
      action: "payouts.hold",
      subjectKind: "user",
      subjectId: sellerId,
      reason,
      before: { held: false, availableCents: balances.seller_available },
      after: { held: true, onHoldCents: balances.seller_on_hold + moved },
    });
    await notify(tx, [
      {
        userId: sellerId,
        kind: "payouts_on_hold",
        message: notificationText("payouts_on_hold", { reason, released: false }),
        link: "/my/payments",
      },
    ]);
  });
  return holdState(db, sellerId);
}

/** Ends the hold: what waited on hold is available again (409 when not held). */
export async function releasePayouts(
  db: Db,
  staff: Staff,
  sellerId: string,
  reason: string,
  now: Date,
): Promise<HoldState> {
  await requireSeller(db, sellerId);
  await db.transaction(async (tx) => {
    const current = await lockHoldState(tx, sellerId);
    if (!current?.heldAt)
      throw new AppError(409, ERROR_CODES.conflict, "This seller's payouts are not on hold.");
    const heldAt = new Date(current.heldAt);
    const balances = await sellerBalances(tx, sellerId);
    await postJournal(tx, {
      source: holdSource(sellerId, heldAt),
      purpose: "unhold",
      occurredAt: now,
      memo: reason,
      entries: [
        {
          account: "seller_on_hold",
          sellerId,
          amountCents: -balances.seller_on_hold,
          kind: "hold",
        },
        {
          account: "seller_available",
          sellerId,
          amountCents: balances.seller_on_hold,
          kind: "hold",
        },
      ],
    });
    await tx.execute(sql`update payout_accounts
      set hold_reason = null, held_at = null, held_by = null, updated_at = now()
      where seller_id = ${sellerId}`);
    await recordAdminAction(tx, {
      actorId: staff.id,
      action: "payouts.release",
      subjectKind: "user",
      subjectId: sellerId,
      reason,
      before: { held: true, onHoldCents: balances.seller_on_hold },
      after: { held: false },
    });
    await notify(tx, [
      {
        userId: sellerId,
        kind: "payouts_on_hold",
        message: notificationText("payouts_on_hold", { reason, released: true }),
        link: "/my/payments",
      },
    ]);
  });
  return holdState(db, sellerId);
}

export async function holdState(db: Db, sellerId: string): Promise<HoldState> {
  const [row] = await rows<{ reason: string | null; heldAt: Date | string | null }>(
    db,
    sql`select hold_reason as reason, held_at as "heldAt" from payout_accounts
        where seller_id = ${sellerId}`,
  );
  const balances = await sellerBalances(db, sellerId);
  return {
    sellerId,
    held: Boolean(row?.heldAt),
    reason: row?.reason ?? null,
    since: row?.heldAt ? new Date(row.heldAt).toISOString() : null,
    onHoldCents: balances.seller_on_hold,
    availableCents: balances.seller_available,
  };
}
