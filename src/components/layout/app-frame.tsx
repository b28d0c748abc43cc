import { Suspense, useEffect, useRef, type MouseEvent } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import defaultLogo from '../../assets/default-logo.svg';
import { setTitleBase } from '../../lib/document-title';
import { HydrationDone } from '../../lib/hydration';
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
  const location = useLocation();

  // A new screen starts at the top. Not the first one: the page is where the browser put it, and
  // where the user may have scrolled the prerendered sign-in before the app took it over.
  const scrolledFor = useRef(location.pathname);
  useEffect(() => {
    if (scrolledFor.current === location.pathname) return;
    scrolledFor.current = location.pathname;
    window.scrollTo(0, 0);
  }, [location.pathname]);

  // What changes as the brand's answer and the first paint arrive is read by the parts that show
  // it, not here: the frame is not drawn again for them, nor, with it, the screen in its main
  // landmark (which a hydrated page would then have to take over in one go: src/start.tsx).
  return (
    <div className="app-frame">
      <BrandDocument />
      <a className="app-frame__skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={focusMain}>
        {firstScreenTexts.skipToMain}
      </a>
      <header className="app-frame__header">
        <LoadingBar />
        <HeaderLogo side="start" />
        <div className="app-frame__end">
          <HeaderLogo side="end" />
          <LanguageSwitch />
        </div>
      </header>
      <div className="app-frame__notices">
        <BrandNotificationArea />
      </div>
      <main id={MAIN_CONTENT_ID} className="app-frame__main" tabIndex={-1}>
        <RouteErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={<p className="app-frame__pending">{firstScreenTexts.loading}</p>}>
            <Outlet />
            <HydrationDone />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <CookieBanner />
    </div>
  );
}

/** The brand names the document and sets its icon; nothing on the page. */
function BrandDocument() {
  const brand = useBranding().data;
  const brandName = brand?.brandName ?? null;
  // The brand's icon and logos are fetched after the first frame, which needs neither.
  const painted = useAfterFirstPaint();
  const favicon = painted ? httpsUrlOrNull(brand?.brandLinks?.faviconLink) : null;

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
  return null;
}

/** The brand's logo at one end of the header: the default at the start until the brand names its own. */
function HeaderLogo({ side }: { readonly side: 'start' | 'end' }) {
  const branding = useBranding();
  const painted = useAfterFirstPaint();
  const brand = branding.data;
  return side === 'start' ? (
    <BrandLogo
      side="start"
      pending={branding.status === 'pending' || !painted}
      src={brand?.brandLinks?.leftLogoLink}
      fallback={defaultLogo}
      alt={brand?.brandName ?? firstScreenTexts.appName}
    />
  ) : (
    <BrandLogo
      side="end"
      pending={branding.status === 'pending' || !painted}
      src={brand?.brandLinks?.rightLogoLink}
      fallback={null}
      alt=""
    />
  );
}

/** The notifications, whose HTML may link to the brand's hosts besides the portal. */
function BrandNotificationArea() {
  return <NotificationArea allowedHosts={useBrandHosts()} />;
}

function focusMain(event: MouseEvent<HTMLAnchorElement>) {
  // Hash routing owns the URL fragment: move focus without changing the location.
  event.preventDefault();
  focusMainContent();
}
