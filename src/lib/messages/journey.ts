import { msg, plural } from '@lingui/core/macro';
import { areaLoaded } from '../i18n/locale';
import { catalogue } from '../i18n/catalogue';
/**
 * The sign-in journey's texts after the credentials: the security question, the choice of
 * method, code entry, multi-factor adoption, and the phone and email set-ups.
 */
export const journeyTexts = catalogue({
  securityQuestionHeading: msg`Answer Your Security Question`,
  unrecognisedComputer: msg`We don't recognize this computer.`,
  whyAsked: msg`Why am I asked this?`,
  whyAskedAnswer: msg`You are signing in from a computer or browser we have not seen before. To make sure it is you, please answer your security question. Select 'Remember this computer' so we don't ask again on this computer.`,
  loadingQuestion: msg`Loading your question…`,
  securityAnswer: msg`Security Answer`,
  securityAnswerRequired: msg`Security Answer is required`,
  securityAnswerTooLong: msg`Security Answer is too long`,
  rememberComputer: msg`Remember this computer`,
  signIn: msg`Sign In`,

  verifyIdentity: msg`Verify your identity`,
  loadingMethods: msg`Loading your verification methods…`,
  sendingCode: msg`Sending your code…`,
  noMethodTitle: msg`We could not find a way to send you a code`,
  noMethod: ({ supportPhone }: { readonly supportPhone: string | null | undefined }) =>
    supportPhone ? msg`Please contact customer service at ${supportPhone} to sign in.` : msg`Please contact customer service to sign in.`,
  oneTimeCodeNeeded: msg`To keep your account secure, we need to send you a one-time code.`,
  chooseMethod: msg`How would you like to receive your code?`,
  methodSms: ({ phone }: { readonly phone: string }) => msg`Text message to ${phone}`,
  methodCall: ({ phone }: { readonly phone: string }) => msg`Voice call to ${phone}`,
  methodEmail: ({ email }: { readonly email: string }) => msg`Email to ${email}`,
  /** An authenticator app the gateway names no name for. */
  defaultAppName: msg`Authenticator app`,
  methodTotp: ({ app }: { readonly app: string }) => msg`Authenticator app: ${app}`,
  sentSms: ({ phone }: { readonly phone: string }) => msg`We sent a code by text message to ${phone}.`,
  sentCall: ({ phone }: { readonly phone: string }) => msg`We are calling ${phone} with your code.`,
  sentEmail: ({ email }: { readonly email: string }) => msg`We sent a code to ${email}.`,
  sentTotp: ({ app }: { readonly app: string }) => msg`Enter the code shown in your authenticator app (${app}).`,

  enterCode: msg`Enter the code`,
  code: msg`Code`,
  codeHint: ({ digits }: { readonly digits: number }) => msg`Up to ${digits} digits`,
  newCodeSent: msg`We sent you a new code.`,
  /** After a lockout's message (the gateway's). */
  callCustomerService: ({ supportPhone }: { readonly supportPhone: string | null | undefined }) =>
    supportPhone ? msg`Please call customer service at ${supportPhone}.` : msg`Please call customer service.`,
  requestNewCodeIn: ({ seconds }: { readonly seconds: number }) =>
    msg`${plural(seconds, { one: 'You can request a new code in # second.', other: 'You can request a new code in # seconds.' })}`,
  sendNewCode: msg`Send a new code`,
  canRequestNewCode: msg`You can now request a new code.`,

  adoptionHeading: msg`Add an extra layer of security to your account`,
  loading: msg`Loading…`,
  deadlineNotLoaded: msg`Your deadline could not be loaded. You can still set up the verification step now.`,
  deadline: ({ date }: { readonly date: string }) =>
    msg`Please set up this verification step by ${date}. After this date, you will only be able to login into your account with the code.`,
  adoptionPitch: msg`Protect your retirement savings with a one-time code: when you sign in on a new computer, we'll send a code to your phone to make sure it is you. It takes a minute to set up.`,
  setUpNow: msg`Set up now`,
  remindMeLater: msg`Remind me later`,

  setupPhoneHeading: msg`Lastly, add an extra layer of security to your account`,
  phoneMethodHeading: msg`How should we send your code?`,
  phoneMethodLegend: msg`Send the code to verify your number by`,
  textMessage: msg`Text message`,
  voiceCall: msg`Voice call`,

  verifyEmailHeading: msg`Verify your email address`,
  loadingEmail: msg`Loading your email address…`,
  emailNotLoaded: msg`Your email address could not be loaded. Please try again later.`,
  confirmEmail: ({ email }: { readonly email: string }) =>
    msg`Before you add a phone, please confirm your email address. We'll send a code to ${email}.`,
  useDifferentEmail: msg`Use a different email address`,
  saveEmail: msg`Save email address`,
});

await areaLoaded('journey');
