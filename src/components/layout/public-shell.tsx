import { useEffect, type MouseEvent } from 'react';
import { Outlet } from 'react-router-dom';
import { useGetPublicBranding } from '../../../generated/hooks/branding/branding';
import defaultLogo from '../../assets/default-logo.svg';
import { NotificationArea } from '../ui/notification-area';
import { BrandLogo } from './brand-logo';

/** The app name, the document title until branding names the brand. */
export const APP_NAME = 'Sign In';

/**
 * The public pages' frame: brand header, the benefits panel, the notification area and the
 * child route in the centre.
 */
export function PublicShell() {
  const branding = useGetPublicBranding({ query: { staleTime: Infinity, retry: 1 } });
  const brand = branding.data;
  const brandName = brand?.brandName ?? null;

  useEffect(() => {
    document.title = brandName ?? APP_NAME;
  }, [brandName]);

  return (
    <div className="shell">
      <a className="skip-link" href="#main-content" onClick={focusMain}>
        Skip to main content
      </a>
      <header className="shell__header">
        <BrandLogo className="shell__logo" src={brand?.brandLinks?.leftLogoLink} fallback={defaultLogo} alt={brandName ?? APP_NAME} />
        <BrandLogo className="shell__logo shell__logo--right" src={brand?.brandLinks?.rightLogoLink} fallback={null} alt="" />
      </header>
      <NotificationArea />
      <div className="shell__body">
        <aside className="shell__benefits" aria-labelledby="benefits-heading">
          <h2 id="benefits-heading">Why create an online account?</h2>
          <ul>
            <li>No more waiting for statements: see your balance whenever you like.</li>
            <li>Quickly update your account details and investment funds.</li>
            <li>Plan ahead with retirement tools.</li>
          </ul>
        </aside>
        <main id="main-content" className="shell__main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}

function focusMain(event: MouseEvent<HTMLAnchorElement>) {
  // Hash routing owns the URL fragment: move focus without changing the location.
  event.preventDefault();
  document.getElementById('main-content')?.focus();
}
