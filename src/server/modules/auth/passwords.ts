import { randomBytes, timingSafeEqual } from "node:crypto";
import { availableParallelism } from "node:os";
import { HttpError } from "../../http-error.ts";
import { hashThreads } from "./hash-worker.ts";

/** OWASP's argon2id recommendation: 19 MiB, 2 passes, parallelism 1. */
const PARAMS = { memory: 19_456, passes: 2, parallelism: 1, tagLength: 32 } as const;

/**
 * Hashing runs on threads of its own (hash-worker.ts), off the event loop and off libuv's pool. At most two
 * hashes run at once, so a burst of sign-ins cannot take 19 MiB each without bound; and never as many as the
 * machine has cores, so a burst leaves a core for the event loop and the database (bench:api measures other
 * requests' p99 during a burst of sign-ins). Only that many threads ever hash, so only they keep the memory.
 */
const MAX_CONCURRENT = Math.max(1, Math.min(2, availableParallelism() - 1));
const argon2id = hashThreads(MAX_CONCURRENT);
let running = 0;
const waiting: Array<() => void> = [];

/** Past this many waiting, sign-ins are refused at once rather than queued for ever. */
const MAX_WAITING = 64;

async function withSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT && waiting.length >= MAX_WAITING) {
    throw new HttpError(503, "We are very busy right now. Please try again in a moment.", {
      "retry-after": "5",
    });
  }
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await fn();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function derive(password: string, salt: Buffer, p: { memory: number; passes: number; parallelism: number }) {
  return withSlot(() => argon2id({ message: password, nonce: salt, tagLength: PARAMS.tagLength, ...p }));
}

const b64 = (b: Buffer) => b.toString("base64").replace(/=+$/, "");

/** Returns a PHC string: $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return `$argon2id$v=19$m=${PARAMS.memory},t=${PARAMS.passes},p=${PARAMS.parallelism}$${b64(salt)}$${b64(key)}`;
}

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  const m = stored ? PHC.exec(stored) : null;
  if (!m) {
    // Spend the same time as a real check so response times do not reveal which e-mails exist.
    await derive(password, DUMMY_SALT, PARAMS);
    return false;
  }
  const expected = Buffer.from(m[5], "base64");
  const key = await derive(password, Buffer.from(m[4], "base64"), {
    memory: Number(m[1]),
    passes: Number(m[2]),
    parallelism: Number(m[3]),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

const DUMMY_SALT = randomBytes(16);
