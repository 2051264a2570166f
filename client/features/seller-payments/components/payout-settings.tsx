import { type FormEvent, useEffect, useState } from "react";
import {
  payoutScheduleSchema,
  type PayoutSettings as Settings,
  sandboxOnboardingSchema,
} from "../../../../core/contracts/seller-payments";
import { formatMoney, parseMoneyToCents } from "../../../../core/money";
import { Button } from "../../../components/ui/button";
import { ErrorState } from "../../../components/ui/error-state";
import { FormAlert } from "../../../components/ui/form-alert";
import { SelectField } from "../../../components/ui/select-field";
import { Spinner } from "../../../components/ui/spinner";
import { TextField } from "../../../components/ui/text-field";
import { ApiError } from "../../../lib/api-client";
import { useOnboard, usePayoutSettings, useSaveSchedule } from "../api/seller-payments-api";
import { Panel } from "./money-parts";

const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

const ONBOARDING_TEXT = {
  not_started: "You have not set up payouts yet. Sales still count: the money waits until you do.",
  pending: "Your payout setup is not finished yet.",
  enabled: "Payouts are set up.",
} as const;

/** Field errors of a zod result, by field name (the first message of each). */
function fieldErrors(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? "");
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The sandbox's own onboarding: the bank account payouts go to (test numbers may fail later). */
function SandboxBankForm({ settings }: { settings: Settings }) {
  const onboard = useOnboard();
  const [values, setValues] = useState({
    holderName: settings.holderName ?? "",
    bankName: settings.bankName ?? "",
    accountNumber: "",
    routingNumber: "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    const parsed = sandboxOnboardingSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    onboard.mutate(parsed.data, {
      onSuccess: () => {
        setDone(true);
        setValues((v) => ({ ...v, accountNumber: "", routingNumber: "" }));
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) setErrors(error.fields);
      },
    });
  };
  const field = (name: keyof typeof values) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: event.target.value })),
  });
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="bank-heading"
      className="flex flex-col gap-3"
    >
      <h3 id="bank-heading" className="text-lg font-semibold text-slate-900">
        {settings.bankLast4 ? "Change your bank account" : "Your bank account"}
      </h3>
      {settings.bankLast4 && (
        <p className="text-sm text-slate-700">
          Payouts go to {settings.bankName ?? "your bank"}, account ending {settings.bankLast4}.
        </p>
      )}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField label="Account holder's name" autoComplete="name" {...field("holderName")} />
        <TextField label="Bank name" {...field("bankName")} />
        <TextField
          label="Account number"
          inputMode="numeric"
          autoComplete="off"
          hint="6 to 17 digits."
          {...field("accountNumber")}
        />
        <TextField
          label="Routing number"
          inputMode="numeric"
          autoComplete="off"
          hint="9 digits."
          {...field("routingNumber")}
        />
      </div>
      <FormAlert>
        {onboard.isError && !(onboard.error instanceof ApiError && onboard.error.fields)
          ? onboard.error.message
          : null}
      </FormAlert>
      <FormAlert tone="success">{done ? "Your bank account is saved." : null}</FormAlert>
      <div>
        <Button type="submit" disabled={onboard.isPending}>
          {onboard.isPending ? "Saving..." : "Save bank account"}
        </Button>
      </div>
    </form>
  );
}

/** With Stripe: onboarding happens on Stripe's pages; this sends the seller there. */
function StripeOnboarding({ settings }: { settings: Settings }) {
  const onboard = useOnboard();
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-700">
        Stripe, our payment partner, checks who you are and where to send your money.
      </p>
      <FormAlert>{onboard.isError ? onboard.error.message : null}</FormAlert>
      <div>
        <Button
          disabled={onboard.isPending}
          onClick={() =>
            onboard.mutate(undefined, {
              onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
            })
          }
        >
          {settings.onboarding === "not_started"
            ? "Set up payouts with Stripe"
            : settings.onboarding === "pending"
              ? "Continue setup with Stripe"
              : "Update your details with Stripe"}
        </Button>
      </div>
    </div>
  );
}

/** How often the seller is paid, and the least amount worth a payout. */
function ScheduleForm({ settings }: { settings: Settings }) {
  const save = useSaveSchedule();
  const [schedule, setSchedule] = useState(settings.schedule);
  const [weeklyDay, setWeeklyDay] = useState(settings.weeklyDay);
  const [minimum, setMinimum] = useState((settings.minimumCents / 100).toFixed(2));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    setSchedule(settings.schedule);
    setWeeklyDay(settings.weeklyDay);
    setMinimum((settings.minimumCents / 100).toFixed(2));
  }, [settings]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const cents = parseMoneyToCents(minimum);
    const parsed = payoutScheduleSchema.safeParse({
      schedule,
      weeklyDay,
      minimumCents: cents ?? Number.NaN,
    });
    if (!parsed.success || cents === null) {
      setErrors(
        cents === null
          ? { minimumCents: "Enter the minimum in dollars, like 25.00" }
          : fieldErrors(parsed.error?.issues ?? []),
      );
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => setSaved(true),
      onError: (error) => {
        if (error instanceof ApiError && error.fields) setErrors(error.fields);
      },
    });
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="schedule-heading"
      className="flex flex-col gap-3"
    >
      <h3 id="schedule-heading" className="text-lg font-semibold text-slate-900">
        Payout schedule
      </h3>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <SelectField
          label="How often"
          value={schedule}
          onChange={(value) => setSchedule(value === "weekly" ? "weekly" : "daily")}
          options={[
            { value: "daily", label: "Daily" },
            { value: "weekly", label: "Weekly" },
          ]}
        />
        {schedule === "weekly" && (
          <SelectField
            label="Day of the week"
            value={String(weeklyDay)}
            onChange={(value) => setWeeklyDay(Number(value))}
            options={DAYS.map((day, index) => ({ value: String(index), label: day }))}
          />
        )}
        <TextField
          label="Minimum payout (USD)"
          inputMode="decimal"
          value={minimum}
          error={errors.minimumCents}
          hint={`At least ${formatMoney(100)}. Less than this waits for the next payout.`}
          onChange={(event) => setMinimum(event.target.value)}
        />
      </div>
      <FormAlert>
        {save.isError && !(save.error instanceof ApiError && save.error.fields)
          ? save.error.message
          : null}
      </FormAlert>
      <FormAlert tone="success">{saved ? "Your payout schedule is saved." : null}</FormAlert>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save schedule"}
        </Button>
      </div>
    </form>
  );
}

/** Onboarding status and link (or the sandbox's bank form), and the payout schedule. */
export function PayoutSettingsPanel() {
  const settings = usePayoutSettings();
  return (
    <Panel id="settings-heading" title="Payout settings">
      {settings.isPending ? (
        <Spinner label="Loading your payout settings..." showLabel />
      ) : settings.isError ? (
        <ErrorState
          message="We couldn't load your payout settings."
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <div className="flex flex-col gap-6">
          <p className="text-slate-900" data-testid="onboarding-status">
            {ONBOARDING_TEXT[settings.data.onboarding]}
          </p>
          {settings.data.provider === "stripe" ? (
            <StripeOnboarding settings={settings.data} />
          ) : (
            <SandboxBankForm settings={settings.data} />
          )}
          <ScheduleForm settings={settings.data} />
        </div>
      )}
    </Panel>
  );
}
