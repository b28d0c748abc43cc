import { describe, expect, it } from 'vitest';
import {
  base64Utf8,
  freshSetup,
  IllegalMove,
  persisted,
  reduce,
  restartOf,
  resume,
  routeOf,
  signInOf,
  trail,
  type CodeRequest,
  type Step,
  type StepName,
} from '../journey';
import { parseStoredStep } from '../journey-slot';

const signIn = signInOf('ana', 'pässwörd 😀');
const reset = { username: 'ana', captcha: 'captcha-token', methods: [{ type: 'sms' as const, contactInfo: '5555551234' }] };
const setup = { username: 'janesmith', password: 'Retire#2045', email: 'jane@example.com', saved: false, linkToken: 'setup-validated' };
const phone = { number: '2015550123', countryCode: '1' };

const codes: Readonly<Record<CodeRequest['for'], CodeRequest>> = {
  'sign-in': { for: 'sign-in', signIn, method: { type: 'sms', contactInfo: '5555551234' }, methodCount: 2 },
  reset: { for: 'reset', reset, method: { type: 'sms', contactInfo: '5555551234' } },
  email: { for: 'email', email: 'jane@example.com', setup: null },
  phone: { for: 'phone', purpose: 'adoption', phone, method: 'call', setup: null },
  'profile-app': { for: 'profile-app' },
};

/** One step of each name, as a journey that begins there would hold it. */
const SAMPLES: Readonly<Record<StepName, Step>> = {
  credentials: { name: 'credentials', signIn, back: null },
  'security-question': { name: 'security-question', signIn, back: null },
  'method-choice': { name: 'method-choice', attempt: { kind: 'sign-in', signIn }, back: null },
  'code-entry': { name: 'code-entry', code: codes['sign-in'], back: null },
  'optional-adoption': { name: 'optional-adoption', signIn, back: null },
  'email-setup': { name: 'email-setup', back: null },
  'phone-setup': { name: 'phone-setup', purpose: 'sign-in', setup: null, back: null },
  'setup-username': { name: 'setup-username', setup, back: null },
  'setup-password': { name: 'setup-password', setup, back: null },
  'setup-email': { name: 'setup-email', setup, back: null },
  'setup-username-taken': { name: 'setup-username-taken', setup, back: null },
  'reset-question': { name: 'reset-question', reset, question: 'Your first pet?', back: null },
  'passkey-offer': { name: 'passkey-offer', back: null },
};
const NAMES = Object.keys(SAMPLES) as StepName[];

/*
 * The journey's map, written out here as the spec's section 4 tells it (not read from the code):
 * from each step, the steps that may follow it.
 */
const FOLLOWS: Readonly<Record<StepName, readonly StepName[]>> = {
  // The form's answer: the question, a code, or (signed in) the landing's steps, the offer of a
  // passkey among them (this contract's extension).
  credentials: ['security-question', 'method-choice', 'optional-adoption', 'email-setup', 'phone-setup', 'setup-username', 'passkey-offer'],
  'security-question': ['method-choice', 'optional-adoption', 'email-setup', 'phone-setup', 'setup-username', 'passkey-offer'],
  'method-choice': ['code-entry'],
  // A code signs in (the landing's steps), verifies an email (the phone), or saves a setup.
  'code-entry': ['optional-adoption', 'email-setup', 'phone-setup', 'setup-username', 'setup-username-taken', 'passkey-offer'],
  'optional-adoption': ['email-setup', 'phone-setup'],
  'email-setup': ['code-entry'],
  'phone-setup': ['code-entry'],
  'setup-username': ['setup-password'],
  'setup-password': ['setup-email'],
  'setup-email': ['code-entry'],
  'setup-username-taken': ['phone-setup'],
  'reset-question': [],
  // The offer leaves the journey, whatever the user chooses (for the landing address).
  'passkey-offer': [],
};

/** Steps that begin a journey from anywhere (a new sign-in, reset, setup or profile change). */
const BEGINNINGS: readonly Step[] = [
  SAMPLES.credentials,
  SAMPLES['email-setup'],
  SAMPLES['phone-setup'],
  SAMPLES['setup-username'],
  SAMPLES['reset-question'],
  { name: 'method-choice', attempt: { kind: 'reset', reset }, back: null },
  { name: 'code-entry', code: codes['profile-app'], back: null },
];

