import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECAPTCHA_SCRIPT, type ReCaptcha } from '../../../lib/captcha/recaptcha-loader';
import DEVELOPMENT_CONFIG from '../../../../openapi/portal-config.development.json';
import { CAPTCHA_FOCUS_DELAY_MS } from '../../../lib/constants';
import type * as CaptchaModule from '../captcha';
import type * as RecaptchaLoaderModule from '../../../lib/captcha/recaptcha-loader';

// Fresh modules for every test, as on a fresh page: the loader loads the provider's script once
// per page. The fresh configuration module is given the development configuration, as the
// tests' setup gives the first one.
let Captcha: typeof CaptchaModule.Captcha;
let loadReCaptcha: typeof RecaptchaLoaderModule.loadReCaptcha;
beforeEach(async () => {
  vi.resetModules();
  const { checkPortalConfig, setPortalEnv } = await import('../../../lib/env');
  const config = checkPortalConfig(DEVELOPMENT_CONFIG);
  if (!config.ok) throw new Error('the development configuration is not valid');
  setPortalEnv(config.env);
  ({ loadReCaptcha } = await import('../../../lib/captcha/recaptcha-loader'));
  ({ Captcha } = await import('../captcha'));
});

afterEach(() => {
  delete window.grecaptcha;
  document.head.querySelectorAll('script').forEach((script) => script.remove());
  vi.useRealTimers();
});

/**
 * A stubbed `grecaptcha` that renders what a person finds in Google's widget, a checkbox
 * 'I'm not a robot' handing over a token when ticked, and the loader's script loaded: the
 * component's own wiring (site key, token, focus) with no network.
 */
function stubReCaptcha() {
  const rendered: Parameters<ReCaptcha['render']>[1][] = [];
  window.grecaptcha = {
    ready: (callback) => callback(),
    render: (container, parameters) => {
      rendered.push(parameters);
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.id = `stub-captcha-${rendered.length}`;
      box.addEventListener('change', () => (box.checked ? parameters.callback('stub-token') : parameters['expired-callback']()));
      const label = document.createElement('label');
      label.htmlFor = box.id;
      label.textContent = "I'm not a robot";
      container.append(box, label);
      return rendered.length;
    },
    reset: vi.fn(),
  };
  return {
    rendered,
    /** The provider's script has arrived. */
    load: () => act(() => void document.head.querySelector('script')?.dispatchEvent(new Event('load'))),
  };
}

describe('Captcha (Google reCAPTCHA, stubbed)', () => {
  it("renders the widget with the configuration's site key, reports a token when solved and none when unticked", async () => {
    const onChange = vi.fn();
    const stub = stubReCaptcha();
    render(<Captcha onChange={onChange} />);
    await stub.load();
    const box = await screen.findByRole('checkbox', { name: "I'm not a robot" });
    expect(stub.rendered.map((parameters) => parameters.sitekey)).toEqual([DEVELOPMENT_CONFIG.captchaSiteKey]);
    await userEvent.click(box);
    expect(onChange).toHaveBeenLastCalledWith('stub-token');
    await userEvent.click(box);
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('group', { name: 'Security check' })).toBeInTheDocument();
  });

  // The delay is asserted as what the component asks the clock for, not by watching the clock:
  // a loaded machine must not decide the outcome.
  it('takes focus 100 ms after it appears', async () => {
    const timers = vi.spyOn(window, 'setTimeout');
    const stub = stubReCaptcha();
    render(<Captcha onChange={() => {}} />);
    await stub.load();
    const box = await screen.findByRole('checkbox', { name: "I'm not a robot" });
    await waitFor(() => expect(box).toHaveFocus(), { timeout: 2000 });
    expect(timers.mock.calls.some(([, delay]) => delay === CAPTCHA_FOCUS_DELAY_MS)).toBe(true);
  });

  it('never takes the focus from a field the user went to meanwhile', async () => {
    const timers = vi.spyOn(window, 'setTimeout');
    const stub = stubReCaptcha();
    render(
      <>
        <input aria-label="Answer" />
        <Captcha onChange={() => {}} />
      </>,
    );
    const answer = screen.getByRole('textbox', { name: 'Answer' });
    answer.focus();
    await stub.load();
    const box = await screen.findByRole('checkbox', { name: "I'm not a robot" });
    // The focus timer's task, run now rather than waited for.
    await waitFor(() => expect(timers.mock.calls.some(([, delay]) => delay === CAPTCHA_FOCUS_DELAY_MS)).toBe(true));
    const [task] = timers.mock.calls.find(([, delay]) => delay === CAPTCHA_FOCUS_DELAY_MS)!;
    act(() => (task as () => void)());
    expect(answer).toHaveFocus();
    expect(box).not.toHaveFocus();
  });

  it('leaves focus alone where a field above it is still to be filled in', async () => {
    const timers = vi.spyOn(window, 'setTimeout');
    const stub = stubReCaptcha();
    render(<Captcha onChange={() => {}} takeFocus={false} />);
    await stub.load();
    const box = await screen.findByRole('checkbox', { name: "I'm not a robot" });
    await act(async () => {
      await Promise.resolve();
    });
    expect(box).not.toHaveFocus();
    expect(timers.mock.calls.some(([, delay]) => delay === CAPTCHA_FOCUS_DELAY_MS)).toBe(false);
  });
});

function fakeReCaptcha() {
  let parameters: Parameters<ReCaptcha['render']>[1] | undefined;
  const api: ReCaptcha = {
    ready: (callback) => callback(),
    render: vi.fn((_container, given) => {
      parameters = given;
      return 3;
    }),
    reset: vi.fn(),
  };
  return { api, parameters: () => parameters };
}

describe('Captcha (the production provider)', () => {
  it("loads the provider's script once, without an inline callback", async () => {
    const first = loadReCaptcha();
    const second = loadReCaptcha();
    const scripts = document.head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe(RECAPTCHA_SCRIPT);
    const { api } = fakeReCaptcha();
    window.grecaptcha = api;
    scripts[0]?.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(api);
    expect(second).toBe(first);
  });

  it('renders the widget with the site key and passes its token on', async () => {
    const onChange = vi.fn();
    const fake = fakeReCaptcha();
    render(<Captcha onChange={onChange} takeFocus={false} />);
    window.grecaptcha = fake.api;
    act(() => {
      document.head.querySelector('script')?.dispatchEvent(new Event('load'));
    });
    await waitFor(() => expect(fake.api.render).toHaveBeenCalled());
    expect(fake.parameters()?.sitekey).toBe(DEVELOPMENT_CONFIG.captchaSiteKey);
    act(() => fake.parameters()?.callback('provider-token'));
    expect(onChange).toHaveBeenLastCalledWith('provider-token');
    act(() => fake.parameters()?.['expired-callback']());
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('says so when the script cannot load', async () => {
    render(<Captcha onChange={() => {}} />);
    act(() => {
      document.head.querySelector('script')?.dispatchEvent(new Event('error'));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The security check could not be loaded');
  });
});
