import type { QueryClient } from "@tanstack/react-query";
import type { SavedCart } from "../../../core/contracts/buying";
import { queryKeys } from "../../lib/query-keys";

/** The saved cart was written (saved or merged): the server's answer is the cached one. */
export function afterSavedCartWritten(client: QueryClient, cart: SavedCart): void {
  client.setQueryData<SavedCart>(queryKeys.cart.saved, cart);
}
