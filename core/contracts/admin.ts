import { z } from "zod";
import { apiTokenSchema } from "./api-tokens";
import { pageOf, paginationQuery } from "./common";
import { REPORT_REASONS as CONVERSATION_REPORT_REASONS } from "./messages";

// ---------------------------------------------------------------------------------------------
// Roles. Staff roles sit beside the spec's user/seller role: a moderator handles reports,
// listings and users; an admin also grants roles, refunds orders and edits the listing rules.
// ---------------------------------------------------------------------------------------------

export const STAFF_ROLES = ["moderator", "admin"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const staffRoleSchema = z.enum(STAFF_ROLES);

// ---------------------------------------------------------------------------------------------
// Reports: a user reports a listing, a user (their store) or a conversation; each goes to one queue.
// ---------------------------------------------------------------------------------------------

export const REPORT_SUBJECT_KINDS = ["listing", "user", "conversation", "feedback"] as const;

export const LISTING_REPORT_REASONS = [
  "prohibited_item",
  "counterfeit",
  "misleading",
  "offensive",
  "other",
] as const;
export const USER_REPORT_REASONS = [
  "scam",
  "harassment",
  "counterfeit",
  "offensive",
  "other",
] as const;
export { CONVERSATION_REPORT_REASONS };
/** What breaks the feedback policy (decision 0024), as eBay lists it. */
export const FEEDBACK_REPORT_REASONS = [
  "offensive",
  "personal_info",
  "extortion",
  "irrelevant",
  "other",
] as const;

/** Every reason any report may carry (the CHECK constraint on reports.reason). */
export const ALL_REPORT_REASONS = [
  ...new Set([
    ...LISTING_REPORT_REASONS,
    ...USER_REPORT_REASONS,
    ...CONVERSATION_REPORT_REASONS,
    ...FEEDBACK_REPORT_REASONS,
  ]),
] as readonly string[];

/** The reasons' words on forms and in the queue. */
export const REPORT_REASON_LABELS: Record<string, string> = {
  prohibited_item: "Prohibited item",
  counterfeit: "Counterfeit",
  misleading: "Misleading",
  offensive: "Offensive",
  spam: "Spam",
  harassment: "Harassment",
  scam: "Scam or fraud",
  personal_info: "Personal information",
  extortion: "Feedback extortion",
  irrelevant: "Not about the sale",
  other: "Other",
};

export const REPORT_STATUSES = ["open", "assigned", "resolved"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** What a moderator did with a report. */
export const REPORT_ACTIONS = [
  "dismiss",
  "remove_listing",
  "warn_user",
  "suspend_user",
  "remove_feedback",
] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

const comment = z.string().trim().max(1000, "comment must be at most 1000 characters").default("");

/** POST /api/reports (signed in): a listing or a user's store. Answers 201 { id }. */
export const createReportSchema = z.discriminatedUnion("subjectKind", [
  z.object({
    subjectKind: z.literal("listing"),
    subjectId: z.uuid({ message: "subjectId must be a listing id" }),
    reason: z.enum(LISTING_REPORT_REASONS, { message: "Choose a reason" }),
    comment,
  }),
  z.object({
    subjectKind: z.literal("user"),
    subjectId: z.uuid({ message: "subjectId must be a user id" }),
    reason: z.enum(USER_REPORT_REASONS, { message: "Choose a reason" }),
    comment,
  }),
  z.object({
    subjectKind: z.literal("feedback"),
    subjectId: z.uuid({ message: "subjectId must be a feedback id" }),
    reason: z.enum(FEEDBACK_REPORT_REASONS, { message: "Choose a reason" }),
    comment,
  }),
]);
export type CreateReport = z.infer<typeof createReportSchema>;
export const createdReportSchema = z.object({ id: z.string() });

/** A moderator's reason: every action carries one, and it is emailed to the user it concerns. */
export const actionReasonSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(3, "Please give a reason")
    .max(2000, "reason must be at most 2000 characters"),
});

/** POST /api/admin/reports/{id}/resolve */
export const resolveReportSchema = actionReasonSchema.extend({
  action: z.enum(REPORT_ACTIONS, { message: "Choose an action" }),
});
export type ResolveReport = z.infer<typeof resolveReportSchema>;

const personSchema = z.object({ id: z.string(), username: z.string() });

