import { useState } from "react";
import { toast } from "sonner";
import { type AdminRate, updateRateSchema } from "../../../../core/contracts/currencies";
import {
  CURRENCIES,
  FLOATING_CURRENCIES,
  type FloatingCurrency,
  formatRateDate,
  peggedRates,
  STALE_AFTER_DAYS,
} from "../../../../core/currencies";
import { formatDateTime } from "../../../../core/time";
import { Button } from "../../../components/ui/button";
import { SelectField } from "../../../components/ui/select-field";
import { TextField } from "../../../components/ui/text-field";
import { ApiError, UNEXPECTED_MESSAGE } from "../../../lib/api-client";
import { useAdminRates, useUpdateRate } from "../api/rates";
import { useStaff } from "../hooks/use-staff";
import { AdminPage, AdminTable, Badge, type Column, QueryView, Section } from "./admin-ui";

const today = () => new Date().toISOString().slice(0, 10);

const COLUMNS: readonly Column<AdminRate>[] = [
  {
    header: "Currency",
    rowHeader: true,
    cell: (r) => (
      <>
        <span className="font-semibold">{r.currency}</span> {r.name}
      </>
    ),
  },
  { header: "Per US dollar", numeric: true, cell: (r) => r.rate ?? "—" },
  {
    header: "As of",
    cell: (r) => (
      <span className="inline-flex flex-wrap items-center gap-2">
        {r.asOf ? formatRateDate(r.asOf) : "Never set"}
        {r.stale && <Badge tone="amber">Stale</Badge>}
      </span>
    ),
  },
  {
    header: "Changed",
    cell: (r) =>
      r.updatedAt
        ? `${formatDateTime(r.updatedAt)}${r.updatedBy ? ` by ${r.updatedBy.username}` : " (demo data)"}`
        : "—",
  },
];

function RateForm({ rates }: { rates: AdminRate[] }) {
  const update = useUpdateRate();
  const [currency, setCurrency] = useState<FloatingCurrency>("JMD");
  const [rate, setRate] = useState("");
  const [asOf, setAsOf] = useState(today);
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const current = rates.find((r) => r.currency === currency);

  return (
    <form
      aria-label="Change a rate"
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = updateRateSchema.safeParse({ rate, asOf, reason });
        if (!parsed.success) {
          const found: Record<string, string> = {};
          for (const issue of parsed.error.issues) {
            const field = String(issue.path[0] ?? "rate");
            found[field] ??= issue.message;
          }
          setErrors(found);
          return;
        }
        update.mutate(
          { currency, input: parsed.data },
          {
            onSuccess: () => {
              toast.success(`${currency} rate saved.`);
              setRate("");
              setReason("");
              setErrors({});
            },
            onError: (failure) => {
              if (failure instanceof ApiError && failure.fields) setErrors(failure.fields);
              toast.error(failure instanceof ApiError ? failure.message : UNEXPECTED_MESSAGE);
            },
          },
        );
      }}
    >
      <SelectField
        label="Currency"
        value={currency}
        options={FLOATING_CURRENCIES.map((c) => ({
          value: c,
          label: `${c}: ${CURRENCIES[c].name}`,
        }))}
        onChange={(value) => setCurrency(value as FloatingCurrency)}
      />
      <TextField
        label="Units per US dollar"
        inputMode="decimal"
        value={rate}
        placeholder={current?.rate ?? "157.35"}
        error={errors.rate}
        onChange={(event) => setRate(event.target.value)}
      />
      <TextField
        label="As of"
        type="date"
        value={asOf}
        max={today()}
        error={errors.asOf}
        onChange={(event) => setAsOf(event.target.value)}
      />
      <TextField
        label="Source or reason"
        value={reason}
        maxLength={2000}
        placeholder="Bank of Jamaica weighted average selling rate"
        error={errors.reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={update.isPending}>
          Save rate
        </Button>
      </div>
    </form>
  );
}

/**
 * /admin/rates (issue 29): the floating currencies' rates to the US dollar, with their as-of
 * dates, which buyers' approximate prices use. Admins change them (each change is in the audit
 * log); moderators read them. The pegged rates are fixed in the code and listed for reference.
 */
export function RatesPage() {
  const rates = useAdminRates();
  const { isAdmin } = useStaff();
  return (
    <AdminPage
      title="Exchange rates"
      intro={`Buyers can see approximate prices in their own currency; they always pay in US dollars. A rate older than ${STALE_AFTER_DAYS} days is stale: buyers still see it, with its date.`}
    >
      <QueryView query={rates} loading="Loading rates..." failure="We couldn't load the rates.">
        {(data) => (
          <>
            {isAdmin ? (
              <Section title="Change a rate" id="rates-change">
                <RateForm rates={data.rates} />
              </Section>
            ) : (
              <p className="text-sm text-slate-700">Only an admin can change a rate.</p>
            )}
            <Section title="Floating rates" id="rates-floating">
              <AdminTable
                label="Floating rates"
                rows={data.rates}
                rowKey={(r) => r.currency}
                columns={COLUMNS}
              />
            </Section>
            <Section title="Pegged rates" id="rates-pegged">
              <p className="text-sm text-slate-700">
                Fixed by their central banks; not edited here.{" "}
                {peggedRates()
                  .filter((r) => r.currency !== "USD")
                  .map((r) => `${r.currency} ${r.rate}`)
                  .join(" · ")}
              </p>
            </Section>
          </>
        )}
      </QueryView>
    </AdminPage>
  );
}
