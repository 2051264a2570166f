import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { sessionUserSchema, type updateProfileSchema } from "../../../../core/contracts/accounts";
import { apiRequest } from "../../../lib/api-client";
import { afterProfileUpdated } from "../cache";

export type ProfilePatch = z.input<typeof updateProfileSchema>;

/** PATCH /api/me: full name, username or marketing choice. */
export function updateProfile(patch: ProfilePatch) {
  return apiRequest("/api/me", sessionUserSchema, { method: "PATCH", body: patch });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      void afterProfileUpdated(queryClient, user);
    },
  });
}
