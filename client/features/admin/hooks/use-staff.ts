import type { StaffRole } from "../../../../core/contracts/admin";
import { useSession } from "../../../lib/session";

/** Who is using the admin area: the server enforces every permission; this only hides controls. */
export function useStaff(): {
  id: string | null;
  role: StaffRole | null;
  isAdmin: boolean;
  isLoading: boolean;
} {
  const { user, isLoading } = useSession();
  const role = user?.staffRole ?? null;
  return { id: user?.id ?? null, role, isAdmin: role === "admin", isLoading };
}
