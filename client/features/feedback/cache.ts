import type { QueryClient } from "@tanstack/react-query";
import { invalidate } from "../../lib/invalidate";
import { queryKeys } from "../../lib/query-keys";

/**
 * Feedback was left: the line's buttons change, and a buyer's stars move the seller's rating on
 * every card, listing page, store header, followed-seller row and feedback list.
 */
export function afterFeedbackLeft(client: QueryClient): Promise<void> {
  return invalidate(client, [
    queryKeys.orders.all,
    queryKeys.sales.all,
    queryKeys.feedback.all,
    queryKeys.store.all,
    queryKeys.listings.all,
    queryKeys.home.all,
    queryKeys.watching.followedSellers,
  ]);
}
/**
 * A revision was asked for or made, or staff removed feedback: the order's page and lists, and
 * (stars changed or stopped counting) every place the seller's rating and profile show.
 */
export function afterFeedbackChanged(client: QueryClient): Promise<void> {
  return afterFeedbackLeft(client);
}
/** A reply was added: the sale's row and the store's list show it. */
export function afterFeedbackReplied(client: QueryClient): Promise<void> {
  return invalidate(client, [queryKeys.sales.all, queryKeys.feedback.all]);
}
