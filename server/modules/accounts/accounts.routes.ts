import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  authProvidersSchema,
  changeEmailSchema,
  changePasswordSchema,
  emailOnlySchema,
  loginSchema,
  messageSchema,
  OAUTH_PROVIDERS,
  registerSchema,
  resetPasswordSchema,
  sessionSchema,
  sessionUserSchema,
  tokenSchema,
  updateProfileSchema,
} from "../../../core/contracts/accounts";
import { deliverToSchema } from "../../../core/contracts/delivery";
import { apiErrorSchema, ERROR_CODES } from "../../../core/errors";
import { AppError, badRequest } from "../../errors";
import { AttemptLimiter } from "../../plugins/rate-limit";
import { requireUser } from "../../plugins/session";
import { readUploadedFile } from "../uploads/image-processing";
import {
  type AccountsDeps,
  authenticate,
  CONFIRMATION_SENT,
  changePassword,
  confirmToken,
  forgotPassword,
  getSessionUser,
  RESET_SENT,
  register,
  requestEmailChange,
  resendConfirmation,
  resetPassword,
  setAvatar,
  updateProfile,
} from "./accounts.service";
import { accountDeliverTo, setAccountDeliverTo } from "./deliver-to";
import type { OAuthClients } from "./oauth";
import { SignInGuard } from "./sign-in-guard";

/** A signed cookie naming the account last signed in from this browser. */
const DEVICE_COOKIE = "tw_device";

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};
const perIp = (max: number) => ({ rateLimit: { max, timeWindow: "1 minute" } });

/** A same-site path to return to after sign-in; anything else (other hosts, //evil) becomes "/". */
export function safeReturnTo(value: unknown): string {
  return typeof value === "string" && /^\/(?!\/)[^\s\\]*$/.test(value) ? value : "/";
}

