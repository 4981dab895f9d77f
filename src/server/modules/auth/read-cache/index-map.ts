/** key -> set of values, as the session and dates indexes keep them (an empty set is removed). */
export function addToIndex<K, V>(index: Map<K, Set<V>>, key: K, value: V): void {
  let set = index.get(key);
  if (!set) {
    set = new Set();
    index.set(key, set);
  }
  set.add(value);
}

export function removeFromIndex<K, V>(index: Map<K, Set<V>>, key: K, value: V): void {
  const set = index.get(key);
  set?.delete(value);
  if (set?.size === 0) index.delete(key);
}

/** Whether an entry is younger than `ttlMs`. */
export function fresh(entry: { cachedAt: number } | undefined, now: number, ttlMs: number): boolean {
  return !!entry && now - entry.cachedAt < ttlMs;
}
