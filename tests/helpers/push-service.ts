/**
 * A local push service for the tests and the bench: it hands out subscriptions the way a browser's push
 * service does (an endpoint, a P-256 key and an auth secret, with the private halves kept here), receives the
 * application server's POSTs, checks the VAPID JWT (RFC 8292: ES256 over the VAPID public key, audience = this
 * origin, expiry within 24 hours) and decrypts the body (RFC 8291 aes128gcm: ECDH with node:crypto, HKDF,
 * AES-128-GCM), so the real protocol is exercised end to end. Each received push is kept as decrypted JSON.
 */
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  hkdfSync,
  randomBytes,
  verify,
} from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedPush {
  subscriptionId: string;
  endpoint: string;
  /** The decrypted payload, parsed (null when decryption was skipped). */
  payload: { title: string; body: string; url: string; tag: string | null } | null;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  receivedAt: number;
}

export interface FakeSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

interface Stored {
  ecdh: ECDH;
  publicKey: Buffer;
  auth: Buffer;
  /** What this endpoint answers: 201 normally; 410 once the "browser" unsubscribed, or any forced status. */
  status: number;
}

export interface PushService {
  url: string;
  received: ReceivedPush[];
  /** Problems found in requests (bad JWT, bad encryption...): a test expects this to stay empty. */
  errors: string[];
  /** A new subscription, as PushSubscription.toJSON() gives it. `shareKeys` reuses one key pair (bench). */
  subscribe(opts?: { shareKeys?: boolean }): FakeSubscription;
  /** The endpoint answers 410 Gone from now on (the user revoked the permission). */
  unsubscribe(endpoint: string): void;
  /** The endpoint answers this status from now on (e.g. 500, 429). */
  answer(endpoint: string, status: number): void;
  /** Received pushes whose endpoint is one of these. */
  to(...endpoints: string[]): ReceivedPush[];
  close(): Promise<void>;
}

const b64u = (b: Buffer) => b.toString("base64url");

/** HKDF-SHA-256 (extract and expand) as RFC 8291 uses it. */
const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, len: number) =>
  Buffer.from(hkdfSync("sha256", ikm, salt, info, len));

/** RFC 8291 section 3.4 / RFC 8188: one aes128gcm record, decrypted with the user agent's keys. */
export function decryptAes128gcm(body: Buffer, uaEcdh: ECDH, uaPublic: Buffer, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20];
  const asPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  if (idlen !== 65) throw new Error(`keyid is ${idlen} bytes, not an uncompressed P-256 key`);
  if (record.length > rs) throw new Error("more than one record");
  const ecdhSecret = uaEcdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic]);
  const ikm = hkdf(authSecret, ecdhSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from("Content-Encoding: aes128gcm\0"), 16);
  const nonce = hkdf(salt, ikm, Buffer.from("Content-Encoding: nonce\0"), 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and then zero or more 0x00 bytes of padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("the last record's padding delimiter is missing");
  return padded.subarray(0, end);
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; answers a problem or null. */
export function checkVapid(
  authorization: string | undefined,
  origin: string,
  expectedKey: string | undefined,
  nowMs = Date.now(),
): string | null {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? "");
  if (!m) return `no VAPID authorization: ${authorization}`;
  const [, jwt, k] = m;
  if (expectedKey && k !== expectedKey) return "signed with another VAPID key";
  const [h, p, s] = jwt.split(".");
  const header = JSON.parse(Buffer.from(h, "base64url").toString()) as { alg?: string };
  if (header.alg !== "ES256") return `JWT alg ${header.alg}`;
  const raw = Buffer.from(k, "base64url");
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) },
    format: "jwk",
  });
  const ok = verify(
    "sha256",
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(s, "base64url"),
  );
  if (!ok) return "JWT signature does not verify";
  const claims = JSON.parse(Buffer.from(p, "base64url").toString()) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  if (claims.aud !== origin) return `JWT aud ${claims.aud}, expected ${origin}`;
  const exp = (claims.exp ?? 0) * 1000;
  if (exp <= nowMs || exp > nowMs + 24 * 3600_000 + 60_000) return "JWT exp not within 24 hours";
  if (!/^(mailto:|https:)/.test(claims.sub ?? "")) return `JWT sub ${claims.sub}`;
  return null;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/**
 * Starts the service. `vapidPublicKey`: the only key it accepts (the app's); `decrypt`: decrypt and check
 * every push ("all", the tests) or one in `sample` (the bench, where this process shares the CPU with the
 * sender).
 */
export async function startPushService(
  opts: { vapidPublicKey?: string; decryptEvery?: number } = {},
): Promise<PushService> {
  const subs = new Map<string, Stored>();
  const received: ReceivedPush[] = [];
  const errors: string[] = [];
  let shared: Omit<Stored, "status"> | null = null;
  let n = 0;
  let seen = 0;
  const decryptEvery = opts.decryptEvery ?? 1;

  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const id = /^\/push\/([A-Za-z0-9_-]+)$/.exec(req.url ?? "")?.[1];
    const sub = id ? subs.get(id) : undefined;
    if (req.method !== "POST" || !id || !sub) {
      res.writeHead(404).end();
      return;
    }
    if (sub.status !== 201) {
      res.writeHead(sub.status).end();
      return;
    }
    const problem = (p: string) => {
      errors.push(`${id}: ${p}`);
      res.writeHead(400).end(p);
    };
    if (req.headers["content-encoding"] !== "aes128gcm") return problem("Content-Encoding is not aes128gcm");
    const ttl = Number(req.headers.ttl);
    if (!Number.isInteger(ttl) || ttl < 0) return problem("no TTL header");
    const check = seen++ % decryptEvery === 0;
    let payload: ReceivedPush["payload"] = null;
    if (check) {
      const vapid = checkVapid(req.headers.authorization, service.url, opts.vapidPublicKey);
      if (vapid) return problem(vapid);
      try {
        payload = JSON.parse(decryptAes128gcm(body, sub.ecdh, sub.publicKey, sub.auth).toString("utf8"));
      } catch (e) {
        return problem(`cannot decrypt: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    received.push({
      subscriptionId: id,
      endpoint: `${service.url}/push/${id}`,
      payload,
      ttl,
      urgency: (req.headers.urgency as string | undefined) ?? null,
      topic: (req.headers.topic as string | undefined) ?? null,
      receivedAt: Date.now(),
    });
    res.writeHead(201, { location: `${service.url}/message/${n}` }).end();
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  const keys = (): Omit<Stored, "status"> => {
    const ecdh = createECDH("prime256v1");
    const publicKey = ecdh.generateKeys();
    return { ecdh, publicKey, auth: randomBytes(16) };
  };
  const idOf = (endpoint: string) => endpoint.split("/push/")[1];

  const service: PushService = {
    url: `http://127.0.0.1:${port}`,
    received,
    errors,
    subscribe(o = {}) {
      if (o.shareKeys && !shared) shared = keys();
      const k = o.shareKeys && shared ? shared : keys();
      const id = `${++n}-${randomBytes(6).toString("base64url")}`;
      subs.set(id, { ...k, status: 201 });
      return {
        endpoint: `${service.url}/push/${id}`,
        keys: { p256dh: b64u(k.publicKey), auth: b64u(k.auth) },
      };
    },
    unsubscribe(endpoint) {
      const s = subs.get(idOf(endpoint));
      if (s) s.status = 410;
    },
    answer(endpoint, status) {
      const s = subs.get(idOf(endpoint));
      if (s) s.status = status;
    },
    to: (...endpoints) => received.filter((r) => endpoints.includes(r.endpoint)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return service;
}
