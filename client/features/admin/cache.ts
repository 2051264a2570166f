import type { QueryClient } from "@tanstack/react-query";
import { invalidate } from "../../lib/invalidate";
import { queryKeys } from "../../lib/query-keys";

/**
 * A staff action (a report resolved, a listing removed or restored, a user suspended, a refund, a
 * rule): the admin area's figures, queues and pages all read it, and a removed, restored or
 * suspended listing leaves or rejoins every public list, page and store.
 */
export function afterStaffAction(client: QueryClient): Promise<void> {
  return invalidate(client, [
    queryKeys.admin.all,
    queryKeys.listings.all,
    queryKeys.home.all,
    queryKeys.catalog.categoryDetails,
    queryKeys.store.all,
  ]);
}

/** Only the admin area reads what changed (a report assigned, a listing rule added or deleted). */
export function afterAdminDataChanged(client: QueryClient): Promise<void> {
  return invalidate(client, [queryKeys.admin.all]);
}
