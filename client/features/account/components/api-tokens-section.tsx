import { Copy, KeyRound } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { toast } from "sonner";
import {
  API_TOKEN_EXPIRY_DAYS,
  API_TOKEN_SCOPE_LABELS,
  API_TOKEN_SCOPES,
  type ApiToken,
  type ApiTokenScope,
  createApiTokenSchema,
} from "../../../../core/contracts/api-tokens";
import { formatDateTime, formatTimeAgo } from "../../../../core/time";
import { Button } from "../../../components/ui/button";
import { CheckboxField } from "../../../components/ui/checkbox-field";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { FormAlert } from "../../../components/ui/form-alert";
import { SelectField } from "../../../components/ui/select-field";
import { TextField } from "../../../components/ui/text-field";
import { ApiError, UNEXPECTED_MESSAGE } from "../../../lib/api-client";
import { useCreateApiToken } from "../api/create-api-token";
import { useApiTokens } from "../api/get-api-tokens";
import { useRevokeApiToken } from "../api/revoke-api-token";

const EXPIRY_OPTIONS = API_TOKEN_EXPIRY_DAYS.map((days) => ({
  value: String(days),
  label: days === 365 ? "1 year" : `${days} days`,
}));

/**
 * Personal API tokens (issue 33): make one (name, scopes, lifetime), see its secret once, and the
 * list with each token's use and a Revoke button. The secret lives only in this component's state.
 */
export function ApiTokensSection() {
  const [secret, setSecret] = useState<{ name: string; value: string } | null>(null);
  return (
    <div className="flex flex-col gap-6">
      {secret ? (
        <NewSecret name={secret.name} secret={secret.value} onDone={() => setSecret(null)} />
      ) : (
        <CreateTokenForm onCreated={(name, value) => setSecret({ name, value })} />
      )}
      <TokenList />
    </div>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (name: string, secret: string) => void }) {
  const create = useCreateApiToken();
  const scopesLegend = useId();
  const scopesError = useId();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiTokenScope[]>(["read"]);
  const [expiry, setExpiry] = useState("30");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const input = { name, scopes, expiresInDays: Number(expiry) };
    const parsed = createApiTokenSchema.safeParse(input);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? "");
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: ({ token, secret }) => {
        setName("");
        setScopes(["read"]);
        onCreated(token.name, secret);
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) setFormError(UNEXPECTED_MESSAGE);
        else if (error.fields) setErrors(error.fields);
        else setFormError(error.message);
      },
    });
  };

  const toggle = (scope: ApiTokenScope, on: boolean) =>
    setScopes((current) => (on ? [...current, scope] : current.filter((s) => s !== scope)));

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Create an API token"
      className="flex flex-col gap-4"
    >
      <FormAlert>{formError}</FormAlert>
      <TextField
        label="Token name"
        hint="What it is for, such as the name of your shop's spreadsheet."
        value={name}
        maxLength={60}
        error={errors.name}
        onChange={(event) => setName(event.target.value)}
      />
      <fieldset
        className="flex flex-col gap-3"
        aria-describedby={errors.scopes ? scopesError : undefined}
      >
        <legend id={scopesLegend} className="mb-2 text-sm font-medium text-slate-800">
          Scopes
        </legend>
        {API_TOKEN_SCOPES.map((scope) => (
          <CheckboxField
            key={scope}
            label={<span className="font-medium">{scope}</span>}
            hint={API_TOKEN_SCOPE_LABELS[scope]}
            checked={scopes.includes(scope)}
            onChange={(event) => toggle(scope, event.target.checked)}
          />
        ))}
        {errors.scopes && (
          <p id={scopesError} className="text-sm text-coral-800">
            {errors.scopes}
          </p>
        )}
      </fieldset>
      <SelectField
        label="Expires after"
        value={expiry}
        options={EXPIRY_OPTIONS}
        onChange={setExpiry}
        className="sm:max-w-60"
      />
      <Button type="submit" className="w-fit" disabled={create.isPending}>
        <KeyRound aria-hidden="true" className="size-4" />
        {create.isPending ? "Creating..." : "Create token"}
      </Button>
    </form>
  );
}

