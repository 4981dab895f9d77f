/**
 * storeAnswer (src/client/lib/api.ts): the answer a change came back with stays, even when a read of the same
 * key started before the change and lands after it (a refetch on a busy phone or network).
 */
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { storeAnswer } from "../../src/client/lib/api.ts";

type Rated = { rating: number | null };

/** A date's read started before the change, still on its way until `landOldRead` answers it. */
function readOnItsWay() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const key = ["/api/dates/7"];
  let landOldRead: (value: Rated) => void = () => {};
  const oldRead = client.fetchQuery({
    queryKey: key,
    queryFn: () => new Promise<Rated>((resolve) => (landOldRead = resolve)),
  });
  return { client, key, oldRead, landOldRead: (value: Rated) => landOldRead(value) };
}

describe("storeAnswer", () => {
  it("keeps the change's answer when an older read lands after it", async () => {
    const { client, key, oldRead, landOldRead } = readOnItsWay();
    storeAnswer(client, key, { rating: 5 });
    landOldRead({ rating: null });
    await oldRead.catch(() => undefined);
    expect(client.getQueryData(key)).toEqual({ rating: 5 });
  });

  it("without it, the older read would have won (the race it closes)", async () => {
    const { client, key, oldRead, landOldRead } = readOnItsWay();
    client.setQueryData(key, { rating: 5 });
    landOldRead({ rating: null });
    await oldRead;
    expect(client.getQueryData(key)).toEqual({ rating: null });
  });

  it("leaves reads under a longer key alone", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let landOther: (value: string) => void = () => {};
    const other = client.fetchQuery({
      queryKey: ["/api/auth/user", "deletion-preview"],
      queryFn: () => new Promise<string>((resolve) => (landOther = resolve)),
    });
    storeAnswer(client, ["/api/auth/user"], { id: 1 });
    landOther("preview");
    expect(await other).toBe("preview");
  });
});
