import { sql } from "drizzle-orm";
import type { Dashboard } from "../../../core/contracts/admin";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";

interface DayRow {
  date: string;
  newUsers: number;
  newListings: number;
  orders: number;
  gmvCents: number;
}

/**
 * The admin dashboard: per UTC day for the last 30 days (today included, zero-filled by
 * generate_series), new users, new listings, orders paid and their totals (GMV, before refunds);
 * today's, the last 7 days' and the last 30 days' figures are sums of those days, and open reports
 * are those made in each period and not yet resolved. Two queries whatever the data.
 */
export async function getDashboard(db: Db): Promise<Dashboard> {
  const daily = await rows<DayRow>(
    db,
    sql`with bounds as (
          select date_trunc('day', now() at time zone 'UTC') as today),
        days as (
          select generate_series(today - interval '29 days', today, interval '1 day') as day
          from bounds),
        first_day as (select min(day) at time zone 'UTC' as since from days),
        u as (
          select date_trunc('day', created_at at time zone 'UTC') as day, count(*)::int as n
          from users where created_at >= (select since from first_day) group by 1),
        l as (
          select date_trunc('day', created_at at time zone 'UTC') as day, count(*)::int as n
          from listings where created_at >= (select since from first_day) group by 1),
        o as (
          select date_trunc('day', paid_at at time zone 'UTC') as day, count(*)::int as n,
            sum(total_cents)::bigint as gmv
          from orders where status = 'paid' and paid_at >= (select since from first_day) group by 1)
        select to_char(days.day, 'YYYY-MM-DD') as date,
          coalesce(u.n, 0) as "newUsers", coalesce(l.n, 0) as "newListings",
          coalesce(o.n, 0) as orders, coalesce(o.gmv, 0)::float8 as "gmvCents"
        from days
          left join u on u.day = days.day
          left join l on l.day = days.day
          left join o on o.day = days.day
        order by days.day`,
  );
  const [open] = await rows<{ today: number; week: number; month: number }>(
    db,
    sql`with bounds as (select date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' as today)
        select
          count(*) filter (where r.created_at >= b.today)::int as today,
          count(*) filter (where r.created_at >= b.today - interval '6 days')::int as week,
          count(*) filter (where r.created_at >= b.today - interval '29 days')::int as month
        from bounds b left join reports r on r.status <> 'resolved'`,
  );
  const days = daily.map((d) => ({ ...d, gmvCents: Number(d.gmvCents) }));
  const sum = (from: number, openReports: number) => {
    const span = days.slice(from);
    return {
      newUsers: span.reduce((s, d) => s + d.newUsers, 0),
      newListings: span.reduce((s, d) => s + d.newListings, 0),
      orders: span.reduce((s, d) => s + d.orders, 0),
      gmvCents: span.reduce((s, d) => s + d.gmvCents, 0),
      openReports,
    };
  };
  return {
    today: sum(days.length - 1, open?.today ?? 0),
    last7Days: sum(days.length - 7, open?.week ?? 0),
    last30Days: sum(0, open?.month ?? 0),
    daily: days,
  };
}
