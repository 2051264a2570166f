import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../errors";
import { oauthSignIn } from "./accounts.service";
import type { OAuthClients, PendingLogin } from "./oauth";

/**
 * GET /auth/callback: where Google and Facebook send the browser back. It finishes the flow,
 * starts a session and returns to the page the user came from; failures land on /login with a reason.
 */
export const oauthCallbackRoutes: FastifyPluginAsyncZod<{ oauth: OAuthClients }> = async (
  app,
  { oauth },
) => {
  app.get(
    "/auth/callback",
    {
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: {
        tags: ["accounts"],
        summary: "OAuth redirect target",
        // What Google and Facebook send back (OAuth 2.0 and OpenID Connect); openid-client reads
        // them from the URL itself. Other parameters a provider adds are allowed and ignored.
        querystring: z.object({
          code: z.string().optional(),
          state: z.string().optional(),
          iss: z.string().optional(),
          scope: z.string().optional(),
          error: z.string().optional(),
          error_description: z.string().optional(),
        }),
        response: { 302: z.null() },
      },
    },
    async (request, reply) => {
      const cookie = request.cookies.tw_oauth;
      reply.clearCookie("tw_oauth", { path: "/auth/callback" });
      const unsigned = cookie ? request.unsignCookie(cookie) : null;
      let pending: PendingLogin | null = null;
      try {
        pending =
          unsigned?.valid && unsigned.value ? (JSON.parse(unsigned.value) as PendingLogin) : null;
      } catch {
        pending = null;
      }
      const fail = (reason: string) =>
        reply.redirect(`/login?oauthError=${encodeURIComponent(reason)}`, 302);
      if (!pending || !oauth.enabled(pending.provider)) return fail("expired");
      try {
        const identity = await oauth.finish(pending, new URL(request.url, app.publicUrl));
        const userId = await oauthSignIn(app.db, identity);
        await app.startSession(reply, userId, true, request.sessionTokenHash);
        return reply.redirect(pending.returnTo, 302);
      } catch (err) {
        if (err instanceof AppError) return fail(err.code);
        request.log.warn({ err }, "oauth sign-in failed");
        return fail(pending.provider);
      }
    },
  );
};