export const accountsRoutes: FastifyPluginAsyncZod<{ oauth: OAuthClients }> = async (
  app,
  { oauth },
) => {
  const deps = (): AccountsDeps => ({ db: app.db, mailer: app.mailer, publicUrl: app.publicUrl });
  const signInGuard = new SignInGuard({
    counters: app.limitCounters,
    db: app.db,
    mailer: app.mailer,
    publicUrl: app.publicUrl,
    log: (err, msg) => app.log.error({ err }, msg),
  });
  // Emails a stranger can make us send to an address: a handful per address per 15 minutes.
  const emailRequests = new AttemptLimiter(app.limitCounters, "email-requests", 5, 15 * 60_000);
  // A stolen session must not grind the current password through the change forms.
  const passwordChecks = new AttemptLimiter(app.limitCounters, "password-checks", 10, 15 * 60_000);

  /** The account whose owner signed in from this browser before, from its signed cookie. */
  const deviceUserId = (request: FastifyRequest): string | null => {
    const raw = request.cookies[DEVICE_COOKIE];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    return unsigned.valid ? unsigned.value : null;
  };

  app.post(
    "/auth/register",
    {
      config: perIp(app.config.registerLimitPerMinute),
      schema: {
        tags: ["accounts"],
        summary: "Create an account; a confirmation email follows",
        body: registerSchema,
        response: { 201: messageSchema, ...errors },
      },
    },
    async (request, reply) => {
      await emailRequests.hit(request.body.email, "Too many emails requested for this address");
      await register(deps(), request.body);
      return reply.status(201).send({ message: CONFIRMATION_SENT });
    },
  );

  app.post(
    "/auth/confirm",
    {
      // Each registration is followed by one confirmation (and perhaps a retry): twice the
      // registration limit, and never below 20 a minute.
      config: perIp(Math.max(20, app.config.registerLimitPerMinute * 2)),
      schema: {
        tags: ["accounts"],
        summary: "Follow an emailed confirmation link",
        body: tokenSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const outcome = await confirmToken(app.db, request.body.token);
      return {
        message:
          outcome === "confirmed"
            ? "Your email address is confirmed. You can sign in now."
            : "Your new email address is confirmed.",
      };
    },
  );

  app.post(
    "/auth/resend-confirmation",
    {
      config: perIp(5),
      schema: {
        tags: ["accounts"],
        summary: "Send the confirmation email again",
        body: emailOnlySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await emailRequests.hit(request.body.email, "Too many emails requested for this address");
      await resendConfirmation(deps(), request.body.email);
      return { message: "If that account is waiting for confirmation, we've sent a new link." };
    },
  );

  app.post(
    "/auth/login",
    {
      config: perIp(app.config.signInLimitPerMinute),
      schema: {
        tags: ["accounts"],
        summary: "Sign in with email and password",
        body: loginSchema,
        response: { 200: sessionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      await signInGuard.check(email, request.ip, deviceUserId(request));
      let userId: string;
      try {
        userId = await authenticate(app.db, email, password);
      } catch (err) {
        if (err instanceof AppError && err.code === ERROR_CODES.invalidCredentials)
          await signInGuard.failed(email, request.ip);
        throw err;
      }
      await signInGuard.succeeded(email, request.ip);
      // Remembers that the owner signs in from this browser: the account's ceiling spares it.
      reply.setCookie(DEVICE_COOKIE, userId, {
        path: "/api/auth",
        httpOnly: true,
        sameSite: "strict",
        secure: app.publicUrl.startsWith("https:"),
        signed: true,
        maxAge: 365 * 24 * 3600,
      });
      await app.startSession(reply, userId, request.body.rememberMe, request.sessionTokenHash);
      return { user: await getSessionUser(app.db, userId) };
    },
  );

  app.post(
    "/auth/logout",
    {
      schema: {
        tags: ["accounts"],
        summary: "Sign out: ends the session on the server",
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request, reply) => {
      await app.endSession(request, reply);
      return { message: "Signed out." };
    },
  );

  app.get(
    "/auth/session",
    {
      schema: {
        tags: ["accounts"],
        summary: "Who is signed in",
        // Anyone may ask: with the session cookie the answer names its user, without it null.
        security: [{}, { session: [] }],
        response: { 200: sessionSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { user: request.user };
    },
  );

  app.post(
    "/auth/forgot-password",
    {
      config: perIp(5),
      schema: {
        tags: ["accounts"],
        summary: "Email a password reset link (same answer whether or not the account exists)",
        body: emailOnlySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await emailRequests.hit(request.body.email, "Too many emails requested for this address");
      await forgotPassword(deps(), request.body.email);
      return { message: RESET_SENT };
    },
  );

  app.post(
    "/auth/reset-password",
    {
      config: perIp(10),
      schema: {
        tags: ["accounts"],
        summary: "Set a new password from a reset link; ends every session",
        body: resetPasswordSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const email = await resetPassword(app.db, request.body.token, request.body.password);
      // Following the emailed link proves the owner: guesses by others stop counting against them.
      await signInGuard.forgive(email);
      return { message: "Your password has been reset. You can sign in now." };
    },
  );

  app.get(
    "/auth/providers",
    {
      schema: {
        tags: ["accounts"],
        summary: "Which OAuth providers are configured",
        response: { 200: authProvidersSchema },
      },
    },
    async () => ({ google: oauth.enabled("google"), facebook: oauth.enabled("facebook") }),
  );

  app.get(
    "/auth/oauth/:provider/start",
    {
      config: perIp(20),
      schema: {
        tags: ["accounts"],
        summary: "Start Google or Facebook sign-in (redirects to the provider)",
        params: z.object({
          provider: z.enum(OAUTH_PROVIDERS, { message: "provider must be google or facebook" }),
        }),
        querystring: z.object({ returnTo: z.string().max(500).optional() }),
        response: { 302: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      if (!oauth.enabled(provider)) {
        throw badRequest(
          `Sign-in with ${provider === "google" ? "Google" : "Facebook"} is not available.`,
          undefined,
          ERROR_CODES.providerUnavailable,
        );
      }
      let started: Awaited<ReturnType<OAuthClients["start"]>>;
      try {
        started = await oauth.start(provider, safeReturnTo(request.query.returnTo));
      } catch (err) {
        // The provider's discovery failed: the page explains it instead of showing raw JSON.
        request.log.warn({ err, provider }, "oauth start failed");
        return reply.redirect(`/login?oauthError=${provider}`, 302);
      }
      const { url, pending } = started;
      // The pending flow rides in a signed, short-lived cookie, so any instance can finish it.
      reply.setCookie("tw_oauth", JSON.stringify(pending), {
        path: "/auth/callback",
        httpOnly: true,
        sameSite: "lax",
        secure: app.publicUrl.startsWith("https:"),
        signed: true,
        maxAge: 600,
      });
      return reply.redirect(url, 302);
    },
  );

  app.get(
    "/me",
    {
      config: { apiTokenScope: "read" },
      schema: {
        tags: ["accounts"],
        summary: "The signed-in account (with an API token: the token's owner)",
        response: { 200: sessionUserSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return requireUser(request);
    },
  );

  app.patch(
    "/me",
    {
      config: { changesAccount: true },
      schema: {
        tags: ["accounts"],
        summary: "Change full name, username or marketing choice",
        body: updateProfileSchema,
        response: { 200: sessionUserSchema, ...errors },
      },
    },
    async (request) => updateProfile(app.db, requireUser(request).id, request.body),
  );

  app.get(
    "/me/deliver-to",
    {
      config: { apiTokenScope: "read" },
      schema: {
        tags: ["accounts"],
        summary: 'The account\'s Deliver to: a territory slug, "world", or null when never chosen',
        response: { 200: deliverToSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { deliverTo: await accountDeliverTo(app.db, requireUser(request).id) };
    },
  );

  app.put(
    "/me/deliver-to",
    {
      schema: {
        tags: ["accounts"],
        summary: "Set the account's Deliver to (bids are judged by it; checkout defaults to it)",
        body: deliverToSchema,
        response: { 200: deliverToSchema, ...errors },
      },
    },
    async (request) => setAccountDeliverTo(app.db, requireUser(request).id, request.body.deliverTo),
  );

  app.post(
    "/me/password",
    {
      config: { ...perIp(10), changesAccount: true },
      schema: {
        tags: ["accounts"],
        summary: "Change password (needs the current one); other sessions end",
        body: changePasswordSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await passwordChecks.hit(user.id);
      await changePassword(
        app.db,
        user.id,
        request.body.currentPassword,
        request.body.newPassword,
        request.sessionTokenHash,
      );
      return { message: "Your password has been changed." };
    },
  );

  app.post(
    "/me/avatar",
    {
      config: { ...perIp(20), changesAccount: true },
      schema: {
        tags: ["accounts"],
        summary: "Upload an avatar (multipart field `file`, an image of at most 10 MB)",
        consumes: ["multipart/form-data"],
        response: { 200: sessionUserSchema, ...errors, 413: apiErrorSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return setAvatar(app.db, app.storage, user.id, await readUploadedFile(request));
    },
  );

  app.post(
    "/me/email",
    {
      config: { ...perIp(5), changesAccount: true },
      schema: {
        tags: ["accounts"],
        summary: "Change email: a link is sent to the new address",
        body: changeEmailSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await passwordChecks.hit(user.id);
      await requestEmailChange(deps(), user.id, request.body.email, request.body.currentPassword);
      return { message: `We've sent a confirmation link to ${request.body.email}.` };
    },
  );
};
