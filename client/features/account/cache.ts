import type { QueryClient } from "@tanstack/react-query";
import type { Session, SessionUser } from "../../../core/contracts/accounts";
import { invalidate } from "../../lib/invalidate";
import { queryKeys } from "../../lib/query-keys";

/** Profile or avatar saved: the new user shows at once; where their name and picture appear refetches. */
export function afterProfileUpdated(client: QueryClient, user: SessionUser): Promise<void> {
  client.setQueryData<Session>(queryKeys.session.current, { user });
  return invalidate(client, [
    queryKeys.listings.all, // cards and pages name the seller; bid histories name the bidders
    queryKeys.home.all, // cards name the seller
    queryKeys.store.detail(user.id), // the store header shows the name and picture
  ]);
}

/** A token made or revoked: the settings list refetches. */
export function afterApiTokensChanged(client: QueryClient): Promise<void> {
  return invalidate(client, [queryKeys.apiTokens.all]);
}
