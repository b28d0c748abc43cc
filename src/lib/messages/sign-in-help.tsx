import { msg } from '@lingui/core/macro';
import { areaLoaded } from '../i18n/locale';
import { catalogue } from '../i18n/catalogue';
import type { ReactElement } from 'react';
import { rich } from '../i18n/rich';

/** The sign-in page's two modals ('Create Your Account', 'What can we help you with?'), loaded when one opens. */
export const signInHelpTexts = catalogue({
  createAccountTitle: msg`Create Your Account`,
  close: msg`Close`,
  eligibility: msg`If you are eligible for your employer's 401(k) plan, you will receive an enrollment email with a link to create your account. Eligibility depends on your plan's rules, so not every employee receives one right away.`,
  /** The brand's email address and phone number, either or both. */
  /** `<0/>` is the address, `<1/>` the phone number. */
  notReceivedContact: ({ address, phone }: { readonly address: ReactElement | null; readonly phone: ReactElement | null }) =>
    address && phone
      ? rich(msg`Haven't received it? Contact <0/> or call <1/>.`, { 0: address, 1: phone })
      : phone
        ? rich(msg`Haven't received it? Contact us at <1/>.`, { 1: phone })
        : rich(msg`Haven't received it? Contact <0/>.`, { 0: address ?? <></> }),
  notReceived: msg`Haven't received it? Please contact your plan administrator.`,
  /** `link`: the partners page's link, which wraps the words "partners page". */
  advisorRequest: ({ link }: { readonly link: ReactElement }) =>
    rich(msg`Are you an advisor? Please request an account on our <0>partners page</0>.`, { 0: link }),
  helpTitle: msg`What can we help you with?`,
  forgotUsername: msg`I forgot my username`,
  forgotPassword: msg`I forgot my password`,
  helpCenter: msg`Help Center`,
});

await areaLoaded('sign-in-help');