/** The reported thing, shown in place in the queue. */
export const reportSubjectSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("listing"),
    id: z.string(),
    title: z.string(),
    imageUrl: z.string().nullable(),
    priceCents: z.number().int(),
    status: z.string(),
    moderation: z.string(),
    seller: personSchema,
  }),
  z.object({
    kind: z.literal("user"),
    id: z.string(),
    username: z.string(),
    storeName: z.string().nullable(),
    suspended: z.boolean(),
  }),
  z.object({
    kind: z.literal("feedback"),
    id: z.string(),
    rating: z.string(),
    stars: z.number().int().nullable(),
    comment: z.string(),
    /** The item the feedback is on. */
    title: z.string(),
    author: personSchema,
    /** Who it is about (the seller, or the buyer for a seller's feedback). */
    about: personSchema,
    removed: z.boolean(),
  }),
  z.object({
    kind: z.literal("conversation"),
    id: z.string(),
    participants: z.array(personSchema),
    /** The latest messages, oldest first, for the moderator to read in place. */
    messages: z.array(
      z.object({ senderUsername: z.string(), body: z.string(), sentAt: z.string() }),
    ),
  }),
]);

export const adminReportSchema = z.object({
  id: z.string(),
  subject: reportSubjectSchema,
  /** Who the report is about (the listing's seller, the user, the other participant). */
  reportedUser: personSchema.nullable(),
  reason: z.string(),
  comment: z.string(),
  reporter: personSchema,
  status: z.enum(REPORT_STATUSES),
  assignee: personSchema.nullable(),
  resolution: z.enum(REPORT_ACTIONS).nullable(),
  resolutionReason: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;
export const adminReportPageSchema = pageOf(adminReportSchema);

export const adminReportsQuerySchema = z.object({
  status: z.enum(REPORT_STATUSES).default("open"),
  ...paginationQuery,
});

// ---------------------------------------------------------------------------------------------
// Dashboard
// ---------------------------------------------------------------------------------------------

export const dashboardFiguresSchema = z.object({
  newUsers: z.number().int(),
  newListings: z.number().int(),
  /** Orders paid in the period (by their payment time, as GMV). */
  orders: z.number().int(),
  /** Paid orders' totals, in cents. */
  gmvCents: z.number().int(),
  /** Reports made in the period and not resolved yet. */
  openReports: z.number().int(),
});

/** GET /api/admin/dashboard */
export const dashboardSchema = z.object({
  today: dashboardFiguresSchema,
  last7Days: dashboardFiguresSchema,
  last30Days: dashboardFiguresSchema,
  /** One point per day for the last 30 days (oldest first), for the chart. */
  daily: z.array(
    z.object({
      date: z.string(),
      newUsers: z.number().int(),
      newListings: z.number().int(),
      orders: z.number().int(),
      gmvCents: z.number().int(),
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

// ---------------------------------------------------------------------------------------------
// Users
// ---------------------------------------------------------------------------------------------

export const adminUsersQuerySchema = z.object({
  /** Part of an email or username. */
  q: z.string().trim().max(200).default(""),
  ...paginationQuery,
});

export const adminUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  fullName: z.string(),
  staffRole: staffRoleSchema.nullable(),
  suspendedAt: z.string().nullable(),
  suspensionReason: z.string().nullable(),
  createdAt: z.string(),
  listingCount: z.number().int(),
  orderCount: z.number().int(),
  openReports: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserPageSchema = pageOf(adminUserSchema);

/** GET /api/admin/users/{id}: the user and what they did, latest first (20 of each). */
export const adminUserDetailSchema = z.object({
  user: adminUserSchema,
  listings: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      status: z.string(),
      moderation: z.string(),
      priceCents: z.number().int(),
      createdAt: z.string(),
    }),
  ),
  orders: z.array(
    z.object({
      id: z.string(),
      number: z.string(),
      status: z.string(),
      totalCents: z.number().int(),
      createdAt: z.string(),
    }),
  ),
  feedback: z.array(
    z.object({
      id: z.string(),
      rating: z.string(),
      stars: z.number().int().nullable(),
      comment: z.string(),
      authorUsername: z.string(),
      createdAt: z.string(),
      /** Set when staff removed it (decision 0024), with their reason. */
      removedAt: z.string().nullable(),
      removalReason: z.string().nullable(),
    }),
  ),
  reports: z.array(adminReportSchema),
  /** Their personal API tokens (issue 33), newest first, with each one's use. */
  apiTokens: z.array(apiTokenSchema.extend({ lastUsedIp: z.string().nullable() })),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** PUT /api/admin/users/{id}/role (admin only); null takes the staff role away. */
export const setStaffRoleSchema = actionReasonSchema.extend({
  staffRole: staffRoleSchema.nullable(),
});

// ---------------------------------------------------------------------------------------------
// Listings
// ---------------------------------------------------------------------------------------------

/** visible: public; held: waiting for review (a listing rule matched); removed: taken down by
 * staff; suspended: its seller is suspended (back to visible when reinstated). */
export const LISTING_MODERATION = ["visible", "held", "removed", "suspended"] as const;
export type ListingModeration = (typeof LISTING_MODERATION)[number];

export const adminListingsQuerySchema = z.object({
  q: z.string().trim().max(200).default(""),
  moderation: z.enum(LISTING_MODERATION).optional(),
  ...paginationQuery,
});

export const adminListingSchema = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(["auction", "fixed_price"]),
  status: z.string(),
  moderation: z.enum(LISTING_MODERATION),
  moderationReason: z.string().nullable(),
  priceCents: z.number().int(),
  bidCount: z.number().int(),
  imageUrl: z.string().nullable(),
  seller: personSchema,
  createdAt: z.string(),
});
export type AdminListing = z.infer<typeof adminListingSchema>;
export const adminListingPageSchema = pageOf(adminListingSchema);

// ---------------------------------------------------------------------------------------------
// Orders and refunds
// ---------------------------------------------------------------------------------------------

export const adminOrdersQuerySchema = z.object({
  /** An order number (the first 8 characters of its id, core/cart orderNumber) or a buyer's email. */
  q: z.string().trim().max(200).default(""),
  ...paginationQuery,
});

export const adminOrderSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.string(),
  totalCents: z.number().int(),
  buyer: personSchema,
  createdAt: z.string(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;
export const adminOrderPageSchema = pageOf(adminOrderSchema);

export const adminOrderDetailSchema = adminOrderSchema.extend({
  lines: z.array(
    z.object({
      listingId: z.string().nullable(),
      title: z.string(),
      quantity: z.number().int(),
      unitPriceCents: z.number().int(),
      sellerUsername: z.string(),
    }),
  ),
  paymentEvents: z.array(
    z.object({ id: z.string(), type: z.string(), createdAt: z.string(), detail: z.string() }),
  ),
  refunds: z.array(
    z.object({
      id: z.string(),
      amountCents: z.number().int(),
      reason: z.string(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
  /** What can still be refunded: paid total minus refunds not failed. */
  refundableCents: z.number().int(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

/** POST /api/admin/orders/{id}/refunds (admin only): the whole refundable amount unless given. */
export const adminRefundSchema = actionReasonSchema.extend({
  amountCents: z.number().int().positive("amountCents must be positive").optional(),
});

// ---------------------------------------------------------------------------------------------
// Audit log: every staff action, append-only (a trigger refuses UPDATE and DELETE).
// ---------------------------------------------------------------------------------------------

export const ADMIN_ACTIONS = [
  "report.assign",
  "report.resolve",
  "listing.remove",
  "listing.restore",
  "listing.approve",
  "user.warn",
  "user.suspend",
  "user.reinstate",
  "user.set_role",
  "order.refund",
  "listing_rule.add",
  "listing_rule.delete",
  "payouts.hold",
  "payouts.release",
  "rate.update",
  "feedback.remove",
  "case.decide",
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

export const auditEntrySchema = z.object({
  id: z.string(),
  actor: personSchema,
  action: z.enum(ADMIN_ACTIONS),
  subjectKind: z.string(),
  subjectId: z.string(),
  reason: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = pageOf(auditEntrySchema);
export const auditQuerySchema = z.object({ ...paginationQuery });

// ---------------------------------------------------------------------------------------------
// Listing rules: words and categories that hold a new listing for review.
// ---------------------------------------------------------------------------------------------

export const LISTING_RULE_KINDS = ["word", "category"] as const;
export const listingRuleSchema = z.object({
  id: z.string(),
  kind: z.enum(LISTING_RULE_KINDS),
  /** A word or phrase (lower case), or a category's slug (its subcategories included). */
  value: z.string(),
  /** The category's name for a category rule; the word itself otherwise. */
  label: z.string(),
  createdAt: z.string(),
});
export type ListingRule = z.infer<typeof listingRuleSchema>;
export const listingRulesSchema = z.object({ items: z.array(listingRuleSchema) });
export const createListingRuleSchema = z.object({
  kind: z.enum(LISTING_RULE_KINDS, { message: "kind must be word or category" }),
  value: z
    .string()
    .trim()
    .toLowerCase()
    .min(2, "Enter a word of at least 2 characters, or a category")
    .max(100, "A rule is at most 100 characters"),
});
