/**
 * Kept only so the files still importing it from here compile: London time lives in src/shared/london-time.ts.
 * Delete this file once nothing imports it.
 */
export { londonDay, londonDayTime } from "../shared/london-time.ts";
