import * as z from 'zod';
import type { Step } from './journey';
import { hydrateJourney, useCurrentStep } from './journey-store';

/*
 * The journey's storage slot as the screens after the first read it: parsed, since storage can be
 * tampered with. A value that does not parse is no journey, never a crash.
 */

const text = z.string().max(4096);
const signIn = z.object({ username: text, authorization: text });
const method = z.object({ type: z.enum(['sms', 'call', 'email', 'totp']), contactInfo: text.nullish() });
const reset = z.object({ username: text, captcha: text, methods: z.array(method).max(16) });
const setup = z.object({
  username: text,
  password: text.nullable(),
  email: text.nullable(),
  saved: z.boolean(),
  linkToken: text.nullable(),
});
const phonePurpose = z.enum(['sign-in', 'adoption', 'setup', 'profile']);
const code = z.discriminatedUnion('for', [
  z.object({ for: z.literal('sign-in'), signIn, method, methodCount: z.number().int().min(1).max(16) }),
  z.object({ for: z.literal('reset'), reset, method }),
  z.object({ for: z.literal('email'), email: text, setup: setup.nullable() }),
  z.object({
    for: z.literal('phone'),
    purpose: phonePurpose,
    phone: z.object({ number: text, countryCode: text }),
    method: z.enum(['sms', 'call']),
    setup: setup.nullable(),
  }),
  z.object({ for: z.literal('profile-app') }),
]);

const step: z.ZodType<Step> = z.lazy(() => {
  const back = { back: step.nullable() };
  return z.discriminatedUnion('name', [
    z.object({ name: z.enum(['credentials', 'security-question', 'optional-adoption']), signIn, ...back }),
    z.object({
      name: z.literal('method-choice'),
      attempt: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('sign-in'), signIn }),
        z.object({ kind: z.literal('reset'), reset }),
      ]),
      ...back,
    }),
    z.object({ name: z.literal('code-entry'), code, ...back }),
    z.object({ name: z.literal('email-setup'), ...back }),
    z.object({ name: z.literal('phone-setup'), purpose: phonePurpose, setup: setup.nullable(), ...back }),
    z.object({ name: z.enum(['setup-username', 'setup-password', 'setup-email', 'setup-username-taken']), setup, ...back }),
    z.object({ name: z.literal('reset-question'), reset, question: text, ...back }),
    z.object({ name: z.literal('passkey-offer'), ...back }),
  ]);
}) as z.ZodType<Step>;

export function parseStoredStep(raw: string): Step | null {
  try {
    const result = step.safeParse(JSON.parse(raw));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/** The current step, the storage slot read first when this is the first journey screen of the page. */
export function useJourneyStep(): Step | null {
  hydrateJourney(parseStoredStep);
  return useCurrentStep();
}
