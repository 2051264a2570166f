import { Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { createListingRuleSchema, type ListingRule } from "../../../../core/contracts/admin";
import { Button } from "../../../components/ui/button";
import { SelectField } from "../../../components/ui/select-field";
import { TextField } from "../../../components/ui/text-field";
import { ApiError, UNEXPECTED_MESSAGE } from "../../../lib/api-client";
import { useAddListingRule, useDeleteListingRule, useListingRules } from "../api/listing-rules";
import { useStaff } from "../hooks/use-staff";
import { AdminPage, QueryView, Section } from "./admin-ui";

export interface RuleCategory {
  slug: string;
  name: string;
}

function RuleList({
  rules,
  kind,
  canEdit,
}: {
  rules: ListingRule[];
  kind: ListingRule["kind"];
  canEdit: boolean;
}) {
  const remove = useDeleteListingRule();
  const shown = rules.filter((rule) => rule.kind === kind);
  if (shown.length === 0) {
    return (
      <p className="text-sm text-slate-700">
        {kind === "word" ? "No prohibited words." : "No held categories."}
      </p>
    );
  }
  return (
    <ul className="flex flex-wrap gap-2">
      {shown.map((rule) => (
        <li
          key={rule.id}
          className="inline-flex items-center gap-1 rounded-full border border-sand-300 bg-sand-50 py-1 pr-1 pl-3 text-sm text-slate-900"
        >
          {rule.label}
          {canEdit ? (
            <button
              type="button"
              aria-label={`Delete rule ${rule.label}`}
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(rule.id, {
                  onSuccess: () => toast.success(`Rule "${rule.label}" deleted.`),
                  onError: (failure) =>
                    toast.error(failure instanceof ApiError ? failure.message : UNEXPECTED_MESSAGE),
                })
              }
              className="inline-flex size-7 items-center justify-center rounded-full text-coral-800 hover:bg-coral-50"
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </button>
          ) : (
            <span className="pr-2" />
          )}
        </li>
      ))}
    </ul>
  );
}

function AddRule({ categories }: { categories: RuleCategory[] }) {
  const add = useAddListingRule();
  const [word, setWord] = useState("");
  const [wordError, setWordError] = useState<string | undefined>();
  const [category, setCategory] = useState("");

  const send = (kind: "word" | "category", value: string, done: () => void) => {
    const parsed = createListingRuleSchema.safeParse({ kind, value });
    if (!parsed.success) {
      setWordError(parsed.error.issues[0]?.message);
      return;
    }
    add.mutate(parsed.data, {
      onSuccess: (rule) => {
        toast.success(`Rule "${rule.label}" added.`);
        done();
      },
      onError: (failure) => {
        const message = failure instanceof ApiError ? failure.message : UNEXPECTED_MESSAGE;
        if (kind === "word") setWordError(message);
        else toast.error(message);
      },
    });
  };

  return (
    <div className="grid gap-4 md:grid-cols-2">
      <form
        aria-label="Add a word"
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          send("word", word, () => setWord(""));
        }}
      >
        <TextField
          label="Word or phrase"
          value={word}
          maxLength={100}
          error={wordError}
          onChange={(event) => {
            setWord(event.target.value);
            setWordError(undefined);
          }}
          className="flex-1"
        />
        <Button type="submit" disabled={add.isPending} className={wordError ? "mb-7" : undefined}>
          Add word
        </Button>
      </form>
      <form
        aria-label="Add a category"
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (category) send("category", category, () => setCategory(""));
        }}
      >
        <SelectField
          label="Category"
          value={category}
          options={[
            { value: "", label: "Choose a category" },
            ...categories.map((c) => ({ value: c.slug, label: c.name })),
          ]}
          onChange={setCategory}
          className="flex-1"
        />
        <Button type="submit" disabled={add.isPending || !category}>
          Add category
        </Button>
      </form>
    </div>
  );
}

/**
 * /admin/rules: the words and categories that hold a new listing for review. Admins edit them;
 * moderators read them. `categories` come from the page (the catalog's tree).
 */
export function ListingRules({ categories }: { categories: RuleCategory[] }) {
  const rules = useListingRules();
  const { isAdmin } = useStaff();
  return (
    <AdminPage
      title="Listing rules"
      intro="A new listing whose title or description contains one of these words, or that is listed in one of these categories (or under them), is held for review instead of going live. The seller is told why."
    >
      {isAdmin && (
        <Section title="Add a rule" id="rules-add">
          <AddRule categories={categories} />
        </Section>
      )}
      <QueryView query={rules} loading="Loading rules..." failure="We couldn't load the rules.">
        {(data) => (
          <>
            <Section title="Prohibited words" id="rules-words">
              <RuleList rules={data.items} kind="word" canEdit={isAdmin} />
            </Section>
            <Section title="Held categories" id="rules-categories">
              <RuleList rules={data.items} kind="category" canEdit={isAdmin} />
            </Section>
            {!isAdmin && (
              <p className="text-sm text-slate-700">Only an admin can change the rules.</p>
            )}
          </>
        )}
      </QueryView>
    </AdminPage>
  );
}
