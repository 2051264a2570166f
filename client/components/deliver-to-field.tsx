import { MapPin } from "lucide-react";
import { DELIVER_TO_REQUIRED_MESSAGE } from "../../core/contracts/delivery";
import { WORLD_DESTINATION, WORLD_DESTINATION_NAME } from "../../core/delivery";
import { useTerritories } from "../lib/deliver-to";
import { SelectField } from "./ui/select-field";

const CHOOSE = "";

/**
 * The checkout's "Deliver to" (issue 29): the same territory choice as the listing page's, asked
 * before paying because the shipping charged depends on it. Until one is chosen it says so, and
 * the page keeps its pay button off; `problem` is why the choice was refused (the seller does not
 * ship there).
 */
export function DeliverToField({
  value,
  onChange,
  problem,
}: {
  value: string | null;
  onChange: (value: string) => void;
  problem?: string | null;
}) {
  const territories = useTerritories().data ?? [];
  return (
    <div className="flex flex-col gap-1.5">
      <SelectField
        label="Deliver to"
        value={value ?? CHOOSE}
        onChange={(next) => {
          if (next !== CHOOSE) onChange(next);
        }}
        options={[
          ...(value ? [] : [{ value: CHOOSE, label: "Choose your territory" }]),
          ...territories.map((t) => ({ value: t.slug, label: t.name })),
          { value: WORLD_DESTINATION, label: WORLD_DESTINATION_NAME },
        ]}
      />
      {problem ? (
        <p role="alert" className="text-sm font-medium text-coral-800">
          {problem}
        </p>
      ) : (
        !value && (
          <p className="flex items-center gap-1.5 text-sm text-slate-700">
            <MapPin aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
            {DELIVER_TO_REQUIRED_MESSAGE}
          </p>
        )
      )}
    </div>
  );
}
