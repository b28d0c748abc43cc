import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadReCaptcha, RECAPTCHA_SCRIPT, resetReCaptchaLoaderForTests, type ReCaptcha } from '../../../lib/captcha/recaptcha-loader';
import { Captcha } from '../captcha';
import { ReCaptchaWidget } from '../recaptcha';

afterEach(() => {
  resetReCaptchaLoaderForTests();
  delete window.grecaptcha;
  document.head.querySelectorAll('script').forEach((script) => script.remove());
  vi.useRealTimers();
});

describe('Captcha (the test double, as configured for development and tests)', () => {
  it('reports a token when solved and none when unticked', async () => {
    const onChange = vi.fn();
    render(<Captcha onChange={onChange} />);
    const box = await screen.findByRole('checkbox', { name: "I'm not a robot" });
    await userEvent.click(box);
    expect(onChange).toHaveBeenLastCalledWith('test-captcha-token');
    await userEvent.click(box);
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('group', { name: 'Security check' })).toBeInTheDocument();
  });

  it('takes focus 100 ms after it appears', async () => {
    // The delay runs on a fake clock: the test does not depend on how fast this machine is.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(<Captcha onChange={() => {}} />);
    // The test double is a lazy module: it arrives through promises, not timers.
    await act(async () => {
      await import('../captcha-test-double');
    });
    const box = screen.getByRole('checkbox', { name: "I'm not a robot" });
    await act(async () => vi.advanceTimersByTime(99));
    expect(box).not.toHaveFocus();
    await act(async () => vi.advanceTimersByTime(1));
    expect(box).toHaveFocus();
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

describe('ReCaptchaWidget (the production provider)', () => {
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
    const onReady = vi.fn();
    const fake = fakeReCaptcha();
    render(<ReCaptchaWidget onChange={onChange} onReady={onReady} />);
    window.grecaptcha = fake.api;
    act(() => {
      document.head.querySelector('script')?.dispatchEvent(new Event('load'));
    });
    await waitFor(() => expect(onReady).toHaveBeenCalled());
    act(() => fake.parameters()?.callback('provider-token'));
    expect(onChange).toHaveBeenLastCalledWith('provider-token');
    act(() => fake.parameters()?.['expired-callback']());
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('says so when the script cannot load', async () => {
    render(<ReCaptchaWidget onChange={() => {}} onReady={() => {}} />);
    act(() => {
      document.head.querySelector('script')?.dispatchEvent(new Event('error'));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The security check could not be loaded');
  });
});
