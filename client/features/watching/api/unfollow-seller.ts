import { z } from "zod";
import { apiRequest } from "../../../lib/api-client";

/** DELETE /api/me/followed-sellers/{sellerId}: 204. */
export function unfollowSeller(sellerId: string) {
  return apiRequest(`/api/me/followed-sellers/${encodeURIComponent(sellerId)}`, z.undefined(), {
    method: "DELETE",
  });
}
