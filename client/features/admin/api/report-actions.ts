import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminReportSchema, type ResolveReport } from "../../../../core/contracts/admin";
import { apiRequest } from "../../../lib/api-client";
import { afterAdminDataChanged, afterStaffAction } from "../cache";

const reportPath = (id: string) => `/api/admin/reports/${encodeURIComponent(id)}`;

/** POST /api/admin/reports/{id}/assign: the report becomes the caller's. */
export function assignReport(id: string) {
  return apiRequest(`${reportPath(id)}/assign`, adminReportSchema, { method: "POST" });
}

export function useAssignReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignReport,
    onSuccess: () => {
      void afterAdminDataChanged(queryClient);
    },
  });
}

/** POST /api/admin/reports/{id}/resolve: dismiss, remove the listing, warn or suspend the user. */
export function resolveReport(id: string, input: ResolveReport) {
  return apiRequest(`${reportPath(id)}/resolve`, adminReportSchema, {
    method: "POST",
    body: input,
  });
}

export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: ResolveReport & { id: string }) => resolveReport(id, input),
    onSuccess: () => {
      void afterStaffAction(queryClient);
    },
  });
}
