import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import type { CreateReport, createdReportSchema } from "../../../../core/contracts/admin";
import { apiRequest, trusted } from "../../../lib/api-client";

/** POST /api/reports: a listing or a user's store goes to the moderators' queue. */
export function createReport(input: CreateReport) {
  return apiRequest("/api/reports", trusted<z.output<typeof createdReportSchema>>(), {
    method: "POST",
    body: input,
  });
}

// Nothing the reporter sees changes (the queue is staff's), so nothing is invalidated.
export function useCreateReport() {
  return useMutation({ mutationFn: createReport });
}
