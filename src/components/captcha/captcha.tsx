import { useEffect, useRef, useState } from 'react';
import { CAPTCHA_FOCUS_DELAY_MS } from '../../lib/constants';
import { env } from '../../lib/env';
import { loadReCaptcha, type ReCaptcha } from '../../lib/captcha/recaptcha-loader';
import './captcha.css';
import { commonTexts } from '../../lib/messages/common';

interface CaptchaProps {
  /** The provider's token once solved; null when none is valid (it expired or failed). */
  readonly onChange: (token: string | null) => void;
  /**
   * Whether it takes focus 100 ms after it appears (the spec's delay): right where the captcha is
   * what the page is about (the security question), wrong where a field above it is still to be
   * filled in, since focus would leave that field while the user types. Even then it takes the
   * focus only from the page or its heading, never from a control the user went to meanwhile.
   */
  readonly takeFocus?: boolean;
}

/**
 * Google reCAPTCHA v2, with this deployment's site key, taking focus 100 ms after it appears
 * unless told not to. Remount it (a new `key`) to ask again. There is no other provider, in any
 * build: the tests stand in for Google's script instead (tests/support/recaptcha-stub.js in the
 * browser, a stubbed `grecaptcha` in the component tests).
 */
export function Captcha({ onChange, takeFocus = true }: CaptchaProps) {
  const container = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const report = useRef(onChange);
  report.current = onChange;

  useEffect(() => {
    let widget: number | null = null;
    let api: ReCaptcha | null = null;
    let disposed = false;
    loadReCaptcha()
      .then((loaded) => {
        if (disposed || !container.current) return;
        api = loaded;
        widget = loaded.render(container.current, {
          sitekey: env.captchaSiteKey,
          callback: (token) => report.current(token),
          'expired-callback': () => report.current(null),
          'error-callback': () => report.current(null),
        });
        setReady(true);
      })
      .catch(() => {
        if (!disposed) setFailed(true);
      });
    return () => {
      disposed = true;
      if (api && widget !== null) api.reset(widget);
    };
  }, []);

  useEffect(() => {
    if (!ready || !takeFocus) return;
    const timer = setTimeout(() => {
      const at = document.activeElement;
      if (at && at !== document.body && !/^H[1-6]$/.test(at.tagName)) return;
      container.current?.querySelector<HTMLElement>('input, iframe, button, [tabindex]')?.focus();
    }, CAPTCHA_FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ready, takeFocus]);

  return (
    <div className="captcha" role="group" aria-label={commonTexts.securityCheck}>
      <div>
        <div ref={container} className="captcha__widget" />
        {failed ? (
          <p className="captcha__error" role="alert">
            {commonTexts.securityCheckFailed}
          </p>
        ) : null}
      </div>
    </div>
  );
}
