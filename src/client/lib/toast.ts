import { type ReactNode, useEffect, useState } from "react";
import { TIMING } from "../../shared/constants.ts";

/**
 * A small toast store (the shadcn/ui pattern): at most TIMING.toastLimit toasts at once; a dismissed toast
 * stays in the list, closed, for TIMING.toastRemoveDelayMs before it is removed.
 */
export type ToastVariant = "default" | "destructive" | "success";

/** A button on the toast (e.g. Undo); `altText` tells screen-reader users how else to do it. */
export interface ToastAction {
  label: string;
  altText: string;
  onClick: () => void;
}

export interface ToastData {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  action?: ToastAction;
  /** How long it shows (ms); TIMING.toastDurationMs when not given. */
  duration?: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export type ToastInput = Omit<ToastData, "id" | "open" | "onOpenChange">;

type Action =
  | { type: "add"; toast: ToastData }
  | { type: "update"; toast: Partial<ToastData> & { id: string } }
  | { type: "dismiss"; id?: string }
  | { type: "remove"; id?: string };

interface State {
  toasts: ToastData[];
}

let count = 0;
function nextId(): string {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return String(count);
}

const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  const timer = setTimeout(() => {
    removeTimers.delete(id);
    dispatch({ type: "remove", id });
  }, TIMING.toastRemoveDelayMs);
  removeTimers.set(id, timer);
}

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case "add":
      return { toasts: [action.toast, ...state.toasts].slice(0, TIMING.toastLimit) };
    case "update":
      return { toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)) };
    case "dismiss": {
      for (const t of state.toasts) if (action.id === undefined || t.id === action.id) scheduleRemoval(t.id);
      return {
        toasts: state.toasts.map((t) =>
          action.id === undefined || t.id === action.id ? { ...t, open: false } : t,
        ),
      };
    }
    case "remove":
      return { toasts: action.id === undefined ? [] : state.toasts.filter((t) => t.id !== action.id) };
  }
}

const listeners = new Set<(state: State) => void>();
let memoryState: State = { toasts: [] };

function dispatch(action: Action) {
  memoryState = reducer(memoryState, action);
  for (const listener of listeners) listener(memoryState);
}

/** Shows a toast; returns its id and functions to update or dismiss it. */
export function toast(input: ToastInput) {
  const id = nextId();
  const dismiss = () => dispatch({ type: "dismiss", id });
  dispatch({
    type: "add",
    toast: {
      ...input,
      id,
      open: true,
      onOpenChange: (open) => {
        if (!open) dismiss();
      },
    },
  });
  return {
    id,
    dismiss,
    update: (next: ToastInput) => dispatch({ type: "update", toast: { ...next, id } }),
  };
}

/** Closes every open toast, e.g. a step's prompt once the member has moved on to another step. */
export function dismissAllToasts() {
  dispatch({ type: "dismiss" });
}

export function useToast() {
  const [state, setState] = useState<State>(memoryState);
  useEffect(() => {
    listeners.add(setState);
    // A toast raised before this subscribed (e.g. by an effect of an earlier sibling) still shows.
    setState(memoryState);
    return () => {
      listeners.delete(setState);
    };
  }, []);
  return { ...state, toast, dismiss: (id?: string) => dispatch({ type: "dismiss", id }) };
}

const CARRIED_KEY = "unveil_toast_after_navigation";

/**
 * Shows a toast that also survives the full page load about to happen (a reload, a redirect to sign in):
 * the next page shows it again for its whole duration, so a message announced just before leaving is read.
 */
export function toastAcrossNavigation(input: {
  title: string;
  description?: string;
  variant?: ToastVariant;
}) {
  toast(input);
  try {
    sessionStorage.setItem(CARRIED_KEY, JSON.stringify({ ...input, at: Date.now() }));
  } catch {
    // Storage may be unavailable (private modes): the toast still shows on this page.
  }
}

/**
 * On start-up, before anything renders: takes the toast carried over from the page before, if it is fresh
 * (under 30 seconds old). Taken this early so a toast this page carries on (a child's effect runs before
 * its parent's) is left for the next page.
 */
export function takeCarriedToast(): ToastInput | null {
  try {
    const raw = sessionStorage.getItem(CARRIED_KEY);
    if (!raw) return null;
    sessionStorage.removeItem(CARRIED_KEY);
    const carried = JSON.parse(raw) as {
      title?: unknown;
      description?: unknown;
      variant?: unknown;
      at?: unknown;
    };
    if (
      typeof carried.at !== "number" ||
      Date.now() - carried.at > 30_000 ||
      typeof carried.title !== "string"
    )
      return null;
    return {
      title: carried.title,
      description: typeof carried.description === "string" ? carried.description : undefined,
      variant:
        carried.variant === "destructive" || carried.variant === "success" ? carried.variant : "default",
    };
  } catch {
    return null;
  }
}
