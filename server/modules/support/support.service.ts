import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  SUPPORT_FACTS,
  SUPPORT_MESSAGES,
  type SupportCategory,
  supportCategoryLabel,
  type supportRequestSchema,
} from "../../../core/contracts/support";
import type { Db } from "../../db/client";
import { rows, uuidList } from "../../db/rows";
import { supportRequests } from "../../db/schema/support";
import { users } from "../../db/schema/users";
import { badRequest } from "../../errors";
import type { AttemptLimiter } from "../../plugins/rate-limit";
import { isPermanentRefusal, type Mailer } from "../mail/mailer";
import { supportCopyEmail, supportRequestEmail } from "../mail/templates";

type SupportRequest = z.output<typeof supportRequestSchema>;

// No 0/O, 1/I/L: a reference is read aloud on the phone and typed from an email.
const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const REFERENCE_LENGTH = 8;

/** A fresh reference such as "TW-7K3M9QXP" (31^8, about 850 billion: collisions are retried). */
export function newReference(): string {
  const bytes = randomBytes(REFERENCE_LENGTH);
  let code = "";
  for (const byte of bytes) code += REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length];
  return `TW-${code}`;
}

export interface SupportDeps {
  db: Db;
  /** Counts the copies each address is sent: a visitor can name any address as theirs. */
  copiesPerAddress: AttemptLimiter;
}

/**
 * Stores a Contact Us request and answers its reference. The emails (to support, and the sender's
 * copy) are sent by the support email worker, so a mail outage delays them and loses nothing.
 * A signed-in sender who gives no address is answered at their account's.
 */
export async function createSupportRequest(
  deps: SupportDeps,
  userId: string | null,
  input: SupportRequest,
): Promise<{ reference: string }> {
  let email = input.email;
  if (!email && userId) {
    const [user] = await deps.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    email = user?.email;
  }
  if (!email) {
    throw badRequest(SUPPORT_MESSAGES.emailRequired, { email: SUPPORT_MESSAGES.emailRequired });
  }
  await deps.copiesPerAddress.hit(email, "Too many messages from this email address");
  // One statement: the row is whole or absent. A reference already taken (vanishingly rare) is
  // simply drawn again.
  for (let attempt = 0; attempt < 5; attempt++) {
    const reference = newReference();
    const inserted = await deps.db
      .insert(supportRequests)
      .values({
        reference,
        userId,
        email,
        category: input.category,
        subject: input.subject,
        message: input.message,
      })
      .onConflictDoNothing({ target: supportRequests.reference })
      .returning({ reference: supportRequests.reference });
    if (inserted[0]) return inserted[0];
  }
  throw new Error("could not draw a free support reference");
}

export interface SupportEmailDeps {
  db: Db;
  mailer: Mailer;
  /** Where requests go (SUPPORT_EMAIL). */
  supportEmail: string;
  publicUrl: string;
  log?: (err: unknown, msg: string) => void;
}

interface Claimed {
  id: string;
  reference: string;
  email: string;
  category: SupportCategory;
  subject: string;
  message: string;
  username: string | null;
}

/** How many requests one claim takes. */
const BATCH = 50;

/**
 * Emails stored requests not yet emailed, oldest first: each to the support address, then the
 * sender's copy with its reference; answers how many requests it handled.
 *
 * A claim marks a batch emailed (`FOR UPDATE SKIP LOCKED`: instances share the work, never send
 * one twice) and commits, so no transaction (on PGlite: the one connection) stays open while the
 * mail server answers. A request whose email the server refuses for now, or cannot be reached
 * for, is marked not emailed again and the next run retries it: a mail outage loses nothing. A
 * 5xx refusal (no such mailbox) will not change on retry: logged and not retried; the request
 * stays stored either way. Both emails are retried together, so a copy that failed after the
 * support email went sends the support email again: at least once, with the same reference.
 */
export async function sendPendingSupportEmails(deps: SupportEmailDeps): Promise<number> {
  let handled = 0;
  for (;;) {
    const batch = await rows<Claimed>(
      deps.db,
      sql`with due as (
            select id from support_requests
            where emailed_at is null
            order by created_at
            limit ${BATCH}
            for update skip locked
          )
          update support_requests s set emailed_at = now()
          from due
          where s.id = due.id
          returning s.id, s.reference, s.email, s.category, s.subject, s.message,
            (select u.username from users u where u.id = s.user_id) as username`,
    );
    const retry: string[] = [];
    for (const request of batch) {
      if (!(await sendBoth(deps, request))) retry.push(request.id);
    }
    if (retry.length > 0) {
      await deps.db.execute(
        sql`update support_requests set emailed_at = null where id in (${uuidList(retry)})`,
      );
    }
    handled += batch.length;
    // A failing mail server fails the whole batch: wait for the next run rather than spin.
    if (batch.length < BATCH || retry.length > 0) return handled;
  }
}

/** Sends a request's two emails; false when the mail server is to be tried again later. */
async function sendBoth(deps: SupportEmailDeps, request: Claimed): Promise<boolean> {
  const fields = { ...request, category: supportCategoryLabel(request.category) };
  const emails = [
    supportRequestEmail(deps.supportEmail, fields),
    supportCopyEmail(
      request.email,
      fields,
      SUPPORT_FACTS.replyWithinHours,
      `${deps.publicUrl}/help`,
    ),
  ];
  for (const email of emails) {
    try {
      await deps.mailer.send(email);
    } catch (err) {
      if (!isPermanentRefusal(err)) {
        deps.log?.(err, `support request ${request.reference}: email failed; it is retried`);
        return false;
      }
      deps.log?.(err, `support request ${request.reference}: email refused for good; not retried`);
    }
  }
  return true;
}
