import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client";
import { afterBlockChanged } from "../cache";

/** POST /api/me/blocks {userId}: they can no longer message the viewer. */
export function blockUser(userId: string) {
  return apiRequest("/api/me/blocks", z.unknown(), { method: "POST", body: { userId } });
}

export function useBlockUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: blockUser,
    onSuccess: (_result, userId) => afterBlockChanged(client, userId),
  });
}
