import type { ReactNode } from 'react';

/** The sign-in page's two modals ('Create Your Account', 'What can we help you with?'), loaded when one opens. */
export const signInHelpTexts = {
  createAccountTitle: 'Create Your Account',
  close: 'Close',
  eligibility:
    "If you are eligible for your employer's 401(k) plan, you will receive an enrollment email with a link to create your account. Eligibility depends on your plan's rules, so not every employee receives one right away.",
  /** The brand's email address and phone number, either or both. */
  notReceivedContact: ({ address, phone }: { readonly address: ReactNode; readonly phone: ReactNode }) => (
    <>
      Haven&apos;t received it? Contact {address}
      {address && phone ? ' or call ' : phone ? 'us at ' : null}
      {phone}.
    </>
  ),
  notReceived: "Haven't received it? Please contact your plan administrator.",
  advisorRequest: ({ link }: { readonly link: (text: string) => ReactNode }) => (
    <>Are you an advisor? Please request an account on our {link('partners page')}.</>
  ),
  helpTitle: 'What can we help you with?',
  forgotUsername: 'I forgot my username',
  forgotPassword: 'I forgot my password',
  helpCenter: 'Help Center',
} as const;
