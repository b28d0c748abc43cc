import { Suspense, useEffect, useRef, type MouseEvent } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import defaultLogo from '../../assets/default-logo.svg';
import { setTitleBase } from '../../lib/document-title';
import { useBrandHosts, useBranding } from '../../lib/public-content';
import { httpsUrlOrNull } from '../../lib/safe-url';
import { useAfterFirstPaint } from '../../lib/use-after-first-paint';
import { LoadingBar } from '../ui/loading-bar';
import { NotificationArea } from '../ui/notification-area';
import './app-frame.css';
import { BrandLogo } from './brand-logo';
import { CookieBanner } from './cookie-banner';
import { focusMainContent, MAIN_CONTENT_ID } from './main-content';
import { LanguageSwitch } from './language-switch';
import { RouteErrorBoundary } from './route-error-boundary';
import { firstScreenTexts } from '../../lib/messages/first-screen';

/**
 * The frame of every page: brand header, loading bar, notification area, the route in the
 * main landmark (behind an error boundary, so a failing screen never leaves the page white),
 * and the cookie banner. The brand also names the document and sets its icon.
 */
export function AppFrame() {
  const branding = useBranding();
  const brand = branding.data;
  const brandName = brand?.brandName ?? null;
  // The brand's icon and logos are fetched after the first frame, which needs neither.
  const painted = useAfterFirstPaint();
  const favicon = painted ? httpsUrlOrNull(brand?.brandLinks?.faviconLink) : null;
  const brandHosts = useBrandHosts();
  const location = useLocation();

  const appName = firstScreenTexts.appName;
  useEffect(() => {
    setTitleBase(brandName ?? appName);
  }, [brandName, appName]);

  useEffect(() => {
    if (!favicon) return;
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) return;
    const previous = { href: link.href, type: link.type };
    link.href = favicon;
    link.removeAttribute('type');
    return () => {
      link.href = previous.href;
      link.type = previous.type;
    };
  }, [favicon]);

  // A new screen starts at the top. Not the first one: the page is where the browser put it, and
  // where the user may have scrolled the prerendered sign-in before the app took it over.
  const scrolledFor = useRef(location.pathname);
  useEffect(() => {
    if (scrolledFor.current === location.pathname) return;
    scrolledFor.current = location.pathname;
    window.scrollTo(0, 0);
  }, [location.pathname]);

  return (
    <div className="app-frame">
      <a className="app-frame__skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={focusMain}>
        {firstScreenTexts.skipToMain}
      </a>
      <header className="app-frame__header">
        <LoadingBar />
        <BrandLogo
          side="start"
          pending={branding.status === 'pending' || !painted}
          src={brand?.brandLinks?.leftLogoLink}
          fallback={defaultLogo}
          alt={brandName ?? firstScreenTexts.appName}
        />
        <div className="app-frame__end">
          <BrandLogo
            side="end"
            pending={branding.status === 'pending' || !painted}
            src={brand?.brandLinks?.rightLogoLink}
            fallback={null}
            alt=""
          />
          <LanguageSwitch />
        </div>
      </header>
      <div className="app-frame__notices">
        <NotificationArea allowedHosts={brandHosts} />
      </div>
      <main id={MAIN_CONTENT_ID} className="app-frame__main" tabIndex={-1}>
        <RouteErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={<p className="app-frame__pending">{firstScreenTexts.loading}</p>}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <CookieBanner />
    </div>
  );
}

function focusMain(event: MouseEvent<HTMLAnchorElement>) {
  // Hash routing owns the URL fragment: move focus without changing the location.
  event.preventDefault();
  focusMainContent();
}
