import { Outlet, useParams } from "react-router";
import { AdminLayout } from "../../features/admin/components/admin-layout";
import { AuditLog } from "../../features/admin/components/audit-log";
import { DashboardView } from "../../features/admin/components/dashboard-view";
import { ListingRules } from "../../features/admin/components/listing-rules";
import { ListingsList } from "../../features/admin/components/listings-list";
import { MoneyPage } from "../../features/admin/components/money-page";
import { OrderDetail } from "../../features/admin/components/order-detail";
import { OrdersList } from "../../features/admin/components/orders-list";
import { RatesPage } from "../../features/admin/components/rates-page";
import { ReportDetail, ReportsQueue } from "../../features/admin/components/reports-queue";
import { UserDetail } from "../../features/admin/components/user-detail";
import { UsersList } from "../../features/admin/components/users-list";
import { useCategories } from "../../features/catalog/api/get-categories";
import { CaseDetail, CasesList } from "../../features/returns/components/cases";

// The admin area's pages (one download, fetched the first time staff open /admin).

export function AdminLayoutPage() {
  return (
    <AdminLayout>
      <Outlet />
    </AdminLayout>
  );
}

export const AdminDashboardPage = DashboardView;
export const AdminReportsPage = ReportsQueue;
export const AdminUsersPage = UsersList;
export const AdminListingsPage = ListingsList;
export const AdminOrdersPage = OrdersList;
export const AdminAuditPage = AuditLog;
export const AdminMoneyPage = MoneyPage;
export const AdminRatesPage = RatesPage;

export function AdminReportPage() {
  const { id = "" } = useParams();
  return <ReportDetail key={id} id={id} />;
}

export function AdminUserPage() {
  const { id = "" } = useParams();
  return <UserDetail key={id} id={id} />;
}

export const AdminCasesPage = CasesList;

export function AdminCasePage() {
  const { id = "" } = useParams();
  return <CaseDetail key={id} id={id} />;
}

export function AdminOrderPage() {
  const { id = "" } = useParams();
  return <OrderDetail key={id} id={id} />;
}

/** The rules' category choice is the catalog's tree, top categories and their children. */
export function AdminRulesPage() {
  const categories = useCategories();
  const choices = (categories.data?.items ?? []).flatMap((top) => [
    { slug: top.slug, name: top.name },
    ...top.children.map((child) => ({ slug: child.slug, name: `${top.name} › ${child.name}` })),
  ]);
  return <ListingRules categories={choices} />;
}
