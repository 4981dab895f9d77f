import { Tooltip as TooltipPrimitive } from "radix-ui";
import type { ReactNode } from "react";
import { TIMING } from "../../../shared/constants.ts";

/** Radix Tooltip, with a provider of its own (no screen shows two tooltips): loaded by tooltip.tsx. */
export default function RadixTooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider
      delayDuration={TIMING.tooltipDelayMs}
      skipDelayDuration={TIMING.tooltipSkipDelayMs}
    >
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            sideOffset={6}
            className="z-50 max-w-64 rounded-md bg-foreground px-3 py-1.5 text-xs text-background shadow-md animate-fade-in"
          >
            {content}
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