/** The secret, shown once: copy it now, it is never shown again. */
function NewSecret({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  const fieldId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast.success("Token copied.");
    } catch {
      toast.error("Could not copy. Select the token and copy it yourself.");
    }
  };
  return (
    <section
      aria-labelledby={`${fieldId}-title`}
      className="flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4"
    >
      <h3 id={`${fieldId}-title`} className="font-semibold text-slate-900">
        Your new token “{name}”
      </h3>
      <p className="text-sm text-slate-800" role="status">
        Copy it now: you won't be able to see it again. Keep it secret, as you would a password.
      </p>
      <label htmlFor={fieldId} className="sr-only">
        API token
      </label>
      <input
        id={fieldId}
        readOnly
        value={secret}
        onFocus={(event) => event.target.select()}
        className="h-11 w-full rounded-lg border border-slate-400 bg-white px-3 font-mono text-sm text-slate-900"
      />
      <div className="flex flex-wrap gap-3">
        <Button type="button" onClick={copy}>
          <Copy aria-hidden="true" className="size-4" />
          Copy token
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  );
}

function tokenState(token: ApiToken, now: number): string {
  if (token.revokedAt) return `Revoked ${formatDateTime(token.revokedAt)}`;
  if (Date.parse(token.expiresAt) <= now) return `Expired ${formatDateTime(token.expiresAt)}`;
  return `Expires ${formatDateTime(token.expiresAt)}`;
}

function TokenList() {
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const now = Date.now();

  if (tokens.isPending) return <p className="text-sm text-slate-700">Loading your tokens...</p>;
  if (tokens.isError)
    return <p className="text-sm text-coral-800">Your tokens could not be loaded.</p>;
  const items = tokens.data.items;

  return (
    <div className="flex flex-col gap-3">
      <h3 className="font-semibold text-slate-900">Your tokens</h3>
      {items.length === 0 ? (
        <p className="text-sm text-slate-700">You have no API tokens.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-sand-200 rounded-xl border border-sand-200">
          {items.map((token) => {
            const live = !token.revokedAt && Date.parse(token.expiresAt) > now;
            return (
              <li
                key={token.id}
                aria-label={token.name}
                className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between"
              >
                <div className="flex min-w-0 flex-col gap-1">
                  <p className="font-medium break-words text-slate-900">
                    {token.name}{" "}
                    <span className="font-mono text-sm font-normal text-slate-700">
                      …{token.last4}
                    </span>
                  </p>
                  <ul aria-label="Scopes" className="flex flex-wrap gap-1.5">
                    {token.scopes.map((scope) => (
                      <li
                        key={scope}
                        className="rounded-full bg-sand-100 px-2 py-0.5 text-xs font-medium text-slate-800"
                      >
                        {scope}
                      </li>
                    ))}
                  </ul>
                  <p className="text-sm text-slate-700">
                    {tokenState(token, now)} ·{" "}
                    {token.lastUsedAt
                      ? `Last used ${formatTimeAgo(token.lastUsedAt)}`
                      : "Never used"}
                  </p>
                </div>
                {live && (
                  <Button
                    variant="outline"
                    size="sm"
                    className="w-fit shrink-0"
                    aria-label={`Revoke ${token.name}`}
                    onClick={() => setRevoking(token)}
                  >
                    Revoke
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this token?"
        confirmLabel="Revoke"
        pendingLabel="Revoking..."
        confirmVariant="accent"
        pending={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              toast.success("Token revoked.");
              setRevoking(null);
            },
            onError: (error) =>
              toast.error(error instanceof ApiError ? error.message : UNEXPECTED_MESSAGE),
          });
        }}
      >
        Anything using “{revoking?.name}” stops working at once. This cannot be undone.
      </ConfirmDialog>
    </div>
  );
}
