import type { Email } from "./mailer";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A plain, readable email with one call to action; every user-typed value is escaped. */
function withLink(
  to: string,
  subject: string,
  greeting: string,
  lines: string[],
  label: string,
  url: string,
): Email {
  const text = [greeting, "", ...lines, "", `${label}: ${url}`, "", "The Tradewinds team"].join(
    "\n",
  );
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
<p>${escapeHtml(greeting)}</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#0f766e;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>
<p style="font-size:12px;color:#6b7280">Or paste this link into your browser: ${escapeHtml(url)}</p>
<p>The Tradewinds team</p></body></html>`;
  return { to, subject, text, html };
}

export function confirmEmail(to: string, name: string, url: string): Email {
  return withLink(
    to,
    "Confirm your Tradewinds email address",
    `Hi ${name},`,
    [
      "Welcome to Tradewinds! Please confirm your email address to start buying and selling.",
      "This link expires in 24 hours.",
    ],
    "Confirm email address",
    url,
  );
}

export function resetPasswordEmail(to: string, name: string, url: string): Email {
  return withLink(
    to,
    "Reset your Tradewinds password",
    `Hi ${name},`,
    [
      "Someone asked to reset the password of your Tradewinds account. If it was not you, ignore this email.",
      "This link expires in 1 hour and works once.",
    ],
    "Choose a new password",
    url,
  );
}

/** Tells the owner that their account saw a burst of failed sign-ins, and what to do about it. */
export function signInAlertEmail(to: string, name: string, failures: number, url: string): Email {
  return withLink(
    to,
    "Failed sign-in attempts on your Tradewinds account",
    `Hi ${name},`,
    [
      `Someone has tried to sign in to your Tradewinds account with a wrong password ${failures} times in the last hour.`,
      "If it was you, there is nothing to do. If not, your password kept them out; for peace of mind, choose a new one. You can still sign in from the browser you usually use.",
    ],
    "Choose a new password",
    url,
  );
}

export function changeEmailEmail(to: string, name: string, url: string): Email {
  return withLink(
    to,
    "Confirm your new Tradewinds email address",
    `Hi ${name},`,
    [
      "Please confirm this address to make it the email of your Tradewinds account.",
      "This link expires in 24 hours.",
    ],
    "Confirm new email address",
    url,
  );
}

export function outbidEmail(
  to: string,
  name: string,
  title: string,
  price: string,
  url: string,
): Email {
  return withLink(
    to,
    `You've been outbid on ${title}`,
    `Hi ${name},`,
    [`Someone outbid you on "${title}". The current bid is ${price}.`],
    "Bid again",
    url,
  );
}

/** The first characters of a message, on one line, for an email (escaped there like any text). */
export function excerpt(text: string, length = 200): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const chars = Array.from(flat);
  return chars.length <= length ? flat : `${chars.slice(0, length).join("").trimEnd()}…`;
}

/**
 * A new message: who wrote, the beginning of what they wrote (plain text, escaped in the HTML
 * part like every value), how many more are unread, and a link to the conversation.
 */
export function messageEmail(
  to: string,
  name: string,
  sender: string,
  text: string,
  attachments: number,
  moreUnread: number,
  url: string,
): Email {
  const files = attachments === 1 ? "1 attachment" : `${attachments} attachments`;
  const quote = text.trim()
    ? `"${excerpt(text)}"${attachments > 0 ? ` (with ${files})` : ""}`
    : `(${files})`;
  const more =
    moreUnread > 0
      ? [
          `You have ${moreUnread} more unread ${moreUnread === 1 ? "message" : "messages"} from them.`,
        ]
      : [];
  return withLink(
    to,
    `You have a new message from ${sender}`,
    `Hi ${name},`,
    [`${sender} wrote:`, quote, ...more],
    "Read and reply",
    url,
  );
}

/** Any stored notification as an email: its message, and a link to what it is about. */
export function notificationEmail(to: string, name: string, message: string, url: string): Email {
  return withLink(to, message, `Hi ${name},`, [message], "Open Tradewinds", url);
}

