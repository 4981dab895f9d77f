/** The part of web-push@3 we use (the package ships no types). */
declare module "web-push" {
  interface PushSubscriptionJson {
    endpoint: string;
    keys: { p256dh: string; auth: string };
  }
  interface RequestOptions {
    vapidDetails?: { subject: string; publicKey: string; privateKey: string } | null;
    TTL?: number;
    urgency?: "very-low" | "low" | "normal" | "high";
    topic?: string;
    headers?: Record<string, string>;
    timeout?: number;
  }
  interface RequestDetails {
    method: "POST";
    headers: Record<string, string | number>;
    body: Buffer | null;
    endpoint: string;
  }
  interface WebPush {
    getVapidHeaders(
      audience: string,
      subject: string,
      publicKey: string,
      privateKey: string,
      contentEncoding: "aes128gcm",
      expiration?: number,
    ): { Authorization: string };
    generateVAPIDKeys(): { publicKey: string; privateKey: string };
    generateRequestDetails(
      subscription: PushSubscriptionJson,
      payload?: string | Buffer | null,
      options?: RequestOptions,
    ): RequestDetails;
  }
  const webpush: WebPush;
  export default webpush;
}
