import { lazy, Suspense, useEffect, useState } from "react";
import { useToast } from "../../lib/toast.ts";

const loadToaster = () => import("./toaster.tsx");
const Toaster = lazy(() => loadToaster().then((m) => ({ default: m.Toaster })));

/**
 * The Toaster, loaded only when it is needed: the first toast mounts it, and it is fetched in idle time
 * after start-up so it is usually there already. Keeps Radix Toast out of the code the landing page waits for.
 */
export function LazyToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  useEffect(() => {
    const prefetch = () => void loadToaster();
    if ("requestIdleCallback" in window) {
      const id = requestIdleCallback(prefetch, { timeout: 4000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(prefetch, 2000);
    return () => clearTimeout(timer);
  }, []);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
