import { useEffect, useRef } from "react";

/**
 * A heading that takes focus whenever `key` changes after the first render: when one view of a page gives
 * way to another (Forgot password, Back to sign in), the control just pressed is gone, and focus would
 * otherwise drop to <body> with nothing read out. The heading says where the member now is.
 */
export function useFocusOnChange<T extends HTMLElement>(key: string) {
  const ref = useRef<T>(null);
  const previous = useRef(key);
  useEffect(() => {
    if (previous.current === key) return;
    previous.current = key;
    ref.current?.focus();
  }, [key]);
  return ref;
}
