import { Check, type LucideIcon, Monitor, Moon, Sun } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useId } from "react";
import { THEME_CHOICES, THEME_LABELS, type ThemeChoice } from "../../../shared/theme.ts";
import { cn } from "../../lib/cn.ts";
import { setThemeChoice, useThemeChoice } from "../../lib/theme.ts";
import { Button } from "../ui/button.tsx";
import { MENU_CONTENT_CLASS, MENU_ITEM_CLASS } from "../ui/menu-styles.ts";

const ICONS: Record<ThemeChoice, LucideIcon> = { light: Sun, dark: Moon, device: Monitor };

const isChoice = (value: string): value is ThemeChoice => THEME_CHOICES.some((c) => c === value);

/**
 * The header's theme menu: a button showing the theme in use, opening three choices (menu radio items).
 * The choice is kept in this browser (lib/theme.ts) and applied at once.
 */
export function ThemeMenu({ className }: { className?: string }) {
  const choice = useThemeChoice();
  const Icon = ICONS[choice];
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Theme: ${THEME_LABELS[choice]}`}
          className={className}
        >
          <Icon aria-hidden />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          aria-label="Theme"
          className={cn(MENU_CONTENT_CLASS, "min-w-44")}
        >
          <DropdownMenu.Label className="px-3 pt-1.5 pb-1 text-xs font-medium text-muted-foreground">
            Theme
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={choice} onValueChange={(v) => isChoice(v) && setThemeChoice(v)}>
            {THEME_CHOICES.map((c) => {
              const ItemIcon = ICONS[c];
              return (
                <DropdownMenu.RadioItem key={c} value={c} className={cn(MENU_ITEM_CLASS, "gap-2.5")}>
                  <ItemIcon aria-hidden className="size-4 text-muted-foreground" />
                  <span className="flex-1">{THEME_LABELS[c]}</span>
                  <DropdownMenu.ItemIndicator>
                    <Check aria-hidden className="size-4 text-brand" />
                  </DropdownMenu.ItemIndicator>
                </DropdownMenu.RadioItem>
              );
            })}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/**
 * The same choice as three radio buttons drawn as one segmented control: in the phone menu and in Settings.
 * Native radios: one tab stop, the arrow keys move and choose.
 */
export function ThemeRadios({ className, legend = "Theme" }: { className?: string; legend?: string }) {
  const choice = useThemeChoice();
  const name = useId();
  return (
    <fieldset className={cn("grid gap-2", className)}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="grid grid-cols-3 gap-1 rounded-full border border-input p-1">
        {THEME_CHOICES.map((c) => {
          const Icon = ICONS[c];
          return (
            <label
              key={c}
              className={cn(
                "flex min-h-9 min-w-0 cursor-pointer flex-wrap items-center justify-center gap-x-1.5 rounded-full px-2 py-1 text-center text-sm font-medium transition-colors",
                "text-muted-foreground hover:text-foreground has-[:checked]:bg-primary has-[:checked]:text-primary-foreground",
                "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
              )}
            >
              <input
                type="radio"
                name={name}
                value={c}
                checked={choice === c}
                onChange={() => setThemeChoice(c)}
                className="sr-only"
              />
              <Icon aria-hidden className="size-4 shrink-0" />
              <span className="min-w-0 break-words">{THEME_LABELS[c]}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
