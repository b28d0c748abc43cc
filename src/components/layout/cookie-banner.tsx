import { useState } from 'react';
import { acceptCookies, hasAcceptedCookies } from '../../lib/session-storage';
import { Button } from '../ui/button';
import './cookie-banner.css';
import { firstScreenTexts } from '../../lib/messages/first-screen';

/**
 * The cookie notice, until the user accepts it (the accept cookie lasts 30 days). It stays in
 * view at the foot of the screen but takes its own room at the end of the page, so everything
 * can be scrolled clear of it, and the page keeps focused elements out from under it.
 */
export function CookieBanner() {
  const [accepted, setAccepted] = useState(hasAcceptedCookies);
  if (accepted) return null;
  return (
    <section className="cookie-banner" aria-label={firstScreenTexts.cookieNotice}>
      <p className="cookie-banner__text">{firstScreenTexts.cookieText}</p>
      <Button
        variant="inverse"
        className="cookie-banner__accept"
        onClick={() => {
          acceptCookies();
          setAccepted(true);
          // The focused button goes with the banner: focus moves to the page rather than falling to <body>.
          document.getElementById('main-content')?.focus();
        }}
      >
        {firstScreenTexts.acceptCookies}
      </Button>
    </section>
  );
}
