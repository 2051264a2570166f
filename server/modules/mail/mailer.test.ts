import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../test/build-test-app";
import { outboxMailer, SMTP_CONNECTIONS, smtpMailer } from "./mailer";
import { confirmEmail } from "./templates";

// A real SMTP server on this machine stands in for the mail provider.
const received: { to: string[]; subject: string; text: string; html: string }[] = [];
let server: SMTPServer;
let port = 0;
let connections = 0;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            html: typeof mail.html === "string" ? mail.html : "",
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("smtpMailer", () => {
  it("delivers a confirmation email with its link, escaping what the user typed", async () => {
    const mailer = smtpMailer(`smtp://127.0.0.1:${port}`);
    await mailer.send(
      confirmEmail(
        "ana@example.com",
        "<b>Ana</b>",
        "http://localhost:3000/confirm-email?token=abc123",
      ),
    );
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail?.to).toEqual(["ana@example.com"]);
    expect(mail?.subject).toBe("Confirm your Tradewinds email address");
    expect(mail?.text).toContain("http://localhost:3000/confirm-email?token=abc123");
    expect(mail?.html).toContain("Hi &#60;b&#62;Ana&#60;/b&#62;,");
    expect(mail?.html).not.toContain("<b>Ana</b>");
    mailer.close();
  });

  it("sends several emails at once over a few kept-open connections", async () => {
    const mailer = smtpMailer(`smtp://127.0.0.1:${port}`);
    received.length = 0;
    connections = 0;
    const to = Array.from({ length: 12 }, (_, i) => `bidder${i}@example.com`);
    await Promise.all(
      to.map((address) =>
        mailer.send(confirmEmail(address, "Ana", "http://localhost:3000/confirm-email?token=x")),
      ),
    );
    expect(received.flatMap((m) => m.to).sort()).toEqual([...to].sort());
    // Not one connection per email.
    expect(connections).toBeGreaterThan(0);
    expect(connections).toBeLessThanOrEqual(SMTP_CONNECTIONS);
    mailer.close();
  });
});

describe("the local outbox's log lines (what the README's Logs bullet promises)", () => {
  // Opened in a hook, which has the config's set-up bound: opening PGlite inside the test's 30 s ran
  // out in a CI run at load 10.
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    opened = await openTestDatabase("pglite");
  });
  afterAll(async () => {
    await opened?.dispose();
  });

  it("print each link, token included, outside production, and only the subject in production", async () => {
    const { database } = opened;
    const email = {
      to: "someone@example.test",
      subject: "Reset your password",
      text: "Follow https://tradewinds.example/reset-password?token=abc123 to reset it.",
      html: "<p>Reset</p>",
    };
    const dev: string[] = [];
    await outboxMailer(database.db, (line) => dev.push(line)).send(email);
    expect(dev).toEqual([
      'email to someone@example.test: "Reset your password" https://tradewinds.example/reset-password?token=abc123',
    ]);
    const production: string[] = [];
    await outboxMailer(database.db, (line) => production.push(line), {
      printLinks: false,
    }).send(email);
    expect(production).toEqual(['email to someone@example.test: "Reset your password"']);
  });
});
