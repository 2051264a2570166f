import { useMutation } from "@tanstack/react-query";
import {
  type SupportRequestInput,
  supportRequestCreatedSchema,
} from "../../../../core/contracts/support";
import { apiRequest } from "../../../lib/api-client";

/** POST /api/support-requests: stored and emailed to support; answers the reference for the copy. */
export function createSupportRequest(input: SupportRequestInput) {
  return apiRequest("/api/support-requests", supportRequestCreatedSchema, {
    method: "POST",
    body: input,
  });
}

export function useCreateSupportRequest() {
  return useMutation({ mutationFn: createSupportRequest });
}
