import { OAUTH_PROVIDERS, type OAuthProvider } from "../../../../core/contracts/accounts";
import { ERROR_CODES } from "../../../../core/errors";
import { buttonClasses } from "../../../components/ui/button";
import { useProviders } from "../api/get-providers";
import { PROVIDER_NAMES, useOAuthStart } from "../hooks/use-oauth-start";

function ProviderLogo({ provider }: { provider: OAuthProvider }) {
  if (provider === "google") {
    return (
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
        <path
          fill="#4285F4"
          d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.5 5.5 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7Z"
        />
        <path
          fill="#34A853"
          d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1 .7-2.4 1.1-4 1.1-3.1 0-5.7-2.1-6.7-4.9h-4v3.1A12 12 0 0 0 12 24Z"
        />
        <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1Z" />
        <path
          fill="#EA4335"
          d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A11.5 11.5 0 0 0 12 0 12 12 0 0 0 1.3 6.6l4 3.1c1-2.8 3.6-4.9 6.7-4.9Z"
        />
      </svg>
    );
  }
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
      <circle cx="12" cy="12" r="12" fill="#1877F2" />
      <path
        fill="#fff"
        d="M15.1 15.5 15.6 12h-3.3V9.8c0-.9.5-1.9 2-1.9h1.5v-3s-1.4-.2-2.7-.2c-2.7 0-4.5 1.6-4.5 4.6V12H5.6v3.5h3v8.4a12 12 0 0 0 3.7 0v-8.4h2.8Z"
      />
    </svg>
  );
}

/**
 * "Sign in with Google" / "Sign up with Facebook" and the like. A provider the server has not
 * configured (GET /api/auth/providers) is shown greyed out and marked unavailable, so nobody is
 * invited to click it; until the server has answered, a click asks it (and says so if it's off).
 */
export function OAuthButtons({ mode, returnTo }: { mode: "signin" | "signup"; returnTo: string }) {
  const start = useOAuthStart(mode, returnTo);
  const providers = useProviders();
  const verb = mode === "signin" ? "Sign in" : "Sign up";
  return (
    <div className="flex flex-col gap-3">
      {OAUTH_PROVIDERS.map((provider) => {
        const unavailable = providers.data?.[provider] === false;
        const label = `${verb} with ${PROVIDER_NAMES[provider]}`;
        return (
          <button
            key={provider}
            type="button"
            disabled={unavailable}
            // The two visible lines, read as one name.
            aria-label={unavailable ? `${label} (not available)` : undefined}
            onClick={() => void start(provider)}
            className={buttonClasses(
              "outline",
              "lg",
              "w-full border-slate-400 text-slate-900 disabled:[&_svg]:opacity-50 disabled:[&_svg]:grayscale",
            )}
          >
            <ProviderLogo provider={provider} />
            <span className="flex flex-col items-start leading-tight">
              {label}
              {unavailable && <span className="text-xs font-normal">Not available</span>}
            </span>
          </button>
        );
      })}
    </div>
  );
}

/** The "or" rule between the provider buttons and the form. */
export function OrDivider() {
  return (
    <div className="flex items-center gap-3 text-sm text-slate-700">
      <span aria-hidden="true" className="h-px flex-1 bg-slate-300" />
      or
      <span aria-hidden="true" className="h-px flex-1 bg-slate-300" />
    </div>
  );
}

/** The reason /auth/callback sent the visitor back to /login with, in words. */
export function oauthErrorMessage(reason: string): string {
  switch (reason) {
    case "expired":
      return "Your sign-in with Google or Facebook took too long or was interrupted. Please try again.";
    case ERROR_CODES.oauthNoEmail:
      return "Your account at the provider has no verified email address.";
    case ERROR_CODES.accountUnconfirmed:
      return "Please confirm your email first, then sign in with your provider.";
    case ERROR_CODES.accountExists:
      return "Email or username already exists.";
    case ERROR_CODES.accountSuspended:
      return "Your account has been suspended. Contact us if you think this is a mistake.";
    case "google":
    case "facebook":
      return `Sign-in with ${PROVIDER_NAMES[reason]} failed. Please try again.`;
    default:
      return "Sign-in with your provider failed. Please try again.";
  }
}
