import { useEffect, useRef, useState } from 'react';
import { env } from '../../lib/env';
import { loadReCaptcha } from '../../lib/captcha/recaptcha-loader';
import './captcha.css';
import type { CaptchaProviderProps } from './captcha-types';
import { commonTexts } from '../../lib/messages/common';

/** Google reCAPTCHA v2, the production provider. */
export function ReCaptchaWidget({ onChange, onReady }: CaptchaProviderProps) {
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
