import { useEffect, useRef, useState } from 'react';
import { env } from '../../lib/env';
import { loadReCaptcha } from '../../lib/captcha/recaptcha-loader';
import './captcha.css';
import { commonTexts } from '../../lib/messages/common';

interface ReCaptchaWidgetProps {
  /** The provider's response token once solved; null when it expires or fails. */
  readonly onChange: (token: string | null) => void;
  readonly onReady: () => void;
}

/**
 * Google reCAPTCHA v2, with this deployment's site key. There is no other provider, in any build:
 * the tests stand in for Google's script instead (tests/support/recaptcha-stub.js in the browser,
 * a stubbed `grecaptcha` in the component tests).
 */
export function ReCaptchaWidget({ onChange, onReady }: ReCaptchaWidgetProps) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const callbacks = useRef({ onChange, onReady });
  callbacks.current = { onChange, onReady };

  useEffect(() => {
    let widget: number | null = null;
    let api: Awaited<ReturnType<typeof loadReCaptcha>> | null = null;
    let disposed = false;
    loadReCaptcha()
      .then((loaded) => {
        if (disposed || !container.current) return;
        api = loaded;
        widget = loaded.render(container.current, {
          sitekey: env.captchaSiteKey,
          callback: (token) => callbacks.current.onChange(token),
          'expired-callback': () => callbacks.current.onChange(null),
          'error-callback': () => callbacks.current.onChange(null),
        });
        callbacks.current.onReady();
      })
      .catch(() => {
        if (!disposed) setFailed(true);
      });
    return () => {
      disposed = true;
      if (api && widget !== null) api.reset(widget);
    };
  }, []);

  return (
    <div>
      <div ref={container} className="captcha__widget" />
      {failed ? (
        <p className="captcha__error" role="alert">
          {commonTexts.securityCheckFailed}
        </p>
      ) : null}
    </div>
  );
}
