/** A sheet read from an upload: its non-empty rows, each with its spreadsheet row number (header is 1). */
export interface GridRow {
  line: number;
  cells: string[];
}

/** A number as a person would type it: whole numbers without ".0", others as JavaScript prints them. */
export function numberText(n: number): string {
  if (!Number.isFinite(n)) return "";
  return Number.isInteger(n) ? n.toFixed(0) : String(n);
}

export const isBlankRow = (cells: string[]) => cells.every((c) => c.trim() === "");
