/**
 * npm run bench:push: the fan-out of one push to 10,000 subscriptions, against the local push service
 * (tests/helpers/push-service.ts) in this process. Each push is encrypted for its own subscription (RFC 8291)
 * and signed (VAPID) by web-push, and posted over HTTP exactly as to a real push service. The service checks
 * the JWT and decrypts one push in every 50 (it shares the CPU with the sender), and every push must arrive.
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import { loadConfig } from "../src/server/config.ts";
import { PUSH_CONCURRENCY, type PushTarget, postAll } from "../src/server/modules/push/send.ts";
import { TEST_VAPID_KEYS } from "../tests/helpers/app.ts";
import { startPushService } from "../tests/helpers/push-service.ts";

const N = Number(process.env.PUSH_BENCH_SUBSCRIPTIONS ?? 10_000);
const config = loadConfig({
  NODE_ENV: "test",
  VAPID_PUBLIC_KEY: TEST_VAPID_KEYS.publicKey,
  VAPID_PRIVATE_KEY: TEST_VAPID_KEYS.privateKey,
});
const service = await startPushService({ vapidPublicKey: TEST_VAPID_KEYS.publicKey, decryptEvery: 50 });
const targets: PushTarget[] = Array.from({ length: N }, (_, i) => {
  const s = service.subscribe({ shareKeys: true });
  return { id: i + 1, endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth };
});
const message = {
  title: "Your date is revealed",
  body: "See where you're going.",
  url: "/dates/1",
  tag: "date-1",
};

// A short warm-up (connections, JIT), then the measured fan-out.
await postAll({ config }, targets.slice(0, 200), message);
service.received.length = 0;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const r = await postAll({ config }, targets, message);
const ms = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
await service.close();

const decrypted = service.received.filter((p) => p.payload?.title === message.title).length;
console.log(`push fan-out: ${N} subscriptions, ${PUSH_CONCURRENCY} in flight, ${os.cpus().length} CPUs`);
console.log(`  sent ${r.sent.length}, gone ${r.gone.length}, failed ${r.failed.length}`);
console.log(`  time ${(ms / 1000).toFixed(2)} s, ${Math.round((N / ms) * 1000)} pushes/s`);
console.log(
  `  CPU ${((cpu.user + cpu.system) / 1000 / N).toFixed(3)} ms per push (sender and service together)`,
);
console.log(
  `  received ${service.received.length}, decrypted and checked ${decrypted}, errors ${service.errors.length}`,
);
if (r.sent.length !== N || service.received.length !== N || service.errors.length > 0) {
  console.error(`FAILED: ${r.errors.concat(service.errors).slice(0, 3).join("; ")}`);
  process.exit(1);
}
