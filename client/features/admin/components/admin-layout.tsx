import {
  ClipboardList,
  Coins,
  Flag,
  LayoutDashboard,
  type LucideIcon,
  Menu,
  Package,
  PiggyBank,
  Receipt,
  Scale,
  ShieldCheck,
  Users,
  X,
} from "lucide-react";
import { type ReactNode, useEffect, useId, useState } from "react";
import { NavLink, useLocation } from "react-router";
import { NotFoundScreen } from "../../../components/not-found-screen";
import { Spinner } from "../../../components/ui/spinner";
import { cn } from "../../../lib/cn";
import { useStaff } from "../hooks/use-staff";
import { ROLE_LABELS } from "./admin-ui";

const LINKS: { to: string; label: string; icon: LucideIcon; end?: true }[] = [
  { to: "/admin", label: "Dashboard", icon: LayoutDashboard, end: true },
  { to: "/admin/reports", label: "Reports", icon: Flag },
  { to: "/admin/users", label: "Users", icon: Users },
  { to: "/admin/listings", label: "Listings", icon: Package },
  { to: "/admin/orders", label: "Orders", icon: Receipt },
  { to: "/admin/cases", label: "Cases", icon: Scale },
  { to: "/admin/money", label: "Money", icon: PiggyBank },
  { to: "/admin/audit", label: "Audit log", icon: ClipboardList },
  { to: "/admin/rules", label: "Listing rules", icon: ShieldCheck },
  { to: "/admin/rates", label: "Exchange rates", icon: Coins },
];

/**
 * The admin area's frame: a side menu on a wide screen, a menu button that opens the same links
 * on a phone. It exists only for staff: anyone else sees the app's not-found page, as the API
 * answers them 404 (the server enforces every permission; this only keeps the screen honest).
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { role, isLoading } = useStaff();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const { pathname } = useLocation();
  // A link followed on a phone closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger
  useEffect(() => setMenuOpen(false), [pathname]);

  if (isLoading) return <Spinner label="Loading..." showLabel />;
  if (!role) return <NotFoundScreen />;

  const current = LINKS.find((link) =>
    link.end ? pathname === link.to : pathname.startsWith(link.to),
  );

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-4 px-4 py-4 lg:flex-row lg:gap-8 lg:py-8">
      <div className="lg:w-56 lg:shrink-0">
        <div className="flex items-center justify-between gap-3 rounded-xl border border-sand-200 bg-white px-3 py-2 shadow-sm lg:mb-3 lg:border-0 lg:bg-transparent lg:px-0 lg:py-0 lg:shadow-none">
          <p className="flex items-center gap-2 font-semibold text-slate-900">
            <ShieldCheck aria-hidden="true" className="size-5 text-brand-700" />
            Admin
            <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900">
              {ROLE_LABELS[role]}
            </span>
          </p>
          <button
            type="button"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
            className="inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50 lg:hidden"
          >
            {menuOpen ? (
              <X aria-hidden="true" className="size-5" />
            ) : (
              <Menu aria-hidden="true" className="size-5" />
            )}
            {current?.label ?? "Menu"}
            <span className="sr-only">: admin menu</span>
          </button>
        </div>
        <nav
          id={menuId}
          aria-label="Admin"
          className={cn(
            "mt-2 rounded-xl border border-sand-200 bg-white p-2 shadow-sm lg:sticky lg:top-4 lg:mt-0 lg:block",
            menuOpen ? "block" : "hidden",
          )}
        >
          <ul className="flex flex-col gap-0.5">
            {LINKS.map(({ to, label, icon: Icon, end }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end={end}
                  className={({ isActive }) =>
                    cn(
                      "flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium",
                      isActive
                        ? "bg-brand-700 text-white"
                        : "text-slate-800 hover:bg-brand-50 hover:text-brand-900",
                    )
                  }
                >
                  <Icon aria-hidden="true" className="size-4 shrink-0" />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
