import * as oidc from "openid-client";
import type { OAuthProvider } from "../../../core/contracts/accounts";
import type { OAuthIdentity } from "./accounts.service";

export interface ProviderSettings {
  clientId?: string;
  clientSecret?: string;
  issuer: string;
}

export interface PendingLogin {
  provider: OAuthProvider;
  state: string;
  nonce: string;
  verifier: string;
  returnTo: string;
}

/**
 * OAuth 2.0 / OpenID Connect authorization-code flows with state, nonce and PKCE. Providers are
 * discovered from their issuer on first use; one without a client id and secret is off.
 */
export class OAuthClients {
  private readonly configs = new Map<OAuthProvider, Promise<oidc.Configuration>>();

  constructor(
    private readonly providers: Record<OAuthProvider, ProviderSettings>,
    private readonly redirectUri: string,
  ) {}

  enabled(provider: OAuthProvider): boolean {
    const p = this.providers[provider];
    return Boolean(p.clientId && p.clientSecret);
  }

  private config(provider: OAuthProvider): Promise<oidc.Configuration> {
    let config = this.configs.get(provider);
    if (!config) {
      const p = this.providers[provider];
      const issuer = new URL(p.issuer);
      config = oidc.discovery(issuer, p.clientId as string, p.clientSecret as string, undefined, {
        // A local OpenID Connect server (tests, development) speaks plain http.
        execute: issuer.protocol === "http:" ? [oidc.allowInsecureRequests] : [],
      });
      // A failed discovery is retried on the next sign-in instead of being cached.
      config.catch(() => this.configs.delete(provider));
      this.configs.set(provider, config);
    }
    return config;
  }

  /** The provider's authorization URL and what the callback must check. */
  async start(
    provider: OAuthProvider,
    returnTo: string,
  ): Promise<{ url: string; pending: PendingLogin }> {
    const config = await this.config(provider);
    const verifier = oidc.randomPKCECodeVerifier();
    const pending: PendingLogin = {
      provider,
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier,
      returnTo,
    };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: "openid email profile",
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
    });
    return { url: url.href, pending };
  }

  /** Exchanges the callback's code and returns who signed in. */
  async finish(pending: PendingLogin, callbackUrl: URL): Promise<OAuthIdentity> {
    const config = await this.config(pending.provider);
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error("no id token");
    return {
      provider: pending.provider,
      subject: claims.sub,
      email: typeof claims.email === "string" ? claims.email : null,
      emailVerified: claims.email_verified === true,
      name: typeof claims.name === "string" ? claims.name : null,
    };
  }
}
