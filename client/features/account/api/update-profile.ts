import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { sessionUserSchema, type updateProfileSchema } from "../../../../core/contracts/accounts";
import { apiRequest } from "../../../lib/api-client";
import { useSetSignedIn } from "../../../lib/session";

export type ProfilePatch = z.input<typeof updateProfileSchema>;

/** PATCH /api/me: full name, username or marketing choice. */
export function updateProfile(patch: ProfilePatch) {
  return apiRequest("/api/me", sessionUserSchema, { method: "PATCH", body: patch });
}

export function useUpdateProfile() {
  const setSignedIn = useSetSignedIn();
  return useMutation({ mutationFn: updateProfile, onSuccess: setSignedIn });
}
