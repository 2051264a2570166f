import { useState } from "react";
import { Link } from "react-router";
import type { Dashboard } from "../../../../core/contracts/admin";
import { formatMoney } from "../../../../core/money";
import { SelectField } from "../../../components/ui/select-field";
import { useDashboard } from "../api/get-dashboard";
import { AdminPage, AdminTable, type Column, QueryView, Section } from "./admin-ui";
import { DailyChart, formatDay } from "./daily-chart";

type Figure = keyof Dashboard["today"];
type Series = Exclude<Figure, "openReports">;

const count = (value: number) => value.toLocaleString("en-US");
// Whole dollars on the axis and in the cards: cents would only crowd them.
const money = (cents: number) => formatMoney(Math.round(cents / 100) * 100).replace(/\.00$/, "");

const FIGURES: { key: Figure; label: string; format: (value: number) => string }[] = [
  { key: "newUsers", label: "New users", format: count },
  { key: "newListings", label: "New listings", format: count },
  { key: "orders", label: "Orders", format: count },
  { key: "gmvCents", label: "GMV (paid)", format: money },
  { key: "openReports", label: "Open reports", format: count },
];

const SERIES: { value: Series; label: string }[] = [
  { value: "newUsers", label: "New users" },
  { value: "newListings", label: "New listings" },
  { value: "orders", label: "Orders" },
  { value: "gmvCents", label: "GMV (paid)" },
];

type Day = Dashboard["daily"][number];

// The table beside the chart gives exact figures, cents included.
const DAY_COLUMNS: Column<Day>[] = [
  { header: "Day", rowHeader: true, cell: (day) => formatDay(day.date) },
  ...SERIES.map(
    ({ value, label }): Column<Day> => ({
      header: label,
      numeric: true,
      cell: (day) => (value === "gmvCents" ? formatMoney(day[value]) : count(day[value])),
    }),
  ),
];

const PERIODS = [
  { key: "today", label: "Today" },
  { key: "last7Days", label: "7 days" },
  { key: "last30Days", label: "30 days" },
] as const;

function Figures({ dashboard }: { dashboard: Dashboard }) {
  return (
    <ul aria-label="Figures" className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-5">
      {FIGURES.map(({ key, label, format }) => (
        <li
          key={key}
          className="flex flex-col gap-2 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm"
        >
          <h2 className="text-sm font-semibold text-slate-700">
            {key === "openReports" ? (
              <Link to="/admin/reports" className="text-brand-800 hover:underline">
                {label}
              </Link>
            ) : (
              label
            )}
          </h2>
          <p className="text-3xl font-bold text-slate-900 tabular-nums">
            {format(dashboard.today[key])}
            <span className="sr-only"> today</span>
          </p>
          <dl className="grid grid-cols-2 gap-x-3 text-sm">
            {PERIODS.slice(1).map((period) => (
              <div key={period.key} className="flex flex-col">
                <dt className="text-slate-700">{period.label}</dt>
                <dd className="font-semibold text-slate-900 tabular-nums">
                  {format(dashboard[period.key][key])}
                </dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** /admin: today's, the week's and the month's figures, and a chart of one daily series. */
export function DashboardView() {
  const dashboard = useDashboard();
  const [series, setSeries] = useState<Series>("newUsers");
  const shown = SERIES.find((s) => s.value === series) ?? SERIES[0];
  const format = series === "gmvCents" ? money : count;

  return (
    <AdminPage
      title="Dashboard"
      intro="Today's figures, with the last 7 and 30 days under each; then the last 30 days, day by day."
    >
      <QueryView
        query={dashboard}
        loading="Loading figures..."
        failure="We couldn't load the figures."
      >
        {(data) => (
          <>
            <Figures dashboard={data} />
            <Section title="Last 30 days" id="dashboard-chart">
              <SelectField
                label="Show"
                value={series}
                options={SERIES}
                onChange={(value) => setSeries(value as Series)}
                className="sm:w-60"
              />
              <DailyChart
                points={data.daily.map((day) => ({ date: day.date, value: day[series] }))}
                label={shown?.label ?? ""}
                format={format}
              />
              <details className="text-sm">
                <summary className="cursor-pointer font-semibold text-brand-800">
                  Show the numbers as a table
                </summary>
                <AdminTable
                  label="Daily figures"
                  caption="Daily figures, last 30 days"
                  rows={data.daily}
                  rowKey={(day) => day.date}
                  columns={DAY_COLUMNS}
                  className="mt-2"
                />
              </details>
            </Section>
          </>
        )}
      </QueryView>
    </AdminPage>
  );
}