describe('the journey reducer', () => {
  it('takes every legal move from every step, and refuses every other', () => {
    for (const from of NAMES) {
      for (const to of NAMES) {
        const next: Step = { ...SAMPLES[to], back: SAMPLES[from] } as Step;
        const move = () => reduce(SAMPLES[from], { type: 'advance', to: next });
        if (FOLLOWS[from].includes(to)) expect(move(), `${from} -> ${to}`).toBe(next);
        else expect(move, `${from} -> ${to}`).toThrow(IllegalMove);
      }
    }
  });

  it('begins a journey at its first steps, whatever came before, and nowhere else', () => {
    for (const from of [null, ...NAMES.map((name) => SAMPLES[name])]) {
      for (const step of BEGINNINGS) expect(reduce(from, { type: 'advance', to: step })).toBe(step);
    }
    const middles = NAMES.map((name) => SAMPLES[name]).filter((step) => !BEGINNINGS.includes(step));
    for (const step of middles) expect(() => reduce(null, { type: 'advance', to: step }), step.name).toThrow(IllegalMove);
    // A sign-in's code follows its choice of method; it never begins a journey.
    expect(() => reduce(null, { type: 'advance', to: SAMPLES['code-entry'] })).toThrow(IllegalMove);
  });

  it('rewinds to a step the current one came from, as it was, and only to such a step', () => {
    const choice: Step = { name: 'method-choice', attempt: { kind: 'sign-in', signIn }, back: SAMPLES.credentials };
    const code: Step = { name: 'code-entry', code: codes['sign-in'], back: choice };
    expect(trail(code)).toEqual([choice, SAMPLES.credentials]);
    expect(reduce(code, { type: 'rewind', to: 'method-choice' })).toBe(choice);
    expect(() => reduce(code, { type: 'rewind', to: 'phone-setup' })).toThrow(IllegalMove);
    expect(() => reduce(null, { type: 'rewind', to: 'method-choice' })).toThrow(IllegalMove);
  });

  it('ends from anywhere', () => {
    for (const name of NAMES) expect(reduce(SAMPLES[name], { type: 'end' })).toBeNull();
    expect(reduce(null, { type: 'end' })).toBeNull();
  });

  it('shows each step on its own route', () => {
    expect(NAMES.map((name) => routeOf(SAMPLES[name]))).toEqual([
      '/',
      '/security-question',
      '/mfa',
      '/mfa-verification',
      '/optional-adoption',
      '/update-email',
      '/update-phone',
      '/account-setup/username',
      '/account-setup/password',
      '/account-setup/email',
      '/account-setup/username-taken',
      '/reset-password/security-question',
      '/passkey-offer',
    ]);
    const phoneSetup = (purpose: 'adoption' | 'setup' | 'profile'): Step => ({ name: 'phone-setup', purpose, setup: null, back: null });
    expect(['adoption', 'setup', 'profile'].map((purpose) => routeOf(phoneSetup(purpose as 'adoption')))).toEqual([
      '/update-phone',
      '/account-setup/phone',
      '/profile-update-phone',
    ]);
  });
});

