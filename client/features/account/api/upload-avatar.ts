import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sessionUserSchema } from "../../../../core/contracts/accounts";
import { apiUpload } from "../../../lib/api-client";
import { afterProfileUpdated } from "../cache";

/** The largest picture the page sends (the server checks again, by content). */
export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;

/** POST /api/me/avatar (multipart, field "file"): a new profile picture; answers the user. */
export function uploadAvatar(file: File, onProgress?: (share: number) => void) {
  return apiUpload("/api/me/avatar", sessionUserSchema, { field: "file", file, onProgress });
}

export function useUploadAvatar(onProgress?: (share: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadAvatar(file, onProgress),
    onSuccess: (user) => {
      void afterProfileUpdated(queryClient, user);
    },
  });
}
