import type { FollowedSeller } from "../../../../core/contracts/watching";
import { apiRequest, trusted } from "../../../lib/api-client";

/** PUT /api/me/followed-sellers/{sellerId}: follow (idempotent); 422 for oneself or a full list. */
export function followSeller(sellerId: string) {
  return apiRequest(
    `/api/me/followed-sellers/${encodeURIComponent(sellerId)}`,
    trusted<FollowedSeller>(),
    { method: "PUT" },
  );
}
