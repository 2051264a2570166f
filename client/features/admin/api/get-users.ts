import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { adminUserDetailSchema, adminUserPageSchema } from "../../../../core/contracts/admin";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET /api/admin/users?q=: users whose email or username contains q. */
export function getUsers(query: { q: string; page: number }, signal?: AbortSignal) {
  return apiGet("/api/admin/users", adminUserPageSchema, { query, signal });
}

export function useUsers(query: { q: string; page: number }) {
  return useQuery({
    queryKey: queryKeys.admin.users(query),
    queryFn: ({ signal }) => getUsers(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/users/{id}: the user with their listings, orders, feedback and reports. */
export function getUser(id: string, signal?: AbortSignal) {
  return apiGet(`/api/admin/users/${encodeURIComponent(id)}`, adminUserDetailSchema, { signal });
}

export function useUser(id: string) {
  return useQuery({
    queryKey: queryKeys.admin.user(id),
    queryFn: ({ signal }) => getUser(id, signal),
  });
}
