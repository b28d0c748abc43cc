import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { usePortalForm } from '../../lib/use-portal-form';
import { useRequestUserMfaCode } from '../../../generated/hooks/mfa/mfa';
import { getGetUserCredentialsQueryKey, useGetUserCredentials, useUpdateEmail } from '../../../generated/hooks/profile/profile';
import type { CredentialsResponse } from '../../../generated/models/credentialsResponse';
import type { EmailRequest } from '../../../generated/models/emailRequest';
import { EmailAddressField, emailAddressSchema } from '../../components/email-address/email-address-field';
import { ActionsRow } from '../../components/layout/actions-row';
import { FormFooter } from '../../components/layout/form-footer';
import { Screen } from '../../components/layout/screen';
import { Stack } from '../../components/layout/stack';
import { Button } from '../../components/ui/button';
import { answerData } from '../../lib/api/answer-data';
import { errorToast } from '../../lib/api/error-catalogue';
import { SIGN_IN_ANSWER_FRESH_MS } from '../../lib/constants';
import { maskEmail } from '../../lib/format';
import { notify } from '../../lib/notifications';
import { useStoredSession } from '../../lib/use-stored-session';
import { useSingleFlight } from '../../lib/use-single-flight';
import { codeSent } from '../code-request-failure';
import { useStep } from '../require-step';
import { useJourney } from '../use-journey';
import { focusPageHeading } from '../../components/ui/page-heading';
import { errorTexts } from '../../lib/messages/errors';
import { journeyTexts } from '../../lib/messages/journey';
import { commonTexts } from '../../lib/messages/common';

/**
 * `/update-email`: 'Verify your email address', before the phone in multi-factor adoption. A
 * code goes to the email address (which the user may change first); once it is entered (the
 * code screen's `email` purpose) the address is marked verified and the user adds a phone. A user
 * without an address on record gives one first; credentials that could not be loaded offer Try
 * again (leaving the page would end the adoption).
 */
export function UpdateEmailPage() {
  const { userId } = useStoredSession();
  const step = useStep('email-setup');
  const journey = useJourney();
  // The sign-in asked for the credentials a moment ago: their answer serves, without another round trip.
  const credentials = useGetUserCredentials(userId, { query: { staleTime: SIGN_IN_ANSWER_FRESH_MS } });
  const queryClient = useQueryClient();
  const updateEmail = useUpdateEmail();
  const requestCode = useRequestUserMfaCode();
  const [changed, setChanged] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const flight = useSingleFlight();
  const sendButton = useRef<HTMLButtonElement>(null);
  const otherEmailButton = useRef<HTMLButtonElement>(null);
  /**
   * Opens or closes the address form, the focus going where the user goes on: into the new
   * address's field, or back to the button that opened the form (Cancel) or the one that sends the
   * code to the saved address. Drawn at once, so the element to focus is there (the button pressed
   * is gone, and the focus would fall to the page).
   */
  const edit = (open: boolean, focus: () => void) => {
    flushSync(() => setEditing(open));
    focus();
  };
  const form = usePortalForm<EmailRequest>({ resolver: zodResolver(emailAddressSchema), defaultValues: { email: '' } });

  const stored = credentials.data && answerData(credentials.data);
  const email = changed ?? stored?.emailAddress ?? stored?.email ?? null;
  // No address on record: the form is the only way on, with nothing to cancel back to.
  const addressForm = editing || (credentials.isSuccess && !email);

  const saveEmail = async ({ email: next }: EmailRequest) => {
    let saved = false;
    await flight.run(async () => {
      try {
        await updateEmail.mutateAsync({ data: { email: next } });
        setChanged(next);
        saved = true;
        // The answer kept from the sign-in holds the old address: Back to this page shows the new one.
        queryClient.setQueryData<CredentialsResponse>(getGetUserCredentialsQueryKey(userId), (kept) =>
          kept && 'data' in kept ? { ...kept, data: { ...kept.data, emailAddress: next, email: next } } : kept,
        );
      } catch {
        notify(errorToast(() => errorTexts.updateEmail));
      }
    });
    // Once the call is over, so Send code is not busy as it takes the focus.
    if (saved) edit(false, () => sendButton.current?.focus());
  };

  const start = () =>
    flight.run(async () => {
      if (!email || !(await codeSent(() => requestCode.mutateAsync({ userId, data: { type: 'email' } })))) return;
      journey.advance({ name: 'code-entry', code: { for: 'email', email, setup: null }, back: step });
    });

  return (
    <Screen id="verify-email-heading" heading={journeyTexts.verifyEmailHeading}>
      {!email && credentials.isFetching ? <p aria-busy="true">{journeyTexts.loadingEmail}</p> : null}
      {!email && credentials.isError && !credentials.isFetching ? (
        <>
          <p role="alert">{journeyTexts.emailNotLoaded}</p>
          <ActionsRow>
            <Button
              onClick={() => {
                // The button goes while the address is asked for again.
                focusPageHeading();
                void credentials.refetch();
              }}
            >
              {commonTexts.tryAgain}
            </Button>
          </ActionsRow>
        </>
      ) : null}
      {email && !addressForm ? (
        <>
          <p>{journeyTexts.confirmEmail({ email: maskEmail(email) })}</p>
          <ActionsRow>
            <Button ref={sendButton} onClick={() => void start()} busy={flight.busy}>
              {commonTexts.sendCode}
            </Button>
            <Button ref={otherEmailButton} variant="link" onClick={() => edit(true, () => form.setFocus('email'))}>
              {journeyTexts.useDifferentEmail}
            </Button>
          </ActionsRow>
        </>
      ) : null}
      {addressForm ? (
        <form noValidate onSubmit={form.handleSubmit(saveEmail)}>
          <Stack>
            <EmailAddressField form={form} />
            <FormFooter
              submit={journeyTexts.saveEmail}
              busy={flight.busy}
              secondary={
                email ? { text: commonTexts.cancel, onClick: () => edit(false, () => otherEmailButton.current?.focus()) } : undefined
              }
            />
          </Stack>
        </form>
      ) : null}
    </Screen>
  );
}
