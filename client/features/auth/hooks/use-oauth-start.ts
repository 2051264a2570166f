import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { toast } from "sonner";
import type { OAuthProvider } from "../../../../core/contracts/accounts";
import { safeReturnTo } from "../../../lib/return-to";
import { providersQuery } from "../api/get-providers";

export const PROVIDER_NAMES: Record<OAuthProvider, string> = {
  google: "Google",
  facebook: "Facebook",
};

/** The spec's toasts when a provider cannot be used. */
const UNAVAILABLE = {
  signin: (name: string) => `Sign-in with ${name} is not available.`,
  signup: (name: string) => `Failed to sign up with ${name}`,
};

/**
 * Starts Google or Facebook sign-in: a full-page trip through the provider that ends back at
 * `returnTo`, signed in. A provider the server has not configured only shows a toast.
 */
export function useOAuthStart(mode: "signin" | "signup", returnTo: string) {
  const queryClient = useQueryClient();
  return useCallback(
    async (provider: OAuthProvider) => {
      const available = await queryClient
        .ensureQueryData(providersQuery)
        .then((providers) => providers[provider])
        .catch(() => false);
      if (!available) {
        toast.error(UNAVAILABLE[mode](PROVIDER_NAMES[provider]));
        return;
      }
      const query = new URLSearchParams({ returnTo: safeReturnTo(returnTo) });
      window.location.assign(`/api/auth/oauth/${provider}/start?${query}`);
    },
    [queryClient, mode, returnTo],
  );
}
