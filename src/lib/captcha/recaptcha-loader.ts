/** The parts of Google reCAPTCHA v2's browser API the portal uses. */
export interface ReCaptcha {
  ready(callback: () => void): void;
  render(
    container: HTMLElement,
    parameters: {
      sitekey: string;
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
    },
  ): number;
  reset(widgetId?: number): void;
}

declare global {
  interface Window {
    grecaptcha?: ReCaptcha;
  }
}

/** The provider's script; its origin is the only third party the CSP lets run code. */
export const RECAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/api.js?render=explicit';

let loading: Promise<ReCaptcha> | null = null;

/** Loads the provider's script once (no inline callback, so the CSP needs no exception). */
export function loadReCaptcha(): Promise<ReCaptcha> {
  loading ??= new Promise<ReCaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = RECAPTCHA_SCRIPT;
    script.async = true;
    script.addEventListener('load', () => {
      const api = window.grecaptcha;
      if (api) api.ready(() => resolve(api));
      else reject(new Error('The captcha script loaded without its API'));
    });
    script.addEventListener('error', () => {
      loading = null;
      reject(new Error('The captcha script could not be loaded'));
    });
    document.head.append(script);
  });
  return loading;
}
