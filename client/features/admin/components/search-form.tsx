import { Search } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { inputClasses } from "../../../components/ui/text-field";
import { cn } from "../../../lib/cn";

/** A search box that searches on submit (Enter or the button), not on every key. */
export function SearchForm({
  label,
  placeholder,
  value,
  onSearch,
}: {
  label: string;
  placeholder?: string;
  value: string;
  onSearch: (value: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  return (
    <search className="sm:max-w-xl sm:flex-1">
      <form
        className="flex flex-col gap-1"
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(text.trim());
        }}
      >
        <label htmlFor={id} className="text-sm font-semibold text-slate-900">
          {label}
        </label>
        <div className="flex gap-2">
          <input
            id={id}
            type="search"
            value={text}
            placeholder={placeholder}
            maxLength={200}
            onChange={(event) => setText(event.target.value)}
            className={cn(inputClasses, "border-slate-400")}
          />
          <Button type="submit" className="shrink-0">
            <Search aria-hidden="true" className="size-4" />
            Search
          </Button>
        </div>
      </form>
    </search>
  );
}
