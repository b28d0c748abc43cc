import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { CAPTCHA_FOCUS_DELAY_MS } from '../../lib/constants';
import './captcha.css';
import { commonTexts } from '../../lib/messages/common';

/*
 * The captcha behind one small interface. Which implementation loads is decided when the app is
 * built (VITE_CAPTCHA_PROVIDER), by a comparison Vite turns into a constant, so a production
 * build holds only the real provider and a test build only the test double. Only the exact value
 * `test-double` (set by the committed .env.development, .env.test and .env.e2e) picks the double:
 * anything else, unset included, is the real provider.
 */
const Provider =
  import.meta.env.VITE_CAPTCHA_PROVIDER === 'test-double'
    ? lazy(() => import('./captcha-test-double').then((module) => ({ default: module.CaptchaTestDouble })))
    : lazy(() => import('./recaptcha').then((module) => ({ default: module.ReCaptchaWidget })));

interface CaptchaProps {
  /** The token once solved; null when none is valid. */
  readonly onChange: (token: string | null) => void;
  /**
   * Whether it takes focus 100 ms after it appears (the spec's delay): right where the captcha is
   * the only thing left to do (the security question), wrong where a field above it is still to
   * be filled in, since focus would leave that field while the user types.
   */
  readonly takeFocus?: boolean;
}

/** A captcha that takes focus 100 ms after it appears, unless told not to. Remount it (a new `key`) to ask again. */
export function Captcha({ onChange, takeFocus = true }: CaptchaProps) {
  const container = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const onReady = useCallback(() => setReady(true), []);

  useEffect(() => {
    if (!ready || !takeFocus) return;
    const timer = setTimeout(() => {
      container.current?.querySelector<HTMLElement>('input, iframe, button, [tabindex]')?.focus();
    }, CAPTCHA_FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ready, takeFocus]);

  return (
    <div ref={container} className="captcha" role="group" aria-label={commonTexts.securityCheck}>
      <Suspense fallback={<p className="captcha__note">{commonTexts.securityCheckLoading}</p>}>
        <Provider onChange={onChange} onReady={onReady} />
      </Suspense>
    </div>
  );
}
