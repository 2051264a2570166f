import { useMutation, useQueryClient } from "@tanstack/react-query";
import { notificationReadSchema } from "../../../../core/contracts/notifications";
import { apiRequest } from "../../../lib/api-client";
import { afterNotificationRead } from "../cache";

/** POST /api/me/notifications/{id}/read. */
export function markNotificationRead(id: string) {
  return apiRequest(
    `/api/me/notifications/${encodeURIComponent(id)}/read`,
    notificationReadSchema,
    {
      method: "POST",
    },
  );
}

/** Marks one read; the bell and the list show it at once (the other tabs hear it live). */
export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: (result) => afterNotificationRead(client, result),
  });
}
