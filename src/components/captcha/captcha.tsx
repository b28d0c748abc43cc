import { useCallback, useEffect, useRef, useState } from 'react';
import { CAPTCHA_FOCUS_DELAY_MS } from '../../lib/constants';
import './captcha.css';
import { ReCaptchaWidget } from './recaptcha';
import { commonTexts } from '../../lib/messages/common';

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
      <ReCaptchaWidget onChange={onChange} onReady={onReady} />
    </div>
  );
}
