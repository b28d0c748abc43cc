import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { textOf } from '../../../lib/i18n/shown-text';
import { clearNotifications, useNotifications } from '../../../lib/notifications';
import { createPasskey } from '../../../lib/passkeys/ceremony';
import { passkeysSupported } from '../../../lib/passkeys/support';
import { jsonResponse, renderRoute } from '../../../testing/render';
import { seedSession } from '../../../testing/session';
import { ProfileSecurityPage } from '../profile-security-page';

vi.mock('../../../lib/passkeys/ceremony', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  createPasskey: vi.fn(),
  deviceOf: () => ({ browser: 'Chrome', system: 'Mac' }),
}));
vi.mock('../../../lib/passkeys/support', () => ({ passkeysSupported: vi.fn(() => true) }));

const LIST = '/login-gateway/passkeys';
const OPTIONS = '/login-gateway/passkeys/registration/options';
const FINISH = '/login-gateway/passkeys/registration';
const CODES = '/login-gateway/recovery-codes';
const HOSTILE_NAME = '<img src=x onerror=alert(1)>';

const passkey = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  createdAt: '2026-11-02T14:05:00Z',
  lastUsedAt: null,
  deviceKind: null,
  ...extra,
});
const list = (...passkeys: unknown[]) => jsonResponse({ data: { passkeys }, errors: [] });
const status = (remaining: number, generatedAt: string | null = '2026-11-02T14:05:00Z') =>
  jsonResponse({ data: { remaining, generatedAt }, errors: [] });
const failure = (code: string, description = 'Refused') => jsonResponse({ errors: [{ code, description }] });
const OPTIONS_ANSWER = {
  data: {
    ceremonyId: 'cer_5Jw0l9mFQbqv2T8n',
    publicKey: {
      rp: { name: 'Retirement plan portal', id: 'localhost' },
      user: { id: 'Z2F0ZXdheS11c2VyLTEwMDI0NQ', name: 'jsmith401', displayName: 'jsmith401' },
      challenge: 'hbZE5Pns66FUi9Suj7N9flMNYkUk_bpf1gJ9IfqQw0Y',
      pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
      timeout: 60000,
      excludeCredentials: [],
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    },
  },
  errors: [],
};
const CREDENTIAL = {
  id: 'A7bPzW6mZ2q8hXk1YlJv3Q',
  rawId: 'A7bPzW6mZ2q8hXk1YlJv3Q',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0', attestationObject: 'o2NmbXRkbm9uZWdhdHRTdG10oGhhdXRoRGF0YUA' },
} as const;

/** What the browser rejects a ceremony with (a DOMException, which jsdom does not make an Error). */
const browserError = (name: string) => Object.assign(new Error(name), { name });

type Handler = (init: RequestInit | undefined) => Response;

/** The page over a gateway answering by path and method; each request is recorded. */
function renderPage(routes: Record<string, Handler | Partial<Record<'GET' | 'POST' | 'PUT' | 'DELETE', Handler>>>) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  const gateway: Record<string, Handler> = {};
  for (const [path, route] of Object.entries(routes)) {
    gateway[path] = (init) => {
      const method = init?.method ?? 'GET';
      sent.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const handler = typeof route === 'function' ? route : route[method as 'GET'];
      if (!handler) throw new Error(`unexpected ${method} ${path}`);
      return handler(init);
    };
  }
  const result = renderRoute(<ProfileSecurityPage />, { path: '/profile-security', gateway });
  return { ...result, sent, calls: (method: string, path: string) => sent.filter((item) => item.method === method && item.path === path) };
}

/** The notifications shown now, as their messages. */
let shown: readonly string[] = [];
function NotificationProbe() {
  shown = useNotifications().map((item) => textOf(item.message ?? ''));
  return null;
}

beforeAll(async () => {
  // The API client loads response schemas lazily: load them now, so no wait depends on a cold module.
  await import('../../../../generated/zod/profile/profile.zod');
});

beforeEach(() => {
  seedSession({ userId: '100245', username: 'demo', token: '3f1c0a7e-5b2d-4e8a-9c61-2d7f0b4e8a13', role: 'ROLE_PARTICIPANT' });
  vi.mocked(passkeysSupported).mockReturnValue(true);
});

