import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminUserSchema, type StaffRole } from "../../../../core/contracts/admin";
import { apiRequest } from "../../../lib/api-client";
import { afterStaffAction } from "../cache";

export type UserAction = "warn" | "suspend" | "reinstate";

const userPath = (id: string) => `/api/admin/users/${encodeURIComponent(id)}`;

/** POST /api/admin/users/{id}/warn | suspend | reinstate, with the reason emailed to the user. */
export function moderateUser(id: string, action: UserAction, reason: string) {
  return apiRequest(`${userPath(id)}/${action}`, adminUserSchema, {
    method: "POST",
    body: { reason },
  });
}

export function useModerateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; action: UserAction; reason: string }) =>
      moderateUser(input.id, input.action, input.reason),
    onSuccess: () => {
      void afterStaffAction(queryClient);
    },
  });
}

/** PUT /api/admin/users/{id}/role (admin only): null takes the staff role away. */
export function setStaffRole(id: string, staffRole: StaffRole | null, reason: string) {
  return apiRequest(`${userPath(id)}/role`, adminUserSchema, {
    method: "PUT",
    body: { staffRole, reason },
  });
}

export function useSetStaffRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; staffRole: StaffRole | null; reason: string }) =>
      setStaffRole(input.id, input.staffRole, input.reason),
    onSuccess: () => {
      void afterStaffAction(queryClient);
    },
  });
}