describe('what a reload keeps', () => {
  it('stores no secret: neither the basic credentials, nor a captcha answer, nor a new password or a link token', () => {
    const choice: Step = { name: 'method-choice', attempt: { kind: 'sign-in', signIn }, back: SAMPLES.credentials };
    const stored = JSON.stringify(
      [
        persisted({ name: 'code-entry', code: codes['sign-in'], back: choice }),
        persisted({ name: 'code-entry', code: codes.reset, back: null }),
        persisted({ name: 'code-entry', code: { for: 'email', email: 'jane@example.com', setup }, back: SAMPLES['setup-email'] }),
      ],
      null,
      1,
    );
    for (const secret of [signIn.authorization, 'captcha-token', 'Retire#2045', 'setup-validated']) expect(stored).not.toContain(secret);
    expect(stored).toContain('jane@example.com');
  });

  it('resumes a step that needs no lost secret as it was', () => {
    for (const step of [SAMPLES['email-setup'], SAMPLES['phone-setup']]) expect(resume(persisted(step))).toEqual(step);
  });

  it('resumes nothing for a sign-in or a reset (their credentials or captcha answer are gone)', () => {
    for (const name of ['credentials', 'security-question', 'method-choice', 'optional-adoption', 'reset-question'] as const) {
      expect(resume(persisted(SAMPLES[name])), name).toBeNull();
    }
    expect(resume(persisted({ name: 'code-entry', code: codes.reset, back: null }))).toBeNull();
    expect(resume(persisted({ name: 'method-choice', attempt: { kind: 'reset', reset }, back: null }))).toBeNull();
    expect(resume(null)).toBeNull();
  });

  it('starts a reset it could not resume again at its first step; anything else at the sign-in form, or where it resumes', () => {
    expect(restartOf(persisted({ name: 'code-entry', code: codes.reset, back: null }))).toBe('/reset-password');
    expect(restartOf(persisted({ name: 'method-choice', attempt: { kind: 'reset', reset }, back: null }))).toBe('/reset-password');
    expect(restartOf(persisted(SAMPLES['reset-question']))).toBe('/reset-password');
    expect(restartOf(persisted(SAMPLES['security-question']))).toBeNull();
    expect(restartOf(persisted({ name: 'code-entry', code: codes['sign-in'], back: null }))).toBeNull();
    expect(restartOf(persisted(SAMPLES['email-setup']))).toBeNull();
    expect(restartOf(null)).toBeNull();
  });

  it('starts an account setup again at step 1, with nothing chosen, until its credentials are saved', () => {
    const first = { name: 'setup-username', setup: freshSetup(), back: null };
    for (const name of ['setup-username', 'setup-password', 'setup-email', 'setup-username-taken'] as const) {
      expect(resume(persisted(SAMPLES[name])), name).toEqual(first);
    }
    expect(resume(persisted({ name: 'code-entry', code: { ...codes.email, setup } as CodeRequest, back: SAMPLES['setup-email'] }))).toEqual(
      first,
    );
  });

  it('resumes an account setup whose credentials are saved at the phone entry (step 5), not at step 1', () => {
    const saved = { ...setup, password: null, saved: true, linkToken: null };
    const entry = { name: 'phone-setup', purpose: 'setup', setup: saved, back: null };
    expect(resume(persisted({ name: 'phone-setup', purpose: 'setup', setup: saved, back: SAMPLES['setup-email'] }))).toEqual(entry);
    const code: CodeRequest = { for: 'phone', purpose: 'setup', phone, method: 'sms', setup: saved };
    expect(resume(persisted({ name: 'code-entry', code, back: entry as Step }))).toEqual(entry);
  });

  it('sends a code on its way back to where it was asked for', () => {
    expect(resume(persisted({ name: 'code-entry', code: codes.email, back: SAMPLES['email-setup'] }))).toEqual(SAMPLES['email-setup']);
    expect(resume(persisted({ name: 'code-entry', code: codes.phone, back: null }))).toEqual({
      name: 'phone-setup',
      purpose: 'adoption',
      setup: null,
      back: null,
    });
    // The profile's app code: its page (the profile's phone update) asks for it again.
    expect(resume(persisted({ name: 'code-entry', code: codes['profile-app'], back: null }))).toEqual({
      name: 'phone-setup',
      purpose: 'profile',
      setup: null,
      back: null,
    });
  });

  it('reads back what it stored, and refuses a stored value that is not a step', () => {
    const step: Step = { name: 'code-entry', code: codes.phone, back: SAMPLES['phone-setup'] };
    expect(parseStoredStep(JSON.stringify(persisted(step)))).toEqual(step);
    for (const tampered of ['', 'null', '{}', '[]', 'not json', '{"name":"code-entry","code":{"for":"phone"},"back":null}']) {
      expect(parseStoredStep(tampered), tampered).toBeNull();
    }
    expect(parseStoredStep(JSON.stringify({ ...SAMPLES['email-setup'], back: { name: 'nowhere', back: null } }))).toBeNull();
  });
});

describe('the sign-in credentials', () => {
  it('are basic auth over UTF-8, where plain btoa would throw, the password untrimmed', () => {
    const decode = (value: string) => new TextDecoder().decode(Uint8Array.from(atob(value), (char) => char.charCodeAt(0)));
    expect(() => btoa('pässwörd 😀')).toThrow();
    expect(decode(base64Utf8('pässwörd 😀'))).toBe('pässwörd 😀');
    expect(decode(signInOf('user:name', '  pw  ').authorization.replace(/^Basic /, ''))).toBe('user:name:  pw  ');
  });
});
