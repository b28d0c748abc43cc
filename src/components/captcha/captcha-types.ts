/** What a captcha implementation receives: where to report the token, and when it is on screen. */
export interface CaptchaProviderProps {
  /** The provider's response token once solved; null when it expires or fails. */
  readonly onChange: (token: string | null) => void;
  /** Called once the captcha can take focus. */
  readonly onReady: () => void;
}
