/**
 * The sign-in journey's texts after the credentials: the security question, the choice of
 * method, code entry, multi-factor adoption, and the phone and email set-ups.
 */
export const journeyTexts = {
  securityQuestionHeading: 'Answer Your Security Question',
  unrecognisedComputer: "We don't recognize this computer.",
  whyAsked: 'Why am I asked this?',
  whyAskedAnswer:
    "You are signing in from a computer or browser we have not seen before. To make sure it is you, please answer your security question. Select 'Remember this computer' so we don't ask again on this computer.",
  loadingQuestion: 'Loading your question…',
  securityAnswer: 'Security Answer',
  securityAnswerRequired: 'Security Answer is required',
  securityAnswerTooLong: 'Security Answer is too long',
  rememberComputer: 'Remember this computer',
  signIn: 'Sign In',

  verifyIdentity: 'Verify your identity',
  loadingMethods: 'Loading your verification methods…',
  sendingCode: 'Sending your code…',
  noMethodTitle: 'We could not find a way to send you a code',
  noMethod: ({ supportPhone }: { readonly supportPhone: string | null | undefined }) =>
    supportPhone ? `Please contact customer service at ${supportPhone} to sign in.` : 'Please contact customer service to sign in.',
  oneTimeCodeNeeded: 'To keep your account secure, we need to send you a one-time code.',
  chooseMethod: 'How would you like to receive your code?',
  methodSms: ({ phone }: { readonly phone: string }) => `Text message to ${phone}`,
  methodCall: ({ phone }: { readonly phone: string }) => `Voice call to ${phone}`,
  methodEmail: ({ email }: { readonly email: string }) => `Email to ${email}`,
  methodTotp: ({ app }: { readonly app: string }) => `Authenticator app: ${app}`,
  sentSms: ({ phone }: { readonly phone: string }) => `We sent a code by text message to ${phone}.`,
  sentCall: ({ phone }: { readonly phone: string }) => `We are calling ${phone} with your code.`,
  sentEmail: ({ email }: { readonly email: string }) => `We sent a code to ${email}.`,
  sentTotp: ({ app }: { readonly app: string }) => `Enter the code shown in your authenticator app (${app}).`,

  enterCode: 'Enter the code',
  code: 'Code',
  codeHint: ({ digits }: { readonly digits: number }) => `Up to ${digits} digits`,
  newCodeSent: 'We sent you a new code.',
  /** After a lockout's message (the gateway's). */
  callCustomerService: ({ supportPhone }: { readonly supportPhone: string | null | undefined }) =>
    supportPhone ? `Please call customer service at ${supportPhone}.` : 'Please call customer service.',
  requestNewCodeIn: ({ seconds }: { readonly seconds: number }) =>
    `You can request a new code in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
  sendNewCode: 'Send a new code',
  canRequestNewCode: 'You can now request a new code.',

  adoptionHeading: 'Add an extra layer of security to your account',
  loading: 'Loading…',
  deadlineNotLoaded: 'Your deadline could not be loaded. You can still set up the verification step now.',
  deadline: ({ date }: { readonly date: string }) =>
    `Please set up this verification step by ${date}. After this date, you will only be able to login into your account with the code.`,
  adoptionPitch:
    "Protect your retirement savings with a one-time code: when you sign in on a new computer, we'll send a code to your phone to make sure it is you. It takes a minute to set up.",
  setUpNow: 'Set up now',
  remindMeLater: 'Remind me later',

  setupPhoneHeading: 'Lastly, add an extra layer of security to your account',
  phoneMethodHeading: 'How should we send your code?',
  phoneMethodLegend: 'Send the code to verify your number by',
  textMessage: 'Text message',
  voiceCall: 'Voice call',

  verifyEmailHeading: 'Verify your email address',
  loadingEmail: 'Loading your email address…',
  emailNotLoaded: 'Your email address could not be loaded. Please try again later.',
  confirmEmail: ({ email }: { readonly email: string }) =>
    `Before you add a phone, please confirm your email address. We'll send a code to ${email}.`,
  useDifferentEmail: 'Use a different email address',
  saveEmail: 'Save email address',
} as const;
