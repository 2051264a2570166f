import { z } from "zod";

// Messages are the spec's, so the page and the API say the same thing.

export const PASSWORD_MIN_LENGTH = 8;

/** Each password rule with the spec's message, in the order the page's live checklist shows them. */
export const PASSWORD_RULES = [
  {
    id: "length",
    test: (p: string) => p.length >= PASSWORD_MIN_LENGTH,
    message: "Password must be at least 8 characters",
    label: "At least 8 characters",
  },
  {
    id: "upper",
    test: (p: string) => /[A-Z]/.test(p),
    message: "Password must contain at least one uppercase letter",
    label: "One uppercase letter",
  },
  {
    id: "lower",
    test: (p: string) => /[a-z]/.test(p),
    message: "Password must contain at least one lowercase letter",
    label: "One lowercase letter",
  },
  {
    id: "number",
    test: (p: string) => /[0-9]/.test(p),
    message: "Password must contain at least one number",
    label: "One number",
  },
  {
    id: "special",
    test: (p: string) => /[^A-Za-z0-9]/.test(p),
    message: "Password must contain at least one special character",
    label: "One special character",
  },
] as const;

export const newPasswordSchema = z
  .string({ message: "Password must be at least 8 characters" })
  .max(200, "Password must be at most 200 characters")
  .superRefine((value, ctx) => {
    const broken = PASSWORD_RULES.find((rule) => !rule.test(value));
    if (broken) ctx.addIssue({ code: "custom", message: broken.message });
  });

export const emailSchema = z
  .string({ message: "Please enter a valid email address" })
  .trim()
  .max(254, "Please enter a valid email address")
  .pipe(z.email({ message: "Please enter a valid email address" }))
  .transform((e) => e.toLowerCase());

export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{2,29}$/;
const USERNAME_RULE =
  "Username must be 3-30 characters: letters, numbers, dots, dashes or underscores";

/** A chosen username: trimmed, lower case, 3-30 letters, numbers, dots, dashes or underscores. */
export const usernameSchema = z
  .string({ message: "Username is required" })
  .trim()
  .toLowerCase()
  .min(1, { message: "Username is required", abort: true })
  .regex(USERNAME_PATTERN, USERNAME_RULE);

const NAME_REQUIRED = { firstName: "First name is required", lastName: "Last name is required" };
const personName = (required: string, tooLong: string) =>
  z.string({ message: required }).trim().max(100, tooLong);
const firstNameSchema = personName(NAME_REQUIRED.firstName, "First name is too long");
const lastNameSchema = personName(NAME_REQUIRED.lastName, "Last name is too long");

const registerCommon = {
  email: emailSchema,
  password: newPasswordSchema,
  accountType: z
    .enum(["personal", "business"], { message: "Choose a personal or a business account" })
    .default("personal"),
  marketingEmails: z.boolean().default(true),
};

/** /register, the full form (spec): first and last name, email, password, account type, marketing. */
export const pageRegisterSchema = z.object({
  firstName: firstNameSchema.min(1, NAME_REQUIRED.firstName),
  lastName: lastNameSchema.min(1, NAME_REQUIRED.lastName),
  ...registerCommon,
});

/** The auth modal's Register tab (spec): username, email and password (asked twice there). */
export const modalRegisterSchema = z.object({ username: usernameSchema, ...registerCommon });

/**
 * POST /api/auth/register takes either form's fields: first and last name (/register), or a
 * username instead of them (the auth modal). Names are required unless a username is given. The
 * answer always has both names (a username-only sign-up reads as its username, last name empty),
 * plus the chosen `username` when there was one.
 */
export const registerSchema = z
  .object({
    firstName: firstNameSchema.optional(),
    lastName: lastNameSchema.optional(),
    username: usernameSchema.optional(),
    ...registerCommon,
  })
  .superRefine((input, ctx) => {
    if (input.username !== undefined) return;
    for (const field of ["firstName", "lastName"] as const) {
      if (!input[field])
        ctx.addIssue({ code: "custom", path: [field], message: NAME_REQUIRED[field] });
    }
  })
  .transform(({ firstName, lastName, ...rest }) => ({
    ...rest,
    firstName: firstName || rest.username || "",
    lastName: lastName ?? "",
  }));
export type RegisterInput = z.input<typeof registerSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: z
    .string({ message: "Please enter your password" })
    .min(1, "Please enter your password")
    .max(200),
  rememberMe: z.boolean().default(false),
});
export type LoginInput = z.input<typeof loginSchema>;

export const tokenSchema = z.object({
  token: z.string().min(10, "This link is not valid.").max(200, "This link is not valid."),
});
export const emailOnlySchema = z.object({ email: emailSchema });
export const resetPasswordSchema = z.object({
  token: z.string().min(10, "This link is not valid.").max(200, "This link is not valid."),
  password: newPasswordSchema,
});

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  fullName: z.string(),
  role: z.enum(["user", "seller"]),
  avatarUrl: z.string().nullable(),
  marketingEmails: z.boolean(),
  /** Staff only: "moderator" or "admin" (the admin area); null for everyone else. */
  staffRole: z.enum(["moderator", "admin"]).nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
export const sessionSchema = z.object({ user: sessionUserSchema.nullable() });
export type Session = z.infer<typeof sessionSchema>;

export const messageSchema = z.object({ message: z.string() });

export const updateProfileSchema = z
  .object({
    fullName: z.string().trim().min(1, "Full name is required").max(200, "Full name is too long"),
    username: z.string().trim().toLowerCase().regex(USERNAME_PATTERN, USERNAME_RULE),
    marketingEmails: z.boolean(),
  })
  .partial();

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, "Please enter your current password").max(200),
  newPassword: newPasswordSchema,
});

export const changeEmailSchema = z.object({
  email: emailSchema,
  currentPassword: z.string().min(1, "Please enter your current password").max(200),
});

export const OAUTH_PROVIDERS = ["google", "facebook"] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];
export const authProvidersSchema = z.object({
  google: z.boolean(),
  facebook: z.boolean(),
});

export const outboxSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      html: z.string(),
      createdAt: z.string(),
    }),
  ),
});

export { CSRF_COOKIE, CSRF_HEADER } from "../csrf";
