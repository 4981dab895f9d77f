/**
 * The client's one way to call the API (decision 0081): every call names an endpoint declared in
 * shared/contract, and its input and answer are typed from that declaration. No screen writes an /api path or
 * names an answer's type itself, so a changed answer is a compile error wherever it is read.
 */
import { type InferDataFromTag, type QueryClient, type QueryKey, queryOptions } from "@tanstack/react-query";
import {
  type AnswerOf,
  type EndpointSpec,
  type HonoursIfMatch,
  type InputOf,
  type NeedsNoInput,
  type ParamsOf,
  pathOf,
  urlOf,
  type VersionedSpec,
} from "../../shared/contract/endpoint.ts";
import { apiRequest } from "./queryClient.ts";

/** The arguments of a call: none when the endpoint takes no input, otherwise its params, query and body. */
export type CallArgs<E extends EndpointSpec> =
  NeedsNoInput<E> extends true ? [input?: InputOf<E>] : [input: InputOf<E>];

async function answerOf<E extends EndpointSpec>(res: Response): Promise<AnswerOf<E>> {
  if (res.status === 204) return null as AnswerOf<E>;
  const body: AnswerOf<E> = await res.json();
  return body;
}

function inputOf<E extends EndpointSpec>(args: CallArgs<E>): InputOf<E> {
  const [input] = args;
  return input ?? ({} as InputOf<E>);
}

function send<E extends EndpointSpec>(ep: E, input: InputOf<E>, headers: Record<string, string> = {}) {
  const body = "body" in input ? input.body : undefined;
  return apiRequest(ep.method, urlOf(ep, input), body, headers);
}

/** Calls the endpoint and answers its JSON body; throws an ApiError (queryClient.ts) on a non-OK answer. */
export async function call<E extends EndpointSpec>(ep: E, ...args: CallArgs<E>): Promise<AnswerOf<E>> {
  return answerOf<E>(await send(ep, inputOf(args)));
}

/**
 * Reads a back-office record with its version (the ETag of its read), to send back as If-Match when it is
 * saved (decision 0070). Only an endpoint whose declaration lists the ETag header can be read so.
 */
export async function callTagged<E extends VersionedSpec>(
  ep: E,
  ...args: CallArgs<E>
): Promise<{ data: AnswerOf<E>; etag: string | null }> {
  return readTagged(ep, inputOf(args));
}

/** callTagged with its input as one value, for code generic over the endpoint. */
export async function readTagged<E extends VersionedSpec>(
  ep: E,
  input: InputOf<E>,
): Promise<{ data: AnswerOf<E>; etag: string | null }> {
  const res = await send(ep, input);
  return { data: await answerOf<E>(res), etag: res.headers.get("ETag") };
}

/**
 * Sends a change guarded by If-Match (when a version is known): a save after someone else's gets 412. Only
 * an endpoint declared to answer 412 takes one; its new version comes back when it declares the ETag header.
 */
export async function callIfMatch<E extends EndpointSpec>(
  ep: E & HonoursIfMatch<E>,
  input: InputOf<E>,
  etag: string | null | undefined,
): Promise<{ data: AnswerOf<E>; etag: string | null }> {
  const res = await send(ep, input, etag ? { "If-Match": etag } : {});
  return { data: await answerOf<E>(res), etag: res.headers.get("ETag") };
}

/** The cache key of a read: its address, so one key names one answer. */
export function keyOf<E extends EndpointSpec>(ep: E, ...args: CallArgs<E>): readonly [string] {
  return [urlOf(ep, inputOf(args))] as const;
}

/** A read as React Query takes it: `useQuery(queryOf(ep, input))`, its data typed by the declaration. */
export function queryOf<E extends EndpointSpec>(ep: E, ...args: CallArgs<E>) {
  const input = inputOf(args);
  return queryOptions({
    queryKey: [urlOf(ep, input)] as const,
    queryFn: async () => answerOf<E>(await send(ep, input)),
  });
}

/** A cached answer's address: the key's parts joined as the default query joins them. */
function addressOf(key: QueryKey): string | null {
  const parts = key.filter((p) => typeof p === "string" || typeof p === "number");
  if (parts.length !== key.length || typeof parts[0] !== "string" || !parts[0].startsWith("/api"))
    return null;
  return parts.join("/");
}

function templateRegex(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:[A-Za-z0-9_]+/g, "[^/?]+");
  return new RegExp(`^${escaped}(?=$|[/?])`);
}

/**
 * Which cached reads an invalidation reaches: every read at or under the endpoint's address (its filled path
 * when params are given, any value of each parameter otherwise), whatever its query.
 */
export function readsUnder<E extends EndpointSpec>(ep: E, params?: ParamsOf<E>) {
  const match =
    params === undefined && ep.path.includes(":")
      ? templateRegex(ep.path)
      : templateRegex(pathOf(ep, params));
  return {
    predicate: (query: { queryKey: QueryKey }) => {
      const address = addressOf(query.queryKey);
      return address !== null && match.test(address);
    },
  };
}

/**
 * Stores an answer the server just gave (after a change) as the read under `key`. A read of that key still on
 * its way, started before the change, is dropped first: landing after, it would put the old answer back.
 */
export function storeAnswer<K extends QueryKey, T = InferDataFromTag<unknown, K>>(
  client: QueryClient,
  key: K,
  /** The answer, or how it changes the stored read (a row of a list replaced, one added). */
  data: T | ((stored: T | undefined) => T | undefined),
): void {
  const plain: QueryKey = key;
  void client.cancelQueries({ queryKey: plain, exact: true });
  client.setQueryData<T>(plain, data);
}

/** Marks every read at or under the endpoint's address stale, refetching those on screen. */
export function invalidate<E extends EndpointSpec>(
  client: QueryClient,
  ep: E,
  params?: ParamsOf<E>,
): Promise<void> {
  return client.invalidateQueries(readsUnder(ep, params));
}

/** The address of a file or page the browser opens itself (a PDF, a calendar file, an export). */
export function hrefOf<E extends EndpointSpec>(ep: E, ...args: CallArgs<E>): string {
  return urlOf(ep, inputOf(args));
}
