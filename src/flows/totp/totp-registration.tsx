import { useState } from 'react';
import { Outlet, useOutletContext } from 'react-router-dom';

/** The set-up's registration, as its screens share it. */
export interface TotpRegistration {
  /** The registration's `otpauth://` uri (it carries the app's secret); null before registering. */
  readonly uri: string | null;
  readonly setUri: (uri: string | null) => void;
}

/**
 * The authenticator-app set-up's screens (/totp-setup, /qr-code, /auth-app, /auth-code) share
 * the registration's uri through this route, in memory only: it holds the app's secret, so it
 * lives while these screens are open and is gone when the user leaves, finishes or cancels, or
 * reloads. The steps after the intro are behind `RequireTotpRegistration` (src/app), which
 * starts at the intro without it.
 */
export function TotpRegistrationRoute() {
  const [uri, setUri] = useState<string | null>(null);
  return <Outlet context={{ uri, setUri } satisfies TotpRegistration} />;
}

/** The registration, for a screen behind {@link TotpRegistrationRoute}. */
export function useTotpRegistration(): TotpRegistration {
  const registration = useOutletContext<TotpRegistration | undefined>();
  if (!registration) throw new Error('TotpRegistrationRoute must be above this screen in the route table');
  return registration;
}

/** The registration's uri, for a step after the intro (the route guarantees one). */
export function useTotpRegistrationUri(): string {
  const { uri } = useTotpRegistration();
  if (uri === null) throw new Error('The set-up has no registration yet');
  return uri;
}
