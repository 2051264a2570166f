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
import { rows } from "../../db/rows";
import { supportRequests } from "../../db/schema/support";
import { users } from "../../db/schema/users";
import { badRequest } from "../../errors";
import type { AttemptLimiter } from "../../plugins/rate-limit";
import { currentTraceId, type TraceLog, traceIdsOf } from "../../trace";
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
        // The request that sent it: the email job logs it (server/trace.ts).
        traceId: currentTraceId(),
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
  /** Logs each request whose emails went with the trace id of the request that sent it. */
  traced?: TraceLog;
}

interface Claimed {
  id: string;
  trace_id: string | null;
  reference: string;
  email: string;
  category: SupportCategory;
  subject: string;
  message: string;
  username: string | null;
}

/**
 * How many requests one claim takes. Their emails go one after another, well within the lease
 * even from a slow mail server (40 emails in 2 minutes).
 */
const BATCH = 20;
/** A claimed request not marked done by then (its sender died, or the mail server refused) is due again. */
const LEASE = "2 minutes";

/** What became of a request's emails. */
type Outcome = "sent" | "refused" | "retry";

/**
 * Emails stored requests whose emails are due, oldest first: each to the support address, then
 * the sender's copy with its reference; answers how many requests it handled.
 *
 * A claim moves a batch's due time ahead by the lease (`FOR UPDATE SKIP LOCKED`: instances share
 * the work without sending twice) and commits, so no transaction (on PGlite: the one connection)
 * stays open while the mail server answers. Each request is marked done as soon as its emails
 * went (`email_due_at` null, `emailed_at` set). One the mail server refuses for now, cannot be
 * reached for, or whose process died while sending, is due again when its lease ends: a mail
 * outage or a crash loses nothing. A 5xx refusal (no such mailbox) will not change on retry:
 * logged, and the request is no longer due (`emailed_at` stays null); it stays stored either way.
 *
 * At least once: both emails are retried together, so a copy that failed for now after the
 * support email went (or a process that died between them) sends the support email again, with
 * the same reference, which support recognises as the same request.
 */
export async function sendPendingSupportEmails(deps: SupportEmailDeps): Promise<number> {
  let handled = 0;
  for (;;) {
    const batch = await rows<Claimed>(
      deps.db,
      sql`with due as (
            select id from support_requests
            where email_due_at <= now()
            order by email_due_at
            limit ${BATCH}
            for update skip locked
          ), claimed as (
            update support_requests s set email_due_at = now() + interval '${sql.raw(LEASE)}'
            from due
            where s.id = due.id
            returning s.id, s.reference, s.email, s.category, s.subject, s.message, s.created_at,
              s.trace_id,
              (select u.username from users u where u.id = s.user_id) as username
          )
          select id, reference, email, category, subject, message, username, trace_id
          from claimed order by created_at`,
    );
    let failed = false;
    for (const request of batch) {
      const outcome = await sendBoth(deps, request);
      if (outcome === "retry") {
        // Left leased: due again when the lease ends.
        failed = true;
        continue;
      }
      await deps.db.execute(
        outcome === "sent"
          ? sql`update support_requests set email_due_at = null, emailed_at = now()
                where id = ${request.id}`
          : sql`update support_requests set email_due_at = null where id = ${request.id}`,
      );
      deps.traced?.(
        traceIdsOf([request.trace_id]),
        `support request ${request.reference} ${outcome}`,
      );
    }
    handled += batch.length;
    // A failing mail server fails the whole batch: wait for the next run rather than claim more.
    if (batch.length < BATCH || failed) return handled;
  }
}

/**
 * Sends a request's two emails: "retry" when the mail server is to be tried again later,
 * "refused" when it refused one for good (the other is still sent).
 */
async function sendBoth(deps: SupportEmailDeps, request: Claimed): Promise<Outcome> {
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
  let outcome: Outcome = "sent";
  for (const email of emails) {
    try {
      await deps.mailer.send(email);
    } catch (err) {
      if (!isPermanentRefusal(err)) {
        deps.log?.(
          err,
          `support request ${request.reference}: email failed; it is retried when its lease ends`,
        );
        return "retry";
      }
      deps.log?.(err, `support request ${request.reference}: email refused for good; not retried`);
      outcome = "refused";
    }
  }
  return outcome;
}
