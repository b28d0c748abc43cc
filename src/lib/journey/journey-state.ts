/**
 * In-memory state of a sign-in journey that several screens share: where Back on the phone
 * screen goes. Forgotten on reload, like the held credentials.
 */
let phoneBackRoute: string | null = null;

export function setPhoneBackRoute(route: string | null): void {
  phoneBackRoute = route;
}

export function getPhoneBackRoute(): string | null {
  return phoneBackRoute;
}
