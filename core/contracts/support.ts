import { z } from "zod";
import { emailSchema } from "./accounts";

/** What the contact form asks about; the support team sorts its inbox by these. */
export const SUPPORT_CATEGORIES = [
  { value: "buying", label: "Buying and bidding" },
  { value: "selling", label: "Selling and fees" },
  { value: "payments", label: "Payments and refunds" },
  { value: "shipping", label: "Shipping and delivery" },
  { value: "returns", label: "Returns and disputes" },
  { value: "account", label: "Account and security" },
  { value: "report", label: "Report a listing or a user" },
  { value: "other", label: "Something else" },
] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number]["value"];
const CATEGORY_VALUES = SUPPORT_CATEGORIES.map((c) => c.value) as [
  SupportCategory,
  ...SupportCategory[],
];

/** The label of a category value, for the emails and the page. */
export function supportCategoryLabel(value: string): string {
  return SUPPORT_CATEGORIES.find((c) => c.value === value)?.label ?? value;
}

/** The contact form's texts: the spec's confirmation word for word, and the field messages. */
export const SUPPORT_MESSAGES = {
  sent: "Message sent! We'll get back to you soon.",
  categoryRequired: "Please select a category",
  subjectRequired: "Please enter a subject",
  messageRequired: "Please enter a message",
  emailRequired: "Please enter your email address so we can reply",
  subjectTooLong: "Please keep the subject under 150 characters",
  messageTooLong: "Please keep your message under 5,000 characters",
  sendFailed: "Your message could not be sent. Please try again.",
} as const;

export const SUPPORT_LIMITS = {
  subjectMax: 150,
  messageMax: 5_000,
  /** Requests one person (a signed-in user, or a visitor's address) may send an hour. */
  requestsPerHour: 10,
  /** Copies one email address may be sent an hour: a visitor could name anyone's address. */
  copiesPerAddressPerHour: 5,
} as const;

/** What support promises (spec, accounts-and-community section 9), shown on the page and in emails. */
export const SUPPORT_FACTS = {
  replyWithinHours: 24,
  phoneHours: "Mon-Fri 9-5 EST",
} as const;

export const supportRequestSchema = z.object({
  category: z.enum(CATEGORY_VALUES, { message: SUPPORT_MESSAGES.categoryRequired }),
  subject: z
    .string({ message: SUPPORT_MESSAGES.subjectRequired })
    .trim()
    .min(1, SUPPORT_MESSAGES.subjectRequired)
    .max(SUPPORT_LIMITS.subjectMax, SUPPORT_MESSAGES.subjectTooLong),
  message: z
    .string({ message: SUPPORT_MESSAGES.messageRequired })
    .trim()
    .min(1, SUPPORT_MESSAGES.messageRequired)
    .max(SUPPORT_LIMITS.messageMax, SUPPORT_MESSAGES.messageTooLong),
  /** Where the reply goes; a signed-in sender may leave it out to use their account's address. */
  email: emailSchema.optional(),
});
export type SupportRequestInput = z.input<typeof supportRequestSchema>;

export const supportRequestCreatedSchema = z.object({
  /** Quoted in the sender's copy and in any follow-up, e.g. "TW-7K3M9QXP". */
  reference: z.string(),
});
