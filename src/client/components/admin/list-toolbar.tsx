import { Download } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Button } from "../ui/button.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../ui/select.tsx";
import { SearchBox } from "./common.tsx";

/**
 * The row above a back-office list: its search box and, beside it, the list's filters. A list without filters
 * keeps the box alone on its line (no flex row), as it always has.
 */
export function ListToolbar({
  search,
  label,
  placeholder,
  children,
}: {
  /** The list's search state (`useListSearch`): the box shows `search` and a new text goes back to page 1. */
  search: { search: string; setSearch: (value: string) => void };
  label: string;
  placeholder: string;
  /** The filters (`FilterSelect`s). */
  children?: ReactNode;
}) {
  return (
    <div className={children ? "mb-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center" : "mb-4"}>
      <SearchBox label={label} placeholder={placeholder} value={search.search} onChange={search.setSearch} />
      {children}
    </div>
  );
}

export interface FilterOption<T extends string> {
  value: T;
  label: string;
}

/** A list's filter: a select whose options are value and label pairs ("All statuses" is one of them). */
export function FilterSelect<T extends string>({
  label,
  value,
  onChange,
  options,
  className = "sm:w-44",
}: {
  /** The select's accessible name ("Filter by status"). */
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: ReadonlyArray<FilterOption<T>>;
  /** The trigger's width from sm up. */
  className?: string;
}) {
  return (
    // Radix gives back a plain string; it is always one of `options`' values.
    <Select value={value} onValueChange={(v) => onChange(v as T)}>
      <SelectTrigger aria-label={label} className={className}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/**
 * A filter's value for a paged list: choosing another value goes back to the first page, since the page the
 * list was on may not exist among the filtered rows.
 */
export function useListFilter<T extends string>(
  initial: T,
  setOffset: (offset: number) => void,
): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(initial);
  const choose = (next: T) => {
    setValue(next);
    setOffset(0);
  };
  return [value, choose];
}

/** An export button in a section's actions: "Exporting..." and disabled while its download runs. */
export function ExportButton({
  download,
  label,
  size,
}: {
  /** A running download's state and its start (`useExportButton` gives both). */
  download: { pending: boolean; run: () => void };
  label: string;
  size?: "sm";
}) {
  return (
    <Button variant="outline" size={size} onClick={download.run} disabled={download.pending}>
      <Download aria-hidden />
      {download.pending ? "Exporting..." : label}
    </Button>
  );
}
