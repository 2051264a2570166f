import type { QueryClient } from "@tanstack/react-query";
import { invalidate } from "../../lib/invalidate";
import { queryKeys } from "../../lib/query-keys";

/** An emailed link was confirmed: a changed email shows in the session (header, settings). */
export function afterEmailConfirmed(client: QueryClient): Promise<void> {
  return invalidate(client, [queryKeys.session.current]);
}
