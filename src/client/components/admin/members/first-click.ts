import type { MouseEvent } from "react";

/**
 * A click handler that ignores the later clicks of a double (or triple) click: `event.detail` counts the
 * clicks of one burst. A pending-state guard alone is not enough when the server answers fast: Auto Assign's
 * refusal came back within the 24 ms between the two clicks of a double click, the button was enabled again,
 * and the second click sent a second request. Keyboard activation (detail 0) and a later single click run.
 */
export function firstClickOnly(run: () => void): (event: MouseEvent) => void {
  return (event) => {
    if (event.detail > 1) return;
    run();
  };
}