afterEach(() => {
  vi.mocked(createPasskey).mockReset();
  clearNotifications();
});

describe('ProfileSecurityPage: passkeys', () => {
  it('lists the passkeys: the name as text, when added and last used, and the kind of device', async () => {
    renderPage({
      [LIST]: () =>
        list(
          passkey('pk_1', HOSTILE_NAME),
          passkey('pk_2', 'Work laptop', { lastUsedAt: '2026-11-20T09:00:00Z', deviceKind: 'security-key' }),
        ),
      [CODES]: { GET: () => status(10) },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Passkeys and recovery codes' })).toBeInTheDocument();
    const items = within(await screen.findByRole('list', { name: 'Your passkeys' })).getAllByRole('listitem', { name: '' });
    const first = items.find((item) => item.querySelector('h3')?.textContent === HOSTILE_NAME)!;
    expect(first.querySelector('img')).toBeNull();
    expect(within(first).getByText('Added Nov 2, 2026')).toBeInTheDocument();
    expect(within(first).getByText('Not used yet')).toBeInTheDocument();
    const second = screen.getByRole('heading', { level: 3, name: 'Work laptop' }).closest('li')!;
    expect(within(second).getByText('Last used Nov 20, 2026')).toBeInTheDocument();
    expect(within(second).getByText('On a security key')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Remove ${HOSTILE_NAME}` })).toBeInTheDocument();
  });

  it('adds a passkey: options, the prompt, then the name and the credential, one request each however often it is pressed', async () => {
    let passkeys = [passkey('pk_1', 'Old phone')];
    const { calls } = renderPage({
      [LIST]: () => list(...passkeys),
      [OPTIONS]: () => jsonResponse(OPTIONS_ANSWER),
      [FINISH]: (init) => {
        const added = passkey('pk_2', (JSON.parse(String(init?.body)) as { name: string }).name);
        passkeys = [...passkeys, added];
        return jsonResponse({ data: added, errors: [] });
      },
      [CODES]: { GET: () => status(10) },
    });
    render(<NotificationProbe />);
    vi.mocked(createPasskey).mockResolvedValue(CREDENTIAL);
    const name = await screen.findByRole('textbox', { name: 'Passkey name' });
    expect(name).toHaveValue('Chrome on Mac');
    fireEvent.change(name, { target: { value: '  Kitchen tablet ' } });
    const add = screen.getByRole('button', { name: 'Add a passkey' });
    fireEvent.click(add);
    fireEvent.click(add);
    fireEvent.submit(add);
    const added = await screen.findByRole('heading', { level: 3, name: 'Kitchen tablet' });
    await waitFor(() => expect(added).toHaveFocus());
    expect(calls('POST', OPTIONS)).toHaveLength(1);
    expect(calls('POST', FINISH).map((call) => call.body)).toEqual([
      { ceremonyId: 'cer_5Jw0l9mFQbqv2T8n', name: 'Kitchen tablet', credential: CREDENTIAL },
    ]);
    expect(vi.mocked(createPasskey)).toHaveBeenCalledWith(OPTIONS_ANSWER.data.publicKey);
    expect(shown).toEqual(['Your passkey was added. Next time, sign in with it.']);
    // The form offers this device's name again.
    expect(screen.getByRole('textbox', { name: 'Passkey name' })).toHaveValue('Chrome on Mac');
  });

  it.each([
    [
      'a cancelled prompt',
      () => vi.mocked(createPasskey).mockRejectedValue(browserError('NotAllowedError')),
      'No passkey was added. Try again when you are ready.',
    ],
    [
      'a device that has one',
      () => vi.mocked(createPasskey).mockRejectedValue(browserError('InvalidStateError')),
      'This device already has a passkey for your account.',
    ],
  ])('%s adds nothing, says so and keeps the name', async (_, prompt, message) => {
    const { calls } = renderPage({
      [LIST]: () => list(),
      [OPTIONS]: () => jsonResponse(OPTIONS_ANSWER),
      [CODES]: { GET: () => status(0, null) },
    });
    prompt();
    const name = await screen.findByRole('textbox', { name: 'Passkey name' });
    fireEvent.change(name, { target: { value: 'Desk key' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(name).toHaveValue('Desk key');
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeEnabled();
    expect(calls('POST', FINISH)).toEqual([]);
    // Typing a new name puts the message away.
    fireEvent.change(name, { target: { value: 'Desk key 2' } });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['PKERR01', 'The request expired. Please try again.'],
    ['PKERR03', 'We could not verify the new passkey. Please try again.'],
    ['PKERR05', 'This device already has a passkey for your account.'],
    ['PKERR06', 'You have 20 passkeys, the most an account can have. Remove one before adding another.'],
    ['XYZ99', 'Something went wrong on our side. Please try again.'],
  ])("the gateway's %s on finishing says what it means", async (code, message) => {
    renderPage({
      [LIST]: () => list(),
      [OPTIONS]: () => jsonResponse(OPTIONS_ANSWER),
      [FINISH]: () => failure(code),
      [CODES]: { GET: () => status(0, null) },
    });
    vi.mocked(createPasskey).mockResolvedValue(CREDENTIAL);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('textbox', { name: 'Passkey name' })).toHaveValue('Chrome on Mac');
  });

  it('a gateway that fails before the prompt says so, and no prompt shows', async () => {
    renderPage({
      [LIST]: () => list(),
      [OPTIONS]: () => jsonResponse({ errors: [{ code: 'ERR500', description: 'boom' }] }, 500),
      [CODES]: { GET: () => status(0, null) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side. Please try again.');
    expect(vi.mocked(createPasskey)).not.toHaveBeenCalled();
  });

  it('checks the name first: nothing is sent for an empty one', async () => {
    const { calls } = renderPage({ [LIST]: () => list(), [CODES]: { GET: () => status(0, null) } });
    const name = await screen.findByRole('textbox', { name: 'Passkey name' });
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Passkey name is required');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(calls('POST', OPTIONS)).toEqual([]);
  });

  it('renames a passkey in place, and a passkey already gone leaves the list with a message', async () => {
    let passkeys = [passkey('pk_1', 'Old phone'), passkey('pk_2', 'Laptop')];
    const { calls } = renderPage({
      [LIST]: () => list(...passkeys),
      '/login-gateway/passkeys/pk_1/name': {
        PUT: (init) => {
          const { name } = JSON.parse(String(init?.body)) as { name: string };
          passkeys = passkeys.map((item) => (item.id === 'pk_1' ? { ...item, name } : item));
          return jsonResponse({ data: passkeys[0], errors: [] });
        },
      },
      '/login-gateway/passkeys/pk_2/name': {
        PUT: () => {
          passkeys = passkeys.filter((item) => item.id !== 'pk_2');
          return failure('PKERR04', 'No such passkey');
        },
      },
      [CODES]: { GET: () => status(10) },
    });
    render(<NotificationProbe />);
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Old phone' }));
    const form = screen.getByRole('form', { name: 'Rename Old phone' });
    const field = within(form).getByRole('textbox', { name: 'Passkey name' });
    expect(field).toHaveFocus();
    expect(field).toHaveValue('Old phone');
    fireEvent.change(field, { target: { value: 'New phone' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    const renamed = await screen.findByRole('heading', { level: 3, name: 'New phone' });
    await waitFor(() => expect(renamed).toHaveFocus());
    expect(calls('PUT', '/login-gateway/passkeys/pk_1/name').map((call) => call.body)).toEqual([{ name: 'New phone' }]);
    expect(shown).toEqual(['Your passkey was renamed.']);

    fireEvent.click(screen.getByRole('button', { name: 'Rename Laptop' }));
    fireEvent.click(within(screen.getByRole('form', { name: 'Rename Laptop' })).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('heading', { level: 3, name: 'Laptop' })).not.toBeInTheDocument());
    expect(shown).toEqual(['That passkey was already removed.']);
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Passkeys' })).toHaveFocus());
  });

  it('Cancel closes the rename form unchanged and puts focus back on Rename', async () => {
    renderPage({ [LIST]: () => list(passkey('pk_1', 'Old phone')), [CODES]: { GET: () => status(10) } });
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Old phone' }));
    const form = screen.getByRole('form', { name: 'Rename Old phone' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Passkey name' }), { target: { value: 'Other' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rename Old phone' })).toHaveFocus());
    expect(screen.getByRole('heading', { level: 3, name: 'Old phone' })).toBeInTheDocument();
  });

  it('removes a passkey once it is confirmed, with one request', async () => {
    let passkeys = [passkey('pk_1', 'Old phone')];
    const { calls } = renderPage({
      [LIST]: () => list(...passkeys),
      '/login-gateway/passkeys/pk_1': {
        DELETE: () => {
          passkeys = [];
          return jsonResponse({ errors: [] });
        },
      },
      [CODES]: { GET: () => status(10) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Old phone' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this passkey?' });
    expect(dialog).toHaveTextContent('You will no longer be able to sign in with Old phone.');
    const confirm = within(dialog).getByRole('button', { name: 'Remove' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await screen.findByText('You have not added a passkey yet.')).toBeInTheDocument();
    expect(calls('DELETE', '/login-gateway/passkeys/pk_1')).toHaveLength(1);
  });

  it('a removal that fails says so beside the passkey, which stays', async () => {
    renderPage({
      [LIST]: () => list(passkey('pk_1', 'Old phone')),
      '/login-gateway/passkeys/pk_1': { DELETE: () => jsonResponse({ errors: [{ code: 'ERR500', description: 'boom' }] }, 500) },
      [CODES]: { GET: () => status(10) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Old phone' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side. Please try again.');
    expect(screen.getByRole('heading', { level: 3, name: 'Old phone' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove Old phone' })).toHaveFocus());
  });

  it('without WebAuthn, lists the passkeys and says no passkey can be added here', async () => {
    vi.mocked(passkeysSupported).mockReturnValue(false);
    renderPage({ [LIST]: () => list(passkey('pk_1', 'Old phone')), [CODES]: { GET: () => status(10) } });
    expect(await screen.findByRole('heading', { level: 3, name: 'Old phone' })).toBeInTheDocument();
    expect(screen.getByText('This browser cannot use passkeys. You can add one from a browser that can.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
  });

  it('a list that could not be loaded says so, and Try again asks again', async () => {
    let answer = failure('ERR01');
    const { calls } = renderPage({ [LIST]: () => answer, [CODES]: { GET: () => status(10) } });
    expect(await screen.findByText('We could not load your passkeys. Please try again.')).toBeInTheDocument();
    answer = list(passkey('pk_1', 'Old phone'));
    fireEvent.click(screen.getAllByRole('button', { name: 'Try again' })[0]!);
    expect(await screen.findByRole('heading', { level: 3, name: 'Old phone' })).toBeInTheDocument();
    // The pressed button went with the failure: the focus is on the section, not on the page.
    expect(screen.getByRole('heading', { level: 2, name: 'Passkeys' })).toHaveFocus();
    expect(calls('GET', LIST)).toHaveLength(2);
  });
});

describe('ProfileSecurityPage: recovery codes', () => {
  const CODES_SET = [
    'rc7k-2m9q',
    '4xpt-8vnd',
    'h3wa-6cje',
    'm5rz-q2ty',
    '9bkg-t4hs',
    'p8dn-3xwe',
    'a2vq-7mkr',
    'x6jh-5ptb',
    'e4ns-9gqz',
    't7cy-2rwa',
  ];

  it('a status that could not be checked says so, and Try again leaves the focus on the section', async () => {
    let answer = failure('ERR01');
    const { calls } = renderPage({ [LIST]: () => list(), [CODES]: { GET: () => answer } });
    expect(await screen.findByText('We could not check your recovery codes. Please try again.')).toBeInTheDocument();
    answer = status(10);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have 10 recovery codes left.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Recovery codes' })).toHaveFocus();
    expect(calls('GET', CODES)).toHaveLength(2);
  });

  it('generates the first set without asking, shows it once, and Done (once saved) hides it and shows the count', async () => {
    let remaining: number | null = null;
    const { calls } = renderPage({
      [LIST]: () => list(),
      [CODES]: {
        GET: () => (remaining === null ? status(0, null) : status(remaining)),
        POST: () => {
          remaining = 10;
          return jsonResponse({ data: { codes: CODES_SET, generatedAt: '2026-11-21T10:00:00Z' }, errors: [] });
        },
      },
    });
    expect(await screen.findByText('You have not generated recovery codes yet.')).toBeInTheDocument();
    const generate = screen.getByRole('button', { name: 'Generate recovery codes' });
    fireEvent.click(generate);
    fireEvent.click(generate);
    const heading = await screen.findByRole('heading', { level: 3, name: 'Your new recovery codes' });
    await waitFor(() => expect(heading).toHaveFocus());
    const codes = within(screen.getByRole('list', { name: 'Your recovery codes, one per line' })).getAllByRole('listitem');
    expect(codes.map((item) => item.textContent)).toEqual(CODES_SET);
    expect(calls('POST', CODES)).toHaveLength(1);
    expect(JSON.stringify({ ...window.sessionStorage }) + document.cookie + window.location.href).not.toContain(CODES_SET[0]);

    const done = screen.getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: 'I have saved these codes' }));
    expect(done).toBeEnabled();
    fireEvent.click(done);
    expect(await screen.findByText('You have 10 recovery codes left.')).toBeInTheDocument();
    expect(screen.queryByText(CODES_SET[0]!)).not.toBeInTheDocument();
    // Focus on the heading: a second Enter on Done must not land on Generate new codes and void the set.
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Recovery codes' })).toHaveFocus());
    expect(calls('GET', CODES)).toHaveLength(2);
  });

  it('asks before a new set replaces the old one', async () => {
    const { calls } = renderPage({
      [LIST]: () => list(),
      [CODES]: {
        GET: () => status(7),
        POST: () => jsonResponse({ data: { codes: CODES_SET, generatedAt: '2026-11-21T10:00:00Z' }, errors: [] }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Generate new codes' }));
    const dialog = screen.getByRole('dialog', { name: 'Generate new recovery codes?' });
    expect(dialog).toHaveTextContent('Your current recovery codes will stop working, including any you have not used.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls('POST', CODES)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Generate new codes' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Generate new codes' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Your new recovery codes' })).toBeInTheDocument();
    expect(calls('POST', CODES)).toHaveLength(1);
  });

  it.each([
    [10, false],
    [4, false],
    [3, true],
    [0, true],
  ])('with %i codes left, warns: %s', async (count, warns) => {
    renderPage({ [LIST]: () => list(), [CODES]: { GET: () => status(count) } });
    expect(
      await screen.findByText(count === 1 ? 'You have 1 recovery code left.' : `You have ${count} recovery codes left.`),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Generate a new set so you can still sign in/) !== null).toBe(warns);
  });

  it('a set that could not be generated says so, and the button is there to try again', async () => {
    renderPage({
      [LIST]: () => list(),
      [CODES]: { GET: () => status(0, null), POST: () => jsonResponse({ errors: [{ code: 'ERR500', description: 'boom' }] }, 500) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Generate recovery codes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not generate recovery codes. Please try again.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Generate recovery codes' })).toHaveFocus());
  });

  it('copies the codes, one per line, and says so for 2 seconds; the file holds the heading line and the codes', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPage({
      [LIST]: () => list(),
      [CODES]: {
        GET: () => status(0, null),
        POST: () => jsonResponse({ data: { codes: CODES_SET, generatedAt: '2026-11-21T10:00:00Z' }, errors: [] }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Generate recovery codes' }));
    await screen.findByRole('heading', { level: 3, name: 'Your new recovery codes' });
    vi.useFakeTimers();
    try {
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Copy codes' }));
        await vi.advanceTimersByTimeAsync(0);
      });
      expect(writeText).toHaveBeenCalledWith(CODES_SET.join('\n'));
      expect(screen.getByRole('button', { name: 'Codes copied!' })).toBeInTheDocument();
      // Announced too (the location probe is another status).
      expect(screen.getAllByRole('status').map((region) => region.textContent)).toContain('Codes copied!');
      await act(() => vi.advanceTimersByTimeAsync(1999));
      expect(screen.getByRole('button', { name: 'Codes copied!' })).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(screen.getByRole('button', { name: 'Copy codes' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
    const { recoveryCodesFile } = await import('../new-recovery-codes');
    expect(recoveryCodesFile(CODES_SET)).toBe(
      `Recovery codes. Each code works once, in place of a one-time code.\n${CODES_SET.join('\n')}\n`,
    );
  });
});
