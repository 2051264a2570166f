import nodemailer from "nodemailer";
import type { Db } from "../../db/client";
import { outboxEmails } from "../../db/schema/accounts";

export interface Email {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  readonly kind: "smtp" | "outbox";
  send(email: Email): Promise<void>;
  /** Lets go of open connections (on shutdown). */
  close(): void;
}

/** Counts what a mailer sends and fails to send (GET /metrics), delegating everything to it. */
export function countedMailer(
  mailer: Mailer,
  counter: { inc(labels: { outcome: "sent" | "failed" }): void },
): Mailer {
  return {
    kind: mailer.kind,
    async send(email) {
      try {
        await mailer.send(email);
      } catch (err) {
        counter.inc({ outcome: "failed" });
        throw err;
      }
      counter.inc({ outcome: "sent" });
    },
    close: () => mailer.close(),
  };
}

/**
 * Connections the SMTP transport keeps open and sends on at once: the notification worker sends a
 * batch several at a time, and a bidding war makes hundreds of emails a minute.
 */
export const SMTP_CONNECTIONS = 5;

const FROM = "Tradewinds <no-reply@tradewinds.example>";

/**
 * Sends through an SMTP server (`SMTP_URL`, e.g. smtp://user:pass@host:587) over a small pool of
 * kept-open connections, so an email does not pay for a new connection and handshake.
 */
export function smtpMailer(url: string): Mailer {
  const transport = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
  });
  return {
    kind: "smtp",
    async send(email) {
      await transport.sendMail({ from: FROM, ...email });
    },
    close() {
      transport.close();
    },
  };
}

/**
 * Keeps emails in the database for the dev-only /dev/outbox page, and prints each one's links to
 * the log so a developer on the embedded default can follow a confirmation link. Links carry
 * one-use tokens, so a production log gets only the subject (`printLinks: false`).
 */
export function outboxMailer(
  db: Db,
  log: (msg: string) => void,
  { printLinks = true }: { printLinks?: boolean } = {},
): Mailer {
  return {
    kind: "outbox",
    async send(email) {
      await db.insert(outboxEmails).values(email);
      const links = printLinks ? (email.text.match(/https?:\/\/\S+/g) ?? []) : [];
      log(`email to ${email.to}: "${email.subject}"${links.length ? ` ${links.join(" ")}` : ""}`);
    },
    close() {},
  };
}

/** SMTP answers 5xx for failures that retrying cannot fix, 4xx for passing ones (RFC 5321 4.2.1). */
export function isPermanentRefusal(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}
