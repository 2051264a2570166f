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

export const registerSchema = z.object({
  firstName: z
    .string({ message: "First name is required" })
    .trim()
    .min(1, "First name is required")
    .max(100, "First name is too long"),
  lastName: z
    .string({ message: "Last name is required" })
    .trim()
    .min(1, "Last name is required")
    .max(100, "Last name is too long"),
  email: emailSchema,
  password: newPasswordSchema,
  accountType: z
    .enum(["personal", "business"], { message: "Choose a personal or a business account" })
    .default("personal"),
  marketingEmails: z.boolean().default(true),
});
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
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
export const sessionSchema = z.object({ user: sessionUserSchema.nullable() });
export type Session = z.infer<typeof sessionSchema>;

export const messageSchema = z.object({ message: z.string() });

export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{2,29}$/;
export const updateProfileSchema = z
  .object({
    fullName: z.string().trim().min(1, "Full name is required").max(200, "Full name is too long"),
    username: z
      .string()
      .trim()
      .toLowerCase()
      .regex(
        USERNAME_PATTERN,
        "Username must be 3-30 characters: letters, numbers, dots, dashes or underscores",
      ),
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

/** The header a page sends on state-changing requests, echoing the `tw_csrf` cookie. */
export const CSRF_HEADER = "x-csrf-token";
export const CSRF_COOKIE = "tw_csrf";
