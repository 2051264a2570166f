import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smtpMailer } from "./mailer";
import { confirmEmail } from "./templates";

// A real SMTP server on this machine stands in for the mail provider.
const received: { to: string[]; subject: string; text: string; html: string }[] = [];
let server: SMTPServer;
let port = 0;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
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
  });
});
