import { lazy, Suspense } from 'react';
import { focusMainContent } from '../layout/main-content';
import { OptionalPart } from '../layout/optional-part';
import { textOf } from '../../lib/i18n/shown-text';
import { dismissNotification, useNotifications, type ShownNotification } from '../../lib/notifications';
import { Button } from './button';
import './notification-area.css';
import { firstScreenTexts } from '../../lib/messages/first-screen';

// The sanitiser brings DOMPurify: it loads with the first HTML message, never with the first screen.
const SanitizedHtml = lazy(() => import('../../lib/sanitize-html').then((module) => ({ default: module.SanitizedHtml })));

interface NotificationAreaProps {
  /** Hosts that links in HTML messages may point to besides the portal (the brand's hosts). */
  readonly allowedHosts?: readonly string[];
}

/**
 * Where notifications appear. Errors and warnings are announced assertively, others politely;
 * the live regions exist before any message so screen readers pick up the first one.
 */
export function NotificationArea({ allowedHosts = [] }: NotificationAreaProps) {
  const items = useNotifications();
  const urgent = items.filter((item) => item.type === 'error' || item.type === 'warning');
  const calm = items.filter((item) => item.type === 'success' || item.type === 'info');
  return (
    <>
      <div role="alert" aria-live="assertive" className="notification-area__list">
        {urgent.map((item) => (
          <NotificationItem key={item.id} item={item} allowedHosts={allowedHosts} />
        ))}
      </div>
      <div role="status" aria-live="polite" className="notification-area__list">
        {calm.map((item) => (
          <NotificationItem key={item.id} item={item} allowedHosts={allowedHosts} />
        ))}
      </div>
    </>
  );
}

function NotificationItem({ item, allowedHosts }: { readonly item: ShownNotification; readonly allowedHosts: readonly string[] }) {
  return (
    <div className={`notification-area__item notification-area__item--${item.type}`}>
      <div className="notification-area__body">
        {item.title ? <p className="notification-area__title">{textOf(item.title)}</p> : null}
        {item.message ? <p className="notification-area__message">{textOf(item.message)}</p> : null}
        {item.messageHtml ? (
          <p className="notification-area__message">
            <OptionalPart name="A notification's HTML">
              <Suspense fallback={null}>
                <SanitizedHtml html={item.messageHtml} allowedHosts={allowedHosts} />
              </Suspense>
            </OptionalPart>
          </p>
        ) : null}
        {item.cta ? (
          <Button variant="link" onClick={item.cta.onClick}>
            {textOf(item.cta.text)}
          </Button>
        ) : null}
      </div>
      {item.isDismissable ? (
        <button
          type="button"
          className="notification-area__close"
          aria-label={firstScreenTexts.dismissNotification}
          onClick={(event) => {
            const hadFocus = event.currentTarget === document.activeElement;
            dismissNotification(item.id);
            // The focused button goes with its notification: focus moves to the page rather than falling to <body>.
            if (hadFocus) focusMainContent();
          }}
        >
          ×
        </button>
      ) : null}
    </div>
  );
}
