import { useRef } from "react";

/** What a dialog's content takes to send focus back where it came from when it closes. */
export interface ReturnFocusProps {
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
  /**
   * Where focus goes on closing when the control that opened the dialog is gone or cannot take focus (the
   * row just deleted, a button disabled while the dialog worked).
   */
  fallbackFocus?: () => HTMLElement | null | undefined;
}

/** True when `el` is in the page and can take focus now. */
function focusable(el: HTMLElement | null | undefined): el is HTMLElement {
  return Boolean(
    el?.isConnected &&
      el !== document.body &&
      !(el as HTMLButtonElement).disabled &&
      el.getClientRects().length,
  );
}

/**
 * Radix sends focus back to a dialog's Trigger on closing, and to <body> when the dialog was opened from
 * state by any other button (most of ours: table rows, toolbars). This remembers the control that had focus
 * as the dialog opened and returns focus there, or to `fallbackFocus` when that control is gone; a caller's
 * own handlers run first and can prevent it.
 */
export function useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus, fallbackFocus }: ReturnFocusProps) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      // Focus has not moved into the dialog yet: the active element is the one that opened it.
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const remembered = opener.current;
      opener.current = null;
      const pick = () => (focusable(remembered) ? remembered : fallbackFocus?.());
      const target = pick();
      if (!focusable(target)) {
        // A control disabled while the dialog worked comes back in the same render: try once more then.
        if (remembered || fallbackFocus) {
          event.preventDefault();
          requestAnimationFrame(() => {
            const later = pick();
            if (focusable(later)) later.focus();
          });
        }
        return;
      }
      event.preventDefault();
      target.focus();
    },
  };
}
