import { msg, plural } from '@lingui/core/macro';
import { areaLoaded } from '../i18n/locale';
import { catalogue } from '../i18n/catalogue';
/*
 * Passkeys and recovery codes: this contract's extension, not the spec's, so these are the
 * portal's own words, plain for a participant who signs in now and then. Every message names a
 * way forward.
 */

/** The sign-in form's passkey button and what a passkey sign-in can answer. */
export const passkeySignInTexts = catalogue({
  /**
   * Not "Sign in with a passkey": a control named so would also answer to "Sign In", the spec's
   * button, for anyone who finds buttons by their name (tests, voice control's "click Sign In").
   */
  signInWithPasskey: msg`Use a passkey`,
  /** A prompt cancelled or timed out, or no passkey on this device: the browser does not say which. */
  notUsed: msg`No passkey was used. Try again, or sign in with your username and password.`,
  expired: msg`The passkey request expired. Please try again.`,
  unknown: msg`This passkey is no longer registered with your account. Sign in with your username and password, then add a new passkey in your profile.`,
  notVerified: msg`We could not verify your passkey. Try again, or sign in with your username and password.`,
});

/** The profile's passkeys, the offer after a sign-in, and the registration they share. */
export const passkeyTexts = catalogue({
  heading: msg`Passkeys and recovery codes`,
  passkeysHeading: msg`Passkeys`,
  passkeysIntro: msg`A passkey signs you in with your fingerprint, your face or your screen lock, instead of a password and a code.`,
  none: msg`You have not added a passkey yet.`,
  unsupported: msg`This browser cannot use passkeys. You can add one from a browser that can.`,
  add: msg`Add a passkey`,
  name: msg`Passkey name`,
  nameHint: msg`A name to tell your passkeys apart, up to 64 characters.`,
  nameRequired: msg`Passkey name is required`,
  nameTooLong: msg`Use 64 characters or fewer.`,
  nameNotValid: msg`Use letters, numbers, spaces and punctuation only.`,
  added: ({ date }: { readonly date: string }) => msg`Added ${date}`,
  lastUsed: ({ date }: { readonly date: string }) => msg`Last used ${date}`,
  neverUsed: msg`Not used yet`,
  deviceKind: ({ kind }: { readonly kind: string }) => msg`On ${kind}`,
  /** A new passkey's name until the user changes it: the browser and the system it was made on. */
  deviceName: ({ browser, system }: { readonly browser: string; readonly system: string }) => msg`${browser} on ${system}`,
  thisDevice: msg`This device`,
  rename: msg`Rename`,
  renameLabel: ({ name }: { readonly name: string }) => msg`Rename ${name}`,
  save: msg`Save`,
  remove: msg`Remove`,
  removeLabel: ({ name }: { readonly name: string }) => msg`Remove ${name}`,
  removeTitle: msg`Remove this passkey?`,
  removeText: ({ name }: { readonly name: string }) =>
    msg`You will no longer be able to sign in with ${name}. Your device may still offer it until you delete it there too.`,
  addedNotice: msg`Your passkey was added. Next time, sign in with it.`,
  renamedNotice: msg`Your passkey was renamed.`,
  removedNotice: msg`Your passkey was removed.`,
  notCreated: msg`No passkey was added. Try again when you are ready.`,
  alreadyOnDevice: msg`This device already has a passkey for your account.`,
  expired: msg`The request expired. Please try again.`,
  notVerified: msg`We could not verify the new passkey. Please try again.`,
  notFound: msg`That passkey was already removed.`,
  tooMany: msg`You have 20 passkeys, the most an account can have. Remove one before adding another.`,
  backToProfile: msg`Back to your profile`,
  loading: msg`Loading your passkeys…`,
  listFailed: msg`We could not load your passkeys. Please try again.`,
  /** A gateway that did not answer, or answered with an error of its own (5xx, the network). */
  failed: msg`Something went wrong on our side. Please try again.`,
  /** What kind of authenticator holds a passkey (the contract's DeviceKind), after "On". */
  deviceKinds: ({ kind }: { readonly kind: 'synced' | 'platform' | 'security-key' | 'phone' }) =>
    ({
      synced: msg`your synced devices`,
      platform: msg`one device`,
      'security-key': msg`a security key`,
      phone: msg`a phone`,
    })[kind],
  yourPasskeys: msg`Your passkeys`,

  offerHeading: msg`Sign in faster next time`,
  offerText: msg`Add a passkey to this device and sign in with your fingerprint, your face or your screen lock. No password or code needed.`,
  notNow: msg`Not now`,
});

/** The profile's recovery codes and the code step's recovery-code form. */
export const recoveryCodeTexts = catalogue({
  heading: msg`Recovery codes`,
  intro: msg`If you cannot get a one-time code (a lost phone, say), a recovery code signs you in instead. Each code works once.`,
  never: msg`You have not generated recovery codes yet.`,
  left: ({ count }: { readonly count: number }) =>
    msg`${plural(count, { one: 'You have # recovery code left.', other: 'You have # recovery codes left.' })}`,
  fewLeft: ({ count }: { readonly count: number }) =>
    count === 0
      ? msg`You have no recovery codes left. Generate a new set so you can still sign in if you lose your phone.`
      : msg`Only ${count} left. Generate a new set so you can still sign in if you lose your phone.`,
  generate: msg`Generate recovery codes`,
  regenerate: msg`Generate new codes`,
  regenerateTitle: msg`Generate new recovery codes?`,
  regenerateText: msg`Your current recovery codes will stop working, including any you have not used.`,
  newHeading: msg`Your new recovery codes`,
  newIntro: msg`Save these codes somewhere safe, such as a password manager or a printed copy. They are shown only this once.`,
  copy: msg`Copy codes`,
  copied: msg`Codes copied!`,
  download: msg`Download as a text file`,
  print: msg`Print`,
  fileName: msg`recovery-codes.txt`,
  fileHeading: msg`Recovery codes. Each code works once, in place of a one-time code.`,
  saved: msg`I have saved these codes`,
  done: msg`Done`,
  codesLabel: msg`Your recovery codes, one per line`,
  copyFailed: msg`The codes could not be copied. Select them and copy them yourself, or download them.`,
  loading: msg`Checking your recovery codes…`,
  statusFailed: msg`We could not check your recovery codes. Please try again.`,
  generateFailed: msg`We could not generate recovery codes. Please try again.`,

  useInstead: msg`Use a recovery code instead`,
  useOneTimeCode: msg`Use a one-time code instead`,
  code: msg`Recovery code`,
  codeHint: msg`One of the codes you saved, such as abcd-1234.`,
  required: msg`Recovery code is required`,
  format: msg`Enter the code as you saved it: letters and numbers, such as abcd-1234.`,
  notValid: msg`That recovery code is not valid. Check it and try again.`,
  used: msg`That recovery code was already used. Each code works once: try another.`,
  noneLeft: msg`You have no recovery codes left. Use a one-time code instead.`,
});

await areaLoaded('passkeys');
