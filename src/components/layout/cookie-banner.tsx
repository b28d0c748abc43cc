import { useState } from 'react';
import { acceptCookies, hasAcceptedCookies } from '../../lib/session-storage';
import { Button } from '../ui/button';

/** The cookie notice, until the user accepts it (the accept cookie lasts 30 days). */
export function CookieBanner() {
  const [accepted, setAccepted] = useState(hasAcceptedCookies);
  if (accepted) return null;
  return (
    <section className="cookie-banner" aria-label="Cookie notice">
      <p>
        This site uses cookies that are needed to sign you in and keep your session secure. By continuing to use this site, you accept their
        use.
      </p>
      <Button
        onClick={() => {
          acceptCookies();
          setAccepted(true);
        }}
      >
        Accept cookies
      </Button>
    </section>
  );
}
