import { useEffect, useId } from 'react';
import './captcha.css';
import type { CaptchaProviderProps } from './captcha-types';
import { commonTexts } from '../../lib/messages/common';

/** The token the test double hands over; the mock gateway accepts any. */
const TEST_CAPTCHA_TOKEN = 'test-captcha-token';

/**
 * A stand-in for the captcha provider in development and tests, where the provider's script
 * cannot load. Never part of a production build (the build's captcha setting decides).
 */
export function CaptchaTestDouble({ onChange, onReady }: CaptchaProviderProps) {
  const id = useId();
  useEffect(() => onReady(), [onReady]);
  return (
    <div className="captcha__test-double">
      <input id={id} type="checkbox" onChange={(event) => onChange(event.target.checked ? TEST_CAPTCHA_TOKEN : null)} />
      <label htmlFor={id}>{commonTexts.notARobot}</label>
      <span className="captcha__note">{commonTexts.testCaptcha}</span>
    </div>
  );
}
