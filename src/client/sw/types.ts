/**
 * The few service-worker types the worker uses. TypeScript's "WebWorker" library cannot sit beside "DOM" in
 * one project, so these are declared here, to the specification's shapes.
 */

export interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

export interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}

export interface PushMessageData {
  json(): unknown;
  text(): string;
}

export interface PushEvent extends ExtendableEvent {
  readonly data: PushMessageData | null;
}

export interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification & { data: unknown };
  readonly action: string;
}

export interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
  readonly ports: ReadonlyArray<MessagePort>;
}

export interface WindowClientLike {
  readonly url: string;
  readonly focused: boolean;
  focus(): Promise<WindowClientLike>;
  navigate(url: string): Promise<WindowClientLike | null>;
}

export interface ClientsLike {
  matchAll(options: {
    type: "window";
    includeUncontrolled: boolean;
  }): Promise<ReadonlyArray<WindowClientLike>>;
  openWindow(url: string): Promise<WindowClientLike | null>;
  claim(): Promise<void>;
}

export interface ShowNotificationOptions {
  body: string;
  tag: string;
  data: { url: string };
  icon: string;
  badge: string;
}

export interface RegistrationLike {
  showNotification(title: string, options: ShowNotificationOptions): Promise<void>;
}

export interface ServiceWorkerScope {
  readonly location: Location;
  readonly registration: RegistrationLike;
  readonly clients: ClientsLike;
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  addEventListener(type: "push", listener: (event: PushEvent) => void): void;
  addEventListener(type: "notificationclick", listener: (event: NotificationEvent) => void): void;
  addEventListener(type: "message", listener: (event: ExtendableMessageEvent) => void): void;
}
