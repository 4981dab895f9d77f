/**
 * The client's screens, as the server needs to know them: any other address is answered with a 404
 * status (the app still renders its not-found screen), and only the landing page may be indexed.
 */
export const CLIENT_ROUTES: readonly RegExp[] = [
  /^\/$/,
  /^\/auth$/,
  /^\/login$/,
  /^\/partner-invite$/,
  /^\/dashboard$/,
  /^\/onboarding$/,
  /^\/subscription$/,
  /^\/subscription\/complete$/,
  /^\/dates\/[^/]+$/,
  /^\/settings$/,
  /^\/billing$/,
  /^\/support$/,
  /^\/support\/[^/]+$/,
  /^\/gift$/,
  /^\/gift\/manage$/,
  /^\/gift\/redeem$/,
  /^\/admin$/,
  /^\/admin\/members\/[^/]+$/,
  /^\/venue-booking\/[^/]+$/,
];

export function isClientRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return CLIENT_ROUTES.some((r) => r.test(path));
}
