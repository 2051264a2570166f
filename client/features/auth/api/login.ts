import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type LoginInput, sessionSchema } from "../../../../core/contracts/accounts";
import { apiRequest } from "../../../lib/api-client";
import { afterSignIn } from "../../../lib/session-cache";

/** POST /api/auth/login: starts a session (a long one with remember me). */
export function login(input: LoginInput) {
  return apiRequest("/api/auth/login", sessionSchema, { method: "POST", body: input });
}

/** Signs in and puts the user into the session at once. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => {
      if (user) void afterSignIn(queryClient, user);
    },
  });
}
