import { useEffect, useState } from "react";

const MINUTE_MS = 60_000;

/** The current time, updated every minute (on the minute), for countdowns. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let interval: ReturnType<typeof setInterval> | undefined;
    const tick = () => setNow(Date.now());
    // Line the ticks up with the clock's minutes, so every countdown on the page changes together.
    const first = setTimeout(
      () => {
        tick();
        interval = setInterval(tick, MINUTE_MS);
      },
      MINUTE_MS - (Date.now() % MINUTE_MS),
    );
    return () => {
      clearTimeout(first);
      if (interval) clearInterval(interval);
    };
  }, []);
  return now;
}
