/** The spec's business constants (section 9), in one place. Times in milliseconds unless named. */

/** The application's name: the document title until branding names the brand, and the log's app. */
export const APP_NAME = 'Sign In';

/** The idle warning counts down this many seconds before signing out. */
export const IDLE_WARNING_SECONDS = 30;
/** While signed in, a keep-alive goes out at least this often. */
export const KEEP_ALIVE_INTERVAL_MS = 10 * 60 * 1000;
/** User activity sends a keep-alive at most this often. */
export const ACTIVITY_THROTTLE_MS = 500;
/**
 * The first screen waits at most this long for the brand and the announcements before it paints
 * without them (they are preloaded beside the script, so normally they are there first).
 */
export const FIRST_PAINT_WAIT_MS = 1000;
/** How long the brand's answer waits before it is asked a second time, when the first try failed. */
export const PUBLIC_CONTENT_RETRY_MS = 1000;
/** How often the auth cookie is checked for a change made by another tab or application. */
export const AUTH_COOKIE_POLL_MS = 1500;
/** A guarded route that refuses redirects to login after this delay. */
export const GUARD_REDIRECT_DELAY_MS = 50;
/** Notifications with a timeout close after this long. */
export const NOTIFICATION_TIMEOUT_MS = 5000;
/** Focus moves to the captcha after this delay. */
export const CAPTCHA_FOCUS_DELAY_MS = 100;
/** A one-time code has up to this many digits, on every channel (text, voice call, email, app). */
export const MFA_CODE_LENGTH = 6;
/** Account setup's steps: username, password, email, its code, phone, the phone's method, its code. */
export const ACCOUNT_SETUP_STEPS = 7;
/**
 * How long the answers a sign-in gathered stay good for the screens it leads to (optional
 * adoption's deadline, the email to verify): they were asked a moment ago, so asking again
 * would only add a round trip.
 */
export const SIGN_IN_ANSWER_FRESH_MS = 60_000;
/**
 * How long a sign-in waits for the user's passkeys once its other answers are in (all asked
 * together) before it goes on without offering one: the offer is an extra (this contract's
 * extension), never a delay.
 */
export const PASSKEY_OFFER_GRACE_MS = 3000;
/** Seconds before a one-time code may be sent again. */
export const RESEND_COUNTDOWN_SECONDS = 60;
/** Mandatory multi-factor adoption: the text changes within this many days of the date. */
export const ADOPTION_NOTICE_DAYS = 60;
/** 'Remind me later' postpones adoption by this many days, or the short delay near the date. */
export const ADOPTION_REMINDER_DAYS = 7;
export const ADOPTION_SHORT_REMINDER_DAYS = 3;
export const ADOPTION_SHORT_REMINDER_WINDOW_DAYS = 14;
/** Option choice ids and the adoption reminder's setting. */
export const OPTION_SMS = 20;
export const OPTION_MFA_ACTIVE = 190;
export const OPTION_MFA_ADOPTION = 9930;
export const SETTING_ADOPTION_REMINDER = 270;
/** The phone type used for one-time codes. */
export const PHONE_TYPE_MFA = 30;
/** The copy button of the authenticator-app link says 'Link copied!' for this long. */
export const LINK_COPIED_MS = 2000;
/** The profile warns when this many recovery codes or fewer are left (the contract's RecoveryCodeStatus). */
export const RECOVERY_CODES_WARNING_AT = 3;
/** The copy button of new recovery codes says 'Codes copied!' for this long. */
export const CODES_COPIED_MS = 2000;
