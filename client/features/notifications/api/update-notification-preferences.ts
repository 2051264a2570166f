import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type NotificationPreferences,
  type NotificationPreferencesUpdate,
  notificationPreferencesSchema,
} from "../../../../core/contracts/notifications";
import { apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";
import { afterNotificationPreferencesSaved } from "../cache";

const preferencesKey = queryKeys.notifications.preferences;

/** PUT /api/me/notification-preferences: the kinds named change, the others stay. */
export function updateNotificationPreferences(update: NotificationPreferencesUpdate) {
  return apiRequest("/api/me/notification-preferences", notificationPreferencesSchema, {
    method: "PUT",
    body: update,
  });
}

/** Saves a change, showing it at once and putting the box back if the server refuses. */
export function useUpdateNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onMutate: async (update) => {
      await client.cancelQueries({ queryKey: preferencesKey });
      const before = client.getQueryData<NotificationPreferences>(preferencesKey);
      if (before)
        client.setQueryData<NotificationPreferences>(preferencesKey, {
          ...before,
          ...update,
        });
      return { before, update };
    },
    onError: (_error, _update, context) => {
      const current = client.getQueryData<NotificationPreferences>(preferencesKey);
      if (!context?.before || !current) return;
      // Only the kinds this change named go back; another change may be saving meanwhile.
      const restored = { ...current };
      for (const kind of Object.keys(context.update) as (keyof NotificationPreferences)[])
        restored[kind] = context.before[kind];
      client.setQueryData(preferencesKey, restored);
    },
    onSuccess: (preferences, update) =>
      afterNotificationPreferencesSaved(
        client,
        preferences,
        Object.keys(update) as (keyof NotificationPreferences)[],
      ),
  });
}
