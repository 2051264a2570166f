import { useMutation, useQueryClient } from "@tanstack/react-query";
import { unreadCountSchema } from "../../../../core/contracts/notifications";
import { apiRequest } from "../../../lib/api-client";
import { afterAllNotificationsRead } from "../cache";

/** POST /api/me/notifications/read-all. */
export function markAllNotificationsRead() {
  return apiRequest("/api/me/notifications/read-all", unreadCountSchema, { method: "POST" });
}

/** Marks every notification read; what is on screen turns read at once, then is refetched. */
export function useMarkAllNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: (result) => {
      void afterAllNotificationsRead(client, result);
    },
  });
}
