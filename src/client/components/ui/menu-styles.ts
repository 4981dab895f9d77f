/** The look of a drop-down menu (Radix DropdownMenu): its panel and its items, the same in every menu. */
export const MENU_CONTENT_CLASS =
  "z-50 rounded-xl border border-border bg-surface p-1 text-surface-foreground shadow-lg data-[state=open]:animate-fade-in";

export const MENU_ITEM_CLASS =
  "flex cursor-default items-center rounded-lg px-3 py-2 text-sm outline-none select-none focus:bg-muted data-[highlighted]:bg-muted";
