import { lazy, type ReactNode, type RefObject, Suspense, useLayoutEffect, useRef } from "react";

const RadixTooltip = lazy(() => import("./tooltip-radix.tsx"));

/**
 * A hint on hover or keyboard focus; the trigger (`children`) must be one focusable element. Radix Tooltip
 * and the positioning code it brings (about 13 kB compressed) load with the screen that draws a tooltip,
 * after it, rather than with every member screen: until they arrive, a moment later, the trigger is there
 * without its hint. React then draws the trigger anew; focus on it moves to the new one.
 */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  const box = useRef<HTMLSpanElement>(null);
  const hadFocus = useRef(false);
  return (
    <span ref={box} className="contents">
      <Suspense
        fallback={
          <NoteFocusOnLeave box={box} hadFocus={hadFocus}>
            {children}
          </NoteFocusOnLeave>
        }
      >
        <RadixTooltip content={content}>{children}</RadixTooltip>
        <RefocusOnArrival box={box} hadFocus={hadFocus} />
      </Suspense>
    </span>
  );
}

interface FocusHandoff {
  box: RefObject<HTMLSpanElement | null>;
  hadFocus: RefObject<boolean>;
}

/** The trigger before Radix arrives: notes, as it goes (its node still in the page), whether it had focus. */
function NoteFocusOnLeave({ box, hadFocus, children }: FocusHandoff & { children: ReactNode }) {
  useLayoutEffect(
    () => () => {
      hadFocus.current = box.current?.contains(document.activeElement) ?? false;
    },
    [box, hadFocus],
  );
  return children;
}

/** Gives the new trigger the focus the old one had. */
function RefocusOnArrival({ box, hadFocus }: FocusHandoff) {
  useLayoutEffect(() => {
    if (!hadFocus.current) return;
    hadFocus.current = false;
    (box.current?.firstElementChild as HTMLElement | null)?.focus();
  }, [box, hadFocus]);
  return null;
}
