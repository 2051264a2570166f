import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import {
  type OpenNotReceivedInput,
  type OpenReturnInput,
  orderReturnsSchema,
  returnsListSchema,
  type SellerAnswer,
  type ShipBackInput,
} from "../../../../core/contracts/returns";
import { uploadResultSchema } from "../../../../core/contracts/selling";
import { apiGet, apiRequest, apiUpload } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";
import { afterReturnChanged } from "../cache";

const orderPath = (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}`;
const requestPath = (id: string) => `/api/returns/${encodeURIComponent(id)}`;
const created = z.object({ id: z.string() });

/** GET /api/orders/{id}/returns: the order's requests and what its buyer may open now. */
export function useOrderReturns(orderId: string) {
  return useQuery({
    queryKey: queryKeys.returns.order(orderId),
    queryFn: ({ signal }) =>
      apiGet(`${orderPath(orderId)}/returns`, orderReturnsSchema, { signal }),
  });
}

/** GET /api/me/returns: the buyer's requests, or (role seller) those made to the seller. */
export function useMyReturns(role: "buyer" | "seller") {
  return useQuery({
    queryKey: queryKeys.returns.mine(role),
    queryFn: ({ signal }) =>
      apiGet("/api/me/returns", returnsListSchema, { query: { role }, signal }),
  });
}

/** POST /api/orders/{id}/returns or /not-received: the buyer opens a request. */
export function useOpenRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (
      input:
        | { kind: "return"; orderId: string; body: OpenReturnInput }
        | { kind: "not_received"; orderId: string; body: OpenNotReceivedInput },
    ) =>
      apiRequest(
        `${orderPath(input.orderId)}/${input.kind === "return" ? "returns" : "not-received"}`,
        created,
        { method: "POST", body: input.body },
      ),
    onSuccess: () => afterReturnChanged(client),
  });
}

/** POST /api/uploads: one photo for a return (checked by content on the server). */
export function uploadReturnPhoto(file: File) {
  return apiUpload("/api/uploads", uploadResultSchema, { field: "file", file });
}

export type RequestStep =
  | { step: "answer"; body: SellerAnswer }
  | { step: "ship-back"; body: ShipBackInput }
  | { step: "escalate"; body: Record<string, never> }
  | { step: "received" | "accept-offer" | "expedite" };

/** POST /api/returns/{id}/{step}: the next step of a request, by whichever side it belongs to. */
export function useRequestStep() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...step }: { id: string } & RequestStep) =>
      apiRequest(`${requestPath(id)}/${step.step}`, z.undefined(), {
        method: "POST",
        body: "body" in step ? step.body : undefined,
      }),
    onSettled: () => afterReturnChanged(client),
  });
}
