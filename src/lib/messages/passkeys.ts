/*
 * Passkeys and recovery codes: this contract's extension, not the spec's, so these are the
 * portal's own words, plain for a participant who signs in now and then. Every message names a
 * way forward.
 */

/** The sign-in form's passkey button and what a passkey sign-in can answer. */
export const passkeySignInTexts = {
  /**
   * Not "Sign in with a passkey": a control named so would also answer to "Sign In", the spec's
   * button, for anyone who finds buttons by their name (tests, voice control's "click Sign In").
   */
  signInWithPasskey: 'Use a passkey',
  /** A prompt cancelled or timed out, or no passkey on this device: the browser does not say which. */
  notUsed: 'No passkey was used. Try again, or sign in with your username and password.',
  expired: 'The passkey request expired. Please try again.',
  unknown:
    'This passkey is no longer registered with your account. Sign in with your username and password, then add a new passkey in your profile.',
  notVerified: 'We could not verify your passkey. Try again, or sign in with your username and password.',
} as const;

/** The profile's passkeys, the offer after a sign-in, and the registration they share. */
export const passkeyTexts = {
  heading: 'Passkeys and recovery codes',
  passkeysHeading: 'Passkeys',
  passkeysIntro: 'A passkey signs you in with your fingerprint, your face or your screen lock, instead of a password and a code.',
  none: 'You have not added a passkey yet.',
  unsupported: 'This browser cannot use passkeys. You can add one from a browser that can.',
  add: 'Add a passkey',
  name: 'Passkey name',
  nameHint: 'A name to tell your passkeys apart, up to 64 characters.',
  nameRequired: 'Passkey name is required',
  nameTooLong: 'Use 64 characters or fewer.',
  nameNotValid: 'Use letters, numbers, spaces and punctuation only.',
  added: ({ date }: { readonly date: string }) => `Added ${date}`,
  lastUsed: ({ date }: { readonly date: string }) => `Last used ${date}`,
  neverUsed: 'Not used yet',
  deviceKind: ({ kind }: { readonly kind: string }) => `On ${kind}`,
  rename: 'Rename',
  renameLabel: ({ name }: { readonly name: string }) => `Rename ${name}`,
  save: 'Save',
  remove: 'Remove',
  removeLabel: ({ name }: { readonly name: string }) => `Remove ${name}`,
  removeTitle: 'Remove this passkey?',
  removeText: ({ name }: { readonly name: string }) =>
    `You will no longer be able to sign in with ${name}. Your device may still offer it until you delete it there too.`,
  addedNotice: 'Your passkey was added. Next time, sign in with it.',
  renamedNotice: 'Your passkey was renamed.',
  removedNotice: 'Your passkey was removed.',
  notCreated: 'No passkey was added. Try again when you are ready.',
  alreadyOnDevice: 'This device already has a passkey for your account.',
  expired: 'The request expired. Please try again.',
  notVerified: 'We could not verify the new passkey. Please try again.',
  notFound: 'That passkey was already removed.',
  tooMany: 'You have 20 passkeys, the most an account can have. Remove one before adding another.',
  backToProfile: 'Back to your profile',
  loading: 'Loading your passkeys…',
  listFailed: 'We could not load your passkeys. Please try again.',
  /** A gateway that did not answer, or answered with an error of its own (5xx, the network). */
  failed: 'Something went wrong on our side. Please try again.',
  /** What kind of authenticator holds a passkey (the contract's DeviceKind), after "On". */
  deviceKinds: {
    synced: 'your synced devices',
    platform: 'one device',
    'security-key': 'a security key',
    phone: 'a phone',
  },
  yourPasskeys: 'Your passkeys',

  offerHeading: 'Sign in faster next time',
  offerText: 'Add a passkey to this device and sign in with your fingerprint, your face or your screen lock. No password or code needed.',
  notNow: 'Not now',
} as const;

/** The profile's recovery codes and the code step's recovery-code form. */
export const recoveryCodeTexts = {
  heading: 'Recovery codes',
  intro: 'If you cannot get a one-time code (a lost phone, say), a recovery code signs you in instead. Each code works once.',
  never: 'You have not generated recovery codes yet.',
  left: ({ count }: { readonly count: number }) =>
    count === 1 ? 'You have 1 recovery code left.' : `You have ${count} recovery codes left.`,
  fewLeft: ({ count }: { readonly count: number }) =>
    count === 0
      ? 'You have no recovery codes left. Generate a new set so you can still sign in if you lose your phone.'
      : `Only ${count} left. Generate a new set so you can still sign in if you lose your phone.`,
  generate: 'Generate recovery codes',
  regenerate: 'Generate new codes',
  regenerateTitle: 'Generate new recovery codes?',
  regenerateText: 'Your current recovery codes will stop working, including any you have not used.',
  newHeading: 'Your new recovery codes',
  newIntro: 'Save these codes somewhere safe, such as a password manager or a printed copy. They are shown only this once.',
  copy: 'Copy codes',
  copied: 'Codes copied!',
  download: 'Download as a text file',
  print: 'Print',
  fileName: 'recovery-codes.txt',
  fileHeading: 'Recovery codes. Each code works once, in place of a one-time code.',
  saved: 'I have saved these codes',
  done: 'Done',
  codesLabel: 'Your recovery codes, one per line',
  copyFailed: 'The codes could not be copied. Select them and copy them yourself, or download them.',
  loading: 'Checking your recovery codes…',
  statusFailed: 'We could not check your recovery codes. Please try again.',
  generateFailed: 'We could not generate recovery codes. Please try again.',

  useInstead: 'Use a recovery code instead',
  useOneTimeCode: 'Use a one-time code instead',
  code: 'Recovery code',
  codeHint: 'One of the codes you saved, such as abcd-1234.',
  required: 'Recovery code is required',
  format: 'Enter the code as you saved it: letters and numbers, such as abcd-1234.',
  notValid: 'That recovery code is not valid. Check it and try again.',
  used: 'That recovery code was already used. Each code works once: try another.',
  noneLeft: 'You have no recovery codes left. Use a one-time code instead.',
} as const;
