import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client";
import { afterBlockChanged } from "../cache";

/** DELETE /api/me/blocks/{userId}. */
export function unblockUser(userId: string) {
  return apiRequest(`/api/me/blocks/${encodeURIComponent(userId)}`, z.unknown(), {
    method: "DELETE",
  });
}

export function useUnblockUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: unblockUser,
    onSuccess: (_result, userId) => afterBlockChanged(client, userId),
  });
}
