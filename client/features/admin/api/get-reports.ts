import { keepPreviousData, useQuery } from "@tanstack/react-query";
import {
  adminReportPageSchema,
  adminReportSchema,
  type ReportStatus,
} from "../../../../core/contracts/admin";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET /api/admin/reports: one tab of the queue (open oldest first, resolved newest first). */
export function getReports(query: { status: ReportStatus; page: number }, signal?: AbortSignal) {
  return apiGet("/api/admin/reports", adminReportPageSchema, { query, signal });
}

export function useReports(query: { status: ReportStatus; page: number }) {
  return useQuery({
    queryKey: queryKeys.admin.reports(query),
    queryFn: ({ signal }) => getReports(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/reports/{id}. */
export function getReport(id: string, signal?: AbortSignal) {
  return apiGet(`/api/admin/reports/${encodeURIComponent(id)}`, adminReportSchema, { signal });
}

export function useReport(id: string) {
  return useQuery({
    queryKey: queryKeys.admin.report(id),
    queryFn: ({ signal }) => getReport(id, signal),
  });
}
