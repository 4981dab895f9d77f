import {
  type UseMutateFunction,
  type UseMutationOptions,
  type UseMutationResult,
  useMutation,
} from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";

/**
 * Guards an action against running twice at once: calls made while one is still in flight are ignored.
 * A ref, not state: two clicks in the same frame both see the state from before the first one.
 *
 * `run` may return a promise (e.g. a mutation's `mutateAsync(...)`); the guard holds until it settles. Its
 * rejection is swallowed here: report errors in the mutation's own `onError`.
 */
export function useSingleFlight(): (run: () => unknown) => void {
  const inFlight = useRef(false);
  return useCallback((run: () => unknown) => {
    if (inFlight.current) return;
    inFlight.current = true;
    let result: unknown;
    try {
      result = run();
    } catch (error) {
      inFlight.current = false;
      throw error;
    }
    if (result instanceof Promise)
      result.then(
        () => {
          inFlight.current = false;
        },
        () => {
          inFlight.current = false;
        },
      );
    else inFlight.current = false;
  }, []);
}

/**
 * A task that is not a mutation (a download) run once at a time, with whether it runs: `run` while it runs is
 * ignored. The task reports its own errors; a rejection is swallowed here.
 */
export function useSingleFlightTask<A extends unknown[]>(
  task: (...args: A) => Promise<void>,
): { pending: boolean; run: (...args: A) => void } {
  const [pending, setPending] = useState(false);
  const flight = useSingleFlight();
  const run = (...args: A) =>
    flight(async () => {
      setPending(true);
      try {
        await task(...args);
      } finally {
        setPending(false);
      }
    });
  return { pending, run };
}

/**
 * `useMutation` whose `mutate` ignores calls while one is still in flight (a double click sends one
 * request). Show the pending state with `isPending` as usual.
 */
export function useSingleFlightMutation<
  TData = unknown,
  TError = Error,
  TVariables = void,
  TContext = unknown,
>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const mutation = useMutation(options);
  const flight = useSingleFlight();
  const { mutateAsync } = mutation;
  const mutate = useCallback(
    (...args: Parameters<typeof mutateAsync>) => flight(() => mutateAsync(...args)),
    [flight, mutateAsync],
  ) as UseMutateFunction<TData, TError, TVariables, TContext>;
  return { ...mutation, mutate };
}
