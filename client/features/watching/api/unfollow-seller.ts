import { apiRequest, trusted } from "../../../lib/api-client";

/** DELETE /api/me/followed-sellers/{sellerId}: 204. */
export function unfollowSeller(sellerId: string) {
  return apiRequest(
    `/api/me/followed-sellers/${encodeURIComponent(sellerId)}`,
    trusted<undefined>(),
    {
      method: "DELETE",
    },
  );
}
