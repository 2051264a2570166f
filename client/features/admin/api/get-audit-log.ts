import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { auditPageSchema } from "../../../../core/contracts/admin";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET /api/admin/audit?page=: every staff action, newest first. */
export function getAuditLog(page: number, signal?: AbortSignal) {
  return apiGet("/api/admin/audit", auditPageSchema, { query: { page }, signal });
}

export function useAuditLog(page: number) {
  return useQuery({
    queryKey: queryKeys.admin.audit(page),
    queryFn: ({ signal }) => getAuditLog(page, signal),
    placeholderData: keepPreviousData,
  });
}
