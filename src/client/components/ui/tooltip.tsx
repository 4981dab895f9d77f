import { lazy, type ReactNode, Suspense } from "react";

const RadixTooltip = lazy(() => import("./tooltip-radix.tsx"));

/**
 * A hint on hover or keyboard focus; the trigger must be focusable. Radix Tooltip and the positioning code it
 * brings (about 13 kB compressed) load with the screen that draws a tooltip, after it, rather than with every
 * member screen: until they arrive, a moment later, the trigger is there without its hint.
 */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  return (
    <Suspense fallback={children}>
      <RadixTooltip content={content}>{children}</RadixTooltip>
    </Suspense>
  );
}
