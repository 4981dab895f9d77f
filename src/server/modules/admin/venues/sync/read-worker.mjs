// The worker's entry. Node 24 strips TypeScript types itself; an older Node (or a runner without it) gets
// the tsx loader first, so the same .ts modules run in both.
if (!process.features.typescript) {
  const { register } = await import("tsx/esm/api");
  register();
}
await import("./read-worker.ts");
