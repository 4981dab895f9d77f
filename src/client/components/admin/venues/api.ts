/** The venues tab's refresh after a change, and the sync upload (XHR, for upload progress). */
import type { QueryClient } from "@tanstack/react-query";
import { adminApi } from "../../../../shared/contract/admin.ts";
import { adminVenuesApi } from "../../../../shared/contract/admin-venues.ts";
import {
  type AnswerOf,
  type EndpointSpec,
  type InputOf,
  urlOf,
} from "../../../../shared/contract/endpoint.ts";
import { invalidate } from "../../../lib/api.ts";
import { ApiError } from "../../../lib/queryClient.ts";

/** Venues changed: the table, the date ideas (they show venue names) and the stat cards. */
export function refreshVenues(queryClient: QueryClient): void {
  void invalidate(queryClient, adminVenuesApi.list);
  void invalidate(queryClient, adminVenuesApi.dateIdeas);
  void invalidate(queryClient, adminApi.stats);
}

/** "Live music" from "live_music"; "Restaurant" from "restaurant". */
export { statusText as label } from "../../../lib/labels.ts";

/**
 * Sends a file as the raw body of the declared POST (with its query) and reports upload progress (0-100); the
 * answer is typed by the declaration, as call's is. A non-OK answer rejects with an ApiError like apiRequest,
 * so errorMessage and the app's 401 handling apply. (The contract layer's call sends JSON only.)
 */
export function uploadWithProgress<E extends EndpointSpec & { readonly method: "POST" }>(
  ep: E,
  input: InputOf<E>,
  body: ArrayBuffer,
  onProgress: (percent: number) => void,
): Promise<AnswerOf<E>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(ep.method, urlOf(ep, input));
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
        const answer: AnswerOf<E> = JSON.parse(xhr.responseText);
        resolve(answer);
      } catch {
        // An OK answer that is not JSON is refused like a failed one, its text as the message.
        reject(failed);
      }
    };
    xhr.onerror = () => reject(new Error("Failed to fetch"));
    xhr.send(body);
  });
}
