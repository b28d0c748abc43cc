import { useSyncExternalStore } from 'react';
import { acceptCookies, hasAcceptedCookies } from '../../lib/session-storage';
import { Button } from '../ui/button';
import { focusMainContent } from './main-content';
import './cookie-banner.css';
import { firstScreenTexts } from '../../lib/messages/first-screen';

const acceptedListeners = new Set<() => void>();
const notAccepted = () => false;

function onAccepted(listener: () => void): () => void {
  acceptedListeners.add(listener);
  return () => void acceptedListeners.delete(listener);
}

/**
 * The cookie notice, until the user accepts it (the accept cookie lasts 30 days). It stays in
 * view at the foot of the screen but takes its own room at the end of the page, so everything
 * can be scrolled clear of it, and the page keeps focused elements out from under it.
 */
export function CookieBanner() {
  // The prerendered page (src/prerender.tsx) shows the notice; hydrated, it reads the cookie.
  const accepted = useSyncExternalStore(onAccepted, hasAcceptedCookies, notAccepted);
  if (accepted) return null;
  return (
    <section className="cookie-banner" aria-label={firstScreenTexts.cookieNotice}>
      <p className="cookie-banner__text">{firstScreenTexts.cookieText}</p>
      <Button
        variant="inverse"
        className="cookie-banner__accept"
        onClick={() => {
          acceptCookies();
          for (const listener of [...acceptedListeners]) listener();
          // The focused button goes with the banner: focus moves to the page rather than falling to <body>.
          focusMainContent();
        }}
      >
        {firstScreenTexts.acceptCookies}
      </Button>
    </section>
  );
}
