import { useQuery } from "@tanstack/react-query";
import { dashboardSchema } from "../../../../core/contracts/admin";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET /api/admin/dashboard: today's, the week's and the month's figures, and the daily series. */
export function getDashboard(signal?: AbortSignal) {
  return apiGet("/api/admin/dashboard", dashboardSchema, { signal });
}

export function useDashboard() {
  return useQuery({
    queryKey: queryKeys.admin.dashboard,
    queryFn: ({ signal }) => getDashboard(signal),
  });
}
