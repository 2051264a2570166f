import type { FastifyRequest } from "fastify";
import { requireAdmin, type Staff } from "../staff/staff.policy";

/**
 * Who may change an exchange rate: an admin. Moderators look after content and people; a rate is
 * a money setting (it changes what every buyer reads next to a price), like refunds and roles.
 * Any staff member may read the rates page.
 */
export function requireRateKeeper(request: FastifyRequest): Staff {
  return requireAdmin(request);
}
