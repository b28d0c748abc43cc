import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useEffect, useRef, useState } from 'react';
import { useShownText } from '../../lib/i18n/shown-text';
import { useFinishPasskeySignIn, useStartPasskeySignIn } from '../../../generated/hooks/sign-in/sign-in';
import type { AuthenticationResponse } from '../../../generated/models/authenticationResponse';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/form-error';
import { answerData } from '../../lib/api/answer-data';
import { isApiError } from '../../../gateway-client/api-error';
import { isRateLimited, rateLimitMessage } from '../../lib/api/error-catalogue';
import { signInInternalError } from '../../lib/api/failures';
import { deviceFingerprint } from '../../lib/device-fingerprint';
import { passkeySignInTexts } from '../../lib/messages/passkeys';
import { notify } from '../../lib/notifications';
import { autofillSupported, cancelCeremony, ceremonyFailureOf, signWithPasskey } from '../../lib/passkeys/ceremony';
import { ceremonyMessage, passkeySignInMessage } from '../../lib/passkeys/failures';
import { useSingleFlight } from '../../lib/use-single-flight';
import { useLanding } from '../landing/use-landing';
import './passkey-sign-in.css';

/**
 * Sign-in with a passkey (this contract's extension), beside the password form, which it never
 * touches: the "Use a passkey" button (src/lib/messages/passkeys.ts says why not "Sign in with a
 * passkey"), and the passkeys the browser offers in the username field's autofill (conditional
 * mediation) where it can. Each way is one ceremony: the gateway's options, the browser's prompt
 * (or the user's pick from the autofill), the gateway's check of the assertion, then the
 * sign-in's landing, as after a password and a code. The button takes over from a pending
 * autofill (the library aborts it), never the other way round; the autofill starts again after
 * the button's attempt, before its options expire and after a cancelled prompt. What went wrong
 * is said here, with a way forward.
 */
export function PasskeySignIn() {
  const landing = useLanding();
  const start = useStartPasskeySignIn();
  const finish = useFinishPasskeySignIn();
  const flight = useSingleFlight();
  const [message, setMessage] = useShownText();
  /** Counts the autofill's ceremonies: a new one starts when it changes. */
  const [autofillRound, setAutofillRound] = useState(0);
  /** The autofill's ceremonies cancelled in a row, offered again each time up to {@link MAX_AUTOFILL_RETRIES}. */
  const cancelledInARow = useRef(0);
  /** The button's ceremony is under way (read by the autofill's, which began at an earlier render). */
  const buttonCeremony = useRef(false);

  /**
   * One ceremony. `prompt` decides, once the gateway's options are in, whether to ask the browser
   * (false: the ceremony ends there); `onPicked` runs once the user has chosen a passkey (from
   * here on, failures are theirs to hear of).
   */
  const ceremony = async (
    autofill: boolean,
    { prompt = () => true, onPicked = () => undefined }: { prompt?: (timeout: number | undefined) => boolean; onPicked?: () => void } = {},
  ) => {
    const options = answerData(await start.mutateAsync({}));
    if (!prompt(options.publicKey.timeout)) return;
    const credential = await signWithPasskey(options.publicKey as PublicKeyCredentialRequestOptionsJSON, autofill);
    onPicked();
    setMessage(null);
    // The library's JSON is WebAuthn's serialisation, the shape the contract names (its types
    // spell the open extension map differently); the gateway checks what it receives.
    const response = credential as AuthenticationResponse;
    const result = await finish.mutateAsync({
      data: { ceremonyId: options.ceremonyId, credential: response, fingerprint: deviceFingerprint() },
    });
    await landing.completeSignIn(result, null);
  };

  /** Says what went wrong, if anything is to be said (not when a newer ceremony took over). */
  const explain = (error: unknown) => {
    if (failureText(error) === null && !ceremonyFailureOf(error)) notify(signInInternalError);
    else setMessage(() => failureText(error));
  };

  useEffect(() => {
    let live = true;
    let picked = false;
    let renewal: ReturnType<typeof setTimeout> | undefined;
    const renew = () => setAutofillRound((round) => round + 1);
    /** Fresh options before these expire; in a hidden tab, once it is seen again (no ceremonies nobody can pick from). */
    const expire = () => {
      cancelledInARow.current = 0;
      if (document.visibilityState === 'visible') renew();
      else document.addEventListener('visibilitychange', expire, { once: true });
    };
    void (async () => {
      if (!(await autofillSupported()) || !live) return;
      try {
        await ceremony(true, {
          // The button's ceremony started while these options were asked for: it keeps the browser.
          prompt: (timeout) => {
            if (!live || buttonCeremony.current) return false;
            if (timeout !== undefined) renewal = setTimeout(expire, Math.max(timeout - RENEW_BEFORE_EXPIRY_MS, timeout / 2));
            return true;
          },
          onPicked: () => {
            picked = true;
            cancelledInARow.current = 0;
            clearTimeout(renewal);
          },
        });
      } catch (error) {
        // Before the user picks a passkey nobody asked for anything: a failure (the gateway's
        // options, a newer ceremony taking over) is silent, and the button is still there; a
        // prompt the user cancelled offers the passkeys again. After the pick, the user hears
        // why, and the autofill offers the passkeys again, afresh.
        if (!live) return;
        clearTimeout(renewal);
        if (!picked) {
          if (ceremonyFailureOf(error) === 'not-used' && cancelledInARow.current < MAX_AUTOFILL_RETRIES) {
            cancelledInARow.current += 1;
            renew();
          }
          return;
        }
        explain(error);
        renew();
      }
    })();
    return () => {
      live = false;
      clearTimeout(renewal);
      document.removeEventListener('visibilitychange', expire);
      void cancelCeremony().catch(() => undefined);
    };
    // One ceremony per round: `ceremony` is rebuilt each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autofillRound]);

  const signIn = () =>
    flight.run(async () => {
      setMessage(null);
      buttonCeremony.current = true;
      cancelledInARow.current = 0;
      try {
        await ceremony(false);
      } catch (error) {
        explain(error);
        setAutofillRound((round) => round + 1);
      } finally {
        buttonCeremony.current = false;
      }
    });

  return (
    <div className="passkey-sign-in">
      <Button variant="secondary" className="passkey-sign-in__button" onClick={() => void signIn()} busy={flight.busy}>
        {passkeySignInTexts.signInWithPasskey}
      </Button>
      {message ? <FormError>{message}</FormError> : null}
    </div>
  );
}

/** How many cancelled prompts in a row the autofill offers the passkeys again after. */
const MAX_AUTOFILL_RETRIES = 3;
/** How long before its options expire the autofill asks for fresh ones: the gateway's clock began when it sent them. */
const RENEW_BEFORE_EXPIRY_MS = 5_000;

/**
 * A failed passkey sign-in's words: the browser's ceremony's (nothing when a newer one took
 * over), a 429's wait or the gateway's PKERR code's; null for anything else (the internal error).
 */
function failureText(error: unknown): string | null {
  const failure = ceremonyFailureOf(error);
  if (failure) return ceremonyMessage(failure, 'sign-in');
  if (!isApiError(error)) return null;
  return isRateLimited(error) ? rateLimitMessage(error) : passkeySignInMessage(error);
}
