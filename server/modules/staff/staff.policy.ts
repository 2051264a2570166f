import type { FastifyRequest } from "fastify";
import type { SessionUser } from "../../../core/contracts/accounts";
import type { StaffRole } from "../../../core/contracts/admin";
import { ERROR_CODES } from "../../../core/errors";
import { AppError, notFound } from "../../errors";

/** A signed-in member of staff. */
export type Staff = SessionUser & { staffRole: StaffRole };

/**
 * The admin area does not exist for anyone but staff: every /api/admin path answers 404 to a
 * visitor and to an ordinary user alike, so nobody learns its shape by probing it.
 */
export function requireStaff(request: FastifyRequest): Staff {
  const user = request.user;
  if (!user || (user.staffRole !== "moderator" && user.staffRole !== "admin")) throw notFound();
  return user as Staff;
}

/**
 * Admin-only actions (roles, refunds, listing rules). A moderator knows the area exists, so they
 * are told plainly (403) rather than shown a 404.
 */
export function requireAdmin(request: FastifyRequest): Staff {
  const staff = requireStaff(request);
  if (staff.staffRole !== "admin")
    throw new AppError(403, ERROR_CODES.forbidden, "Only an admin can do that.");
  return staff;
}
