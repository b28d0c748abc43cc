/** Account setup's steps: the username, the password, the email address. */
export const accountSetupTexts = {
  usernameHeading: 'Choose your username',
  usernameUse: 'You will use it to sign in to your account.',
  username: 'Username',
  usernameHint: '4 to 16 letters and numbers, starting with a letter',
  usernameRequired: 'Username is required',
  usernameRule: 'Your username must be 4 to 16 letters and numbers, starting with a letter.',
  usernameTakenMeanwhile: 'It seems before you could validate your account, another user registered this username',
  passwordHeading: 'Create your password',
  emailHeading: 'Enter your email address',
  emailCodeNext: "We'll send a code to this address to verify it in the next step.",
} as const;
