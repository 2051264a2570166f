import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  StartConversationInput,
  startedConversationSchema,
} from "../../../../core/contracts/messages";
import { apiRequest, trusted } from "../../../lib/api-client";
import { afterConversationStarted } from "../cache";

/** POST /api/me/conversations: starts one, or reopens the one with that user about that listing. */
export function startConversation(input: StartConversationInput) {
  return apiRequest(
    "/api/me/conversations",
    trusted<z.output<typeof startedConversationSchema>>(),
    {
      method: "POST",
      body: input,
    },
  );
}

export function useStartConversation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: startConversation,
    onSuccess: (started) => {
      void afterConversationStarted(client, started);
    },
  });
}
