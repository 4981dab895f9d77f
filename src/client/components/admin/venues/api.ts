/** The venues tab's calls: URLs, query keys, and the sync upload (XHR, for upload progress). */
import type { QueryClient } from "@tanstack/react-query";
import { ApiError, parseJson } from "../../../lib/queryClient.ts";

export const VENUES_URL = "/api/admin/venues";
export const DATE_IDEAS_URL = "/api/admin/date-ideas";
export const STATS_URL = "/api/admin/stats";

/** Venues changed: the table, the date ideas (they show venue names) and the stat cards. */
export function refreshVenues(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: [VENUES_URL] });
  void queryClient.invalidateQueries({ queryKey: [DATE_IDEAS_URL] });
  void queryClient.invalidateQueries({ queryKey: [STATS_URL] });
}

/** "Live music" from "live_music"; "Restaurant" from "restaurant". */
export { statusText as label } from "../../../lib/labels.ts";

/**
 * Sends a file as the raw body of a POST and reports upload progress (0-100). A non-OK answer rejects with
 * an ApiError like apiRequest, so errorMessage and the app's 401 handling apply.
 */
export function uploadWithProgress<T>(
  url: string,
  body: ArrayBuffer,
  onProgress: (percent: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.withCredentials = true;
    xhr.setRequestHeader("Content-Type", "application/octet-stream");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.upload.onload = () => onProgress(100);
    xhr.onload = () => {
      const failed = new ApiError(xhr.status, xhr.responseText, xhr.statusText);
      if (xhr.status < 200 || xhr.status >= 300) return reject(failed);
      try {
        resolve(parseJson<T>(xhr.responseText));
      } catch {
        // An OK answer that is not JSON is refused like a failed one, its text as the message.
        reject(failed);
      }
    };
    xhr.onerror = () => reject(new Error("Failed to fetch"));
    xhr.send(body);
  });
}