/** A refund's notice: the subject names the order; the message (with staff's reason) is the body. */
export function refundEmail(
  to: string,
  name: string,
  number: string,
  message: string,
  url: string,
): Email {
  return withLink(to, `A refund for order ${number}`, `Hi ${name},`, [message], "View order", url);
}

export function wonEmail(
  to: string,
  name: string,
  title: string,
  price: string,
  url: string,
): Email {
  return withLink(
    to,
    `You won ${title}`,
    `Hi ${name},`,
    [
      `Congratulations! You won "${title}" for ${price}.`,
      "Pay for it from your purchase history to complete the sale.",
    ],
    "Pay now",
    url,
  );
}

export function auctionEndedSellerEmail(
  to: string,
  name: string,
  title: string,
  outcome: string,
  url: string,
): Email {
  return withLink(
    to,
    `Your auction has ended: ${title}`,
    `Hi ${name},`,
    [outcome],
    "See your listings",
    url,
  );
}

export function orderPaidEmail(
  to: string,
  name: string,
  number: string,
  total: string,
  items: string[],
  url: string,
): Email {
  return withLink(
    to,
    `Payment received for order ${number}`,
    `Hi ${name},`,
    [`Thank you! We received your payment of ${total} for order ${number}:`, ...items],
    "See your purchases",
    url,
  );
}

export function itemSoldEmail(
  to: string,
  name: string,
  title: string,
  quantity: number,
  number: string,
  url: string,
): Email {
  return withLink(
    to,
    `You sold ${title}`,
    `Hi ${name},`,
    [
      `Good news: a buyer paid for ${quantity} × "${title}" (order ${number}).`,
      "Please ship it within 3 business days.",
    ],
    "See your sales",
    url,
  );
}

/** New matches of one saved search, at most one such email a day (the rest wait for the next). */
export function savedSearchDigestEmail(
  to: string,
  name: string,
  search: string,
  matches: { title: string; url: string }[],
  searchUrl: string,
): Email {
  const count = matches.length === 1 ? "1 new listing" : `${matches.length} new listings`;
  return withLink(
    to,
    `${count} for your saved search "${search}"`,
    `Hi ${name},`,
    [
      `${count} ${matches.length === 1 ? "matches" : "match"} your saved search "${search}":`,
      ...matches.map((m) => `${m.title}: ${m.url}`),
    ],
    "See all results",
    searchUrl,
  );
}

/** A Contact Us request as the support team reads it: who, about what, their words, and a reply link. */
export function supportRequestEmail(
  to: string,
  request: {
    reference: string;
    category: string;
    subject: string;
    message: string;
    email: string;
    /** The sender's username when they were signed in. */
    username: string | null;
  },
): Email {
  const from = request.username
    ? `${request.email} (signed in as ${request.username})`
    : `${request.email} (not signed in)`;
  const replySubject = encodeURIComponent(`Re: [${request.reference}] ${request.subject}`);
  return withLink(
    to,
    `[${request.reference}] ${request.category}: ${excerpt(request.subject, 120)}`,
    `New support request ${request.reference}`,
    [
      `From: ${from}`,
      `Category: ${request.category}`,
      `Subject: ${request.subject}`,
      ...request.message.split(/\r?\n/).filter((line) => line.trim() !== ""),
    ],
    "Reply to the sender",
    `mailto:${request.email}?subject=${replySubject}`,
  );
}

/** The sender's copy of their request, with the reference to quote and when to expect a reply. */
export function supportCopyEmail(
  to: string,
  request: { reference: string; category: string; subject: string; message: string },
  replyWithinHours: number,
  url: string,
): Email {
  return withLink(
    to,
    `We received your message (reference ${request.reference})`,
    "Hello,",
    [
      `Thank you for contacting Tradewinds. Your reference number is ${request.reference}; please quote it if you write to us about this again.`,
      `We reply within ${replyWithinHours} hours. Here is a copy of what you sent:`,
      `Category: ${request.category}`,
      `Subject: ${request.subject}`,
      ...request.message.split(/\r?\n/).filter((line) => line.trim() !== ""),
    ],
    "Browse the help centre",
    url,
  );
}
