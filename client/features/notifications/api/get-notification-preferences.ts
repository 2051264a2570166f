import { useQuery } from "@tanstack/react-query";
import { notificationPreferencesSchema } from "../../../../core/contracts/notifications";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET /api/me/notification-preferences: whether each kind is also emailed. */
export function getNotificationPreferences(signal?: AbortSignal) {
  return apiGet("/api/me/notification-preferences", notificationPreferencesSchema, { signal });
}

export function useNotificationPreferences() {
  return useQuery({
    queryKey: queryKeys.notifications.preferences,
    queryFn: ({ signal }) => getNotificationPreferences(signal),
  });
}
