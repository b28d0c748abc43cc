import { lazy, Suspense, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Card } from '../../components/layout/card';
import { FormFooter } from '../../components/layout/form-footer';
import { OptionalPart } from '../../components/layout/optional-part';
import { Page } from '../../components/layout/page';
import { Stack } from '../../components/layout/stack';
import { FormError } from '../../components/ui/form-error';
import { PageHeading } from '../../components/ui/page-heading';
import { PasswordField } from '../../components/ui/password-field';
import { TextField } from '../../components/ui/text-field';
import { validateSignIn, type SignInValues } from './sign-in.schema';
import { useSignIn } from './use-sign-in';
import { firstScreenTexts } from '../../lib/messages/first-screen';
import { passkeysSupported } from '../../lib/passkeys/support';
import { useAfterFirstPaint } from '../../lib/use-after-first-paint';
import { useBrowserValue } from '../../lib/hydration';
import './sign-in-page.css';

/** Sign-in with a passkey (this contract's extension): its code loads once the form has painted. */
const PasskeySignIn = lazy(() =>
  Promise.all([import('../passkey/passkey-sign-in'), import('../../lib/query-scope')]).then(([module, { withQueryClient }]) => ({
    default: withQueryClient(module.PasskeySignIn),
  })),
);

/**
 * `/`: username and password sign-in. Its state and rules are plain React and plain functions
 * (sign-in.schema.ts says why: react-hook-form would cost the first screen 14.0 KB gzip).
 */
export function SignInPage() {
  const { submit, inlineError, clearInlineError, busy } = useSignIn();
  const [values, setValues] = useState<SignInValues>({ username: '', password: '' });
  /** The fields whose message shows: checked at the last submit, and not changed since. */
  const [flagged, setFlagged] = useState<ReadonlySet<keyof SignInValues>>(new Set());
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  // What was typed into the prerendered form (src/prerender.tsx) before the app took it over is
  // the form's from the start: hydration leaves the fields as they are, and the next render
  // would otherwise empty them. (A form drawn in the browser starts empty: nothing changes.)
  useLayoutEffect(() => {
    const typed = { username: usernameRef.current?.value ?? '', password: passwordRef.current?.value ?? '' };
    if (typed.username || typed.password) setValues(typed);
  }, []);

  // The spec clears a field's error when it changes, rather than re-checking on each key.
  const change = (field: keyof SignInValues) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setFlagged((current) => new Set([...current].filter((name) => name !== field)));
    clearInlineError();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateSignIn(values);
    setFlagged(new Set((['username', 'password'] as const).filter((name) => found[name])));
    if (found.username) return usernameRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    // The username is sent trimmed, the password as typed.
    void submit({ ...values, username: values.username.trim() });
  };

  // A flagged field's message is read as the form draws (it keeps it until it changes), so it
  // follows a change of language.
  const messages = validateSignIn(values);

  return (
    <Page>
      <Card labelledBy="sign-in-heading">
        <PageHeading id="sign-in-heading">{firstScreenTexts.signInHeading}</PageHeading>
        <form noValidate onSubmit={onSubmit}>
          <Stack>
            <TextField
              ref={usernameRef}
              label={firstScreenTexts.username}
              name="username"
              // `webauthn`: the browser may offer passkeys here too (the passkey sign-in's autofill).
              autoComplete="username webauthn"
              autoCapitalize="off"
              spellCheck={false}
              value={values.username}
              onChange={change('username')}
              error={flagged.has('username') ? messages.username : undefined}
            />
            <PasswordField
              ref={passwordRef}
              label={firstScreenTexts.password}
              name="password"
              autoComplete="current-password"
              value={values.password}
              onChange={change('password')}
              error={flagged.has('password') ? messages.password : undefined}
            />
            {inlineError ? <FormError>{inlineError}</FormError> : null}
            <FormFooter submit={firstScreenTexts.signIn} busy={busy} />
          </Stack>
        </form>
        <PasskeyRoom />
      </Card>
    </Page>
  );
}

/**
 * The passkey sign-in under the form. Its room is kept from the first paint where the browser has
 * passkeys, so nothing moves when it comes; the prerendered form keeps it (most browsers have
 * passkeys), and one without gives it back. A component of its own, so that the browser's answer
 * and the first paint draw it again, not the form.
 */
function PasskeyRoom() {
  const painted = useAfterFirstPaint();
  const passkeys = useBrowserValue(passkeysSupported, true);
  if (!passkeys) return null;
  return (
    <div className="sign-in-page__passkey">
      {painted ? (
        <OptionalPart name="The passkey sign-in">
          <Suspense fallback={null}>
            <PasskeySignIn />
          </Suspense>
        </OptionalPart>
      ) : null}
    </div>
  );
}
