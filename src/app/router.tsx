import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { HashRouter, Navigate, parsePath, Route, Routes, useLocation, type Path } from 'react-router-dom';
import { AppFrame } from '../components/layout/app-frame';
import { OptionalPart } from '../components/layout/optional-part';
import { PublicShell } from '../components/layout/public-shell';
import { SignInPage } from '../journey/credentials/sign-in-page';
import { env } from '../lib/env';
import { useLocale } from '../lib/i18n/locale';
import { paths } from '../lib/paths';
import { useSessionState } from '../lib/session';
import { AdoptionLock } from './adoption-lock';
import { ApiErrorPolicy } from './api-error-policy';
import type { RequireStepProps } from '../journey/require-step';
import { RequireSession, RequireStoredSession } from './route-guard';
import { SessionWatcher } from './session-watcher';

/** A lazily loaded screen (or guard), inside the app's query client, which loads with it. */
function screen<K extends string, P extends object>(load: () => Promise<Record<K, ComponentType<P>>>, name: K) {
  return lazy(() =>
    Promise.all([load(), import('../lib/query-scope')]).then(([module, { withQueryClient }]) => ({
      default: withQueryClient(module[name]),
    })),
  );
}

const WhatsNewPage = screen(() => import('../flows/announcements/whats-new-page'), 'WhatsNewPage');
const LogoutFeedbackPage = screen(() => import('../flows/session/logout-feedback-page'), 'LogoutFeedbackPage');
const RedirectLoginPage = screen(() => import('../flows/session/redirect-login-page'), 'RedirectLoginPage');
const SessionExpiredPage = screen(() => import('../flows/session/session-expired-page'), 'SessionExpiredPage');
const IdleTimeout = screen(() => import('./idle-timeout'), 'IdleTimeout');
const RequireStep = screen<'RequireStep', RequireStepProps>(() => import('../journey/require-step'), 'RequireStep');
const SecurityQuestionPage = screen(() => import('../journey/security-question/security-question-page'), 'SecurityQuestionPage');
const OptionalAdoptionPage = screen(() => import('../journey/adoption/optional-adoption-page'), 'OptionalAdoptionPage');
const MfaPage = screen(() => import('../journey/method-choice/mfa-page'), 'MfaPage');
const CodeEntryPage = screen(() => import('../journey/code-entry/code-entry-page'), 'CodeEntryPage');
const PhoneSetupPage = screen(() => import('../journey/phone-setup/phone-setup-page'), 'PhoneSetupPage');
const UpdateEmailPage = screen(() => import('../journey/email-setup/update-email-page'), 'UpdateEmailPage');
const SetupEntry = screen(() => import('../journey/account-setup/setup-entry'), 'SetupEntry');
const SetupUsernamePage = screen(() => import('../journey/account-setup/setup-username-page'), 'SetupUsernamePage');
const SetupPasswordPage = screen(() => import('../journey/account-setup/setup-password-page'), 'SetupPasswordPage');
const SetupEmailPage = screen(() => import('../journey/account-setup/setup-email-page'), 'SetupEmailPage');
const UsernameTakenPage = screen(() => import('../journey/account-setup/username-taken-page'), 'UsernameTakenPage');
const ResetUsernamePage = screen(() => import('../flows/recovery/reset-username-page'), 'ResetUsernamePage');
const ResetSecurityQuestionPage = screen(() => import('../flows/recovery/reset-security-question-page'), 'ResetSecurityQuestionPage');
const ResetSuccessPage = screen(() => import('../flows/recovery/reset-success-page'), 'ResetSuccessPage');
const NewPasswordPage = screen(() => import('../flows/recovery/new-password-page'), 'NewPasswordPage');
const ForgotUsernamePage = screen(() => import('../flows/recovery/forgot-username-page'), 'ForgotUsernamePage');
const PasswordChangePage = screen(() => import('../flows/recovery/password-change-page'), 'PasswordChangePage');
const RequireResetLinkToken = screen(() => import('./link-token-guard'), 'RequireResetLinkToken');
const TokenPage = screen(() => import('../flows/verification-links/token-page'), 'TokenPage');
const EmailVerificationPage = screen(() => import('../flows/verification-links/email-verification-page'), 'EmailVerificationPage');
const InvitePage = screen(() => import('../flows/verification-links/invite-page'), 'InvitePage');
const AccountMappingPage = screen(() => import('../flows/verification-links/account-mapping-page'), 'AccountMappingPage');
const TotpRegistrationRoute = screen(() => import('../flows/totp/totp-registration'), 'TotpRegistrationRoute');
const RequireTotpRegistration = screen(() => import('./totp-registration-guard'), 'RequireTotpRegistration');
const TotpSetupPage = screen(() => import('../flows/totp/totp-setup-page'), 'TotpSetupPage');
const QrCodePage = screen(() => import('../flows/totp/qr-code-page'), 'QrCodePage');
const AuthAppPage = screen(() => import('../flows/totp/auth-app-page'), 'AuthAppPage');
const AuthCodePage = screen(() => import('../flows/totp/auth-code-page'), 'AuthCodePage');
const ProfileUpdatePhonePage = screen(() => import('../flows/profile/profile-update-phone-page'), 'ProfileUpdatePhonePage');
const ProfileMfaVerificationPage = screen(() => import('../flows/profile/profile-mfa-verification-page'), 'ProfileMfaVerificationPage');
const PasskeyOfferPage = screen(() => import('../journey/passkey/passkey-offer-page'), 'PasskeyOfferPage');
const ProfileSecurityPage = screen(() => import('../flows/profile-security/profile-security-page'), 'ProfileSecurityPage');

const child = (path: string) => path.replace(/^\/[^/]*\/?/, '');
const top = (path: string) => path.slice(1);
/** A journey step's screen, behind the guard that gives it its step. */
const stepRoute = (guard: RequireStepProps, path: string, element: ReactNode) => (
  <Route element={<RequireStep {...guard} />}>
    <Route path={path} element={element} />
  </Route>
);

/**
 * The whole route table (spec section 2): lazy screens, guards at route level, unknown paths to
 * the root. Every path is one of `paths` (src/lib/paths.ts), and every one of `paths` is here: a
 * test walks the table to hold both to that, and the end-to-end check of every route at every
 * width reads `paths`.
 */
export const routeTable = () => (
  <Route element={<AppFrame />}>
    <Route element={<PublicShell />}>
      <Route index element={<SignInPage />} />
      {stepRoute({ name: 'security-question' }, top(paths.securityQuestion), <SecurityQuestionPage />)}
    </Route>
    {/* The user has signed in, so the shell offers no sign-in help. */}
    <Route element={<PublicShell signedIn />}>
      {stepRoute({ name: 'optional-adoption' }, top(paths.optionalAdoption), <OptionalAdoptionPage />)}
      {stepRoute({ name: 'passkey-offer' }, top(paths.passkeyOffer), <PasskeyOfferPage />)}
    </Route>
    <Route path={top(paths.login)} element={<Navigate to={paths.signIn} replace />} />
    <Route path={top(paths.logoutFeedback)} element={<LogoutFeedbackPage />} />
    <Route path={top(paths.redirectLogin)} element={<RedirectLoginPage />} />
    <Route path={top(paths.forgotUsername)} element={<ForgotUsernamePage />} />
    <Route element={<RequireSession />}>
      <Route path={top(paths.password)} element={<PasswordChangePage />} />
    </Route>
    <Route path={top(paths.resetPassword)}>
      <Route index element={<ResetUsernamePage />} />
      {stepRoute(
        { name: 'reset-question', fallback: paths.resetPassword },
        child(paths.resetSecurityQuestion),
        <ResetSecurityQuestionPage />,
      )}
      <Route element={<RequireResetLinkToken />}>
        <Route path={child(paths.resetNewPassword)} element={<NewPasswordPage />} />
      </Route>
      <Route path={child(paths.resetSuccess)} element={<ResetSuccessPage />} />
    </Route>
    <Route element={<RequireSession />}>
      {/* A reload starts the setup again at step 1, or at the phone once its credentials are saved (journey.ts's resume). */}
      <Route path={top(paths.accountSetup)}>
        <Route index element={<SetupEntry />} />
        {stepRoute({ name: 'setup-username', begin: 'setup' }, child(paths.accountSetupUsername), <SetupUsernamePage />)}
        {stepRoute({ name: 'setup-password', fallback: paths.accountSetup }, child(paths.accountSetupPassword), <SetupPasswordPage />)}
        {stepRoute({ name: 'setup-email', fallback: paths.accountSetup }, child(paths.accountSetupEmail), <SetupEmailPage />)}
        {stepRoute(
          { name: 'setup-username-taken', fallback: paths.accountSetup },
          child(paths.accountSetupUsernameTaken),
          <UsernameTakenPage />,
        )}
        {stepRoute({ name: 'phone-setup', fallback: paths.accountSetup }, child(paths.accountSetupPhone), <PhoneSetupPage />)}
      </Route>
    </Route>
    <Route path={top(paths.whatsNew)} element={<WhatsNewPage />} />
    {stepRoute({ name: 'method-choice' }, top(paths.mfa), <MfaPage />)}
    {stepRoute({ name: 'code-entry' }, top(paths.mfaVerification), <CodeEntryPage />)}
    <Route element={<RequireStoredSession />}>
      {stepRoute({ name: 'email-setup', begin: 'email-setup' }, top(paths.updateEmail), <UpdateEmailPage />)}
      {stepRoute({ name: 'phone-setup', begin: 'phone-after-sign-in' }, top(paths.updatePhone), <PhoneSetupPage />)}
    </Route>
    {/* The profile's security screens: signed-in profile actions, guarded like the authenticator-app set-up. */}
    <Route element={<RequireSession />}>
      {stepRoute({ name: 'phone-setup', begin: 'profile-phone' }, top(paths.profileUpdatePhone), <ProfileUpdatePhonePage />)}
      <Route path={top(paths.outerMfaVerification)} element={<ProfileMfaVerificationPage />} />
      <Route path={top(paths.profileMfaVerification)} element={<ProfileMfaVerificationPage />} />
      {/* Passkeys and recovery codes: this contract's extension, a profile screen like the others. */}
      <Route path={top(paths.profileSecurity)} element={<ProfileSecurityPage />} />
    </Route>
    <Route path={top(paths.sessionExpired)} element={<SessionExpiredPage />} />
    <Route path={top(paths.trusteeSigningVerification)} element={<InvitePage invitation="trusteeSigning" />} />
    <Route path={top(paths.verifyUserInvite)} element={<InvitePage invitation="userInvite" />} />
    <Route path={top(paths.verifyAdvisorInvite)} element={<InvitePage invitation="advisorInvite" />} />
    <Route path={top(paths.emailVerification)} element={<EmailVerificationPage />} />
    <Route path={top(paths.verification)} element={<TokenPage />} />
    <Route path={top(paths.verifyAccountMapping)} element={<AccountMappingPage />} />
    {/*
     * The authenticator-app set-up is a profile action of a signed-in user: like the
     * spec's guarded routes it needs the stored session and no adoption in progress, else
     * login after 50 ms. Its steps share the registration in memory, else its intro.
     */}
    <Route element={<RequireSession />}>
      <Route element={<TotpRegistrationRoute />}>
        <Route path={top(paths.totpSetup)} element={<TotpSetupPage />} />
        <Route element={<RequireTotpRegistration />}>
          <Route path={top(paths.qrCode)} element={<QrCodePage />} />
          <Route path={top(paths.authApp)} element={<AuthAppPage />} />
          <Route path={top(paths.authCode)} element={<AuthCodePage />} />
        </Route>
      </Route>
    </Route>
    <Route path="*" element={<Navigate to={paths.signIn} replace />} />
  </Route>
);

/** The portal's router: hash routing over {@link PortalRoutes}. */
export function AppRoutes() {
  return (
    <HashRouter>
      <FollowTheAddress />
      <PortalRoutes />
    </HashRouter>
  );
}

/** The address after `#`, as the hash router reads it (a path gets a leading `/` if it has none). */
function addressInTheBar(): Path {
  const { pathname = '/', search = '', hash = '' } = parsePath(window.location.hash.slice(1));
  return { pathname: pathname.startsWith('/') || pathname.startsWith('.') ? pathname : `/${pathname}`, search, hash };
}

/**
 * The hash router reads the address as it is first drawn, but hears of a change only from when
 * its drawing is in the page: while a prerendered page is taken over in slices, another link
 * opened in this tab in between changed the address unheard, and the page showed the screen of
 * the first. Once the router listens, it is told of a change as the browser tells it (`popstate`:
 * it reads the address again, with its history entry's state, and writes nothing). A change is
 * another path, or another query in the bar: an emailed link's query leaves the bar as its screen
 * is drawn while the router keeps it (src/lib/use-link-token.ts), which is no change.
 */
export function FollowTheAddress() {
  const location = useLocation();
  useEffect(() => {
    const address = addressInTheBar();
    const anotherQuery = address.search !== '' && address.search !== location.search;
    if (address.pathname !== location.pathname || anotherQuery) {
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state as unknown }));
    }
    // Once, as the router starts listening: from then on it hears every change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}

/**
 * The app-wide watchers and the route table, inside a router (hash routing in the browser, a
 * static location when src/prerender.tsx draws the sign-in screen at build time). The table is
 * drawn anew when the language changes, so every screen re-renders in it, keeping its state
 * (what the user typed) and its place.
 */
export function PortalRoutes() {
  useLocale();
  return (
    <>
      <SessionWatcher />
      <ApiErrorPolicy />
      <IdleWhenSignedIn />
      <AdoptionLock />
      <LineBreakToStart />
      <Routes>{routeTable()}</Routes>
    </>
  );
}

/**
 * An address with a line break in its path (`#/%0d%0a...`) matches no route, not even the
 * catch-all (the router's patterns stop at line breaks), and would leave a blank page: it goes
 * to the root like any other unknown path.
 */
function LineBreakToStart() {
  const { pathname } = useLocation();
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Not percent-encoded as a whole: the raw path is what the router matches.
  }
  return /[\r\n\u2028\u2029]/.test(decoded) ? <Navigate to={paths.signIn} replace /> : null;
}

/**
 * Idle handling runs, and its code loads, only while a session is signed in. Code that cannot
 * load leaves the page as it is, without it (the gateway's session still ends on its own).
 */
function IdleWhenSignedIn() {
  const { status } = useSessionState();
  if (status !== 'signed-in') return null;
  return (
    <OptionalPart name="The idle timeout">
      <Suspense fallback={null}>
        <IdleTimeout idleSeconds={env.idleSeconds} />
      </Suspense>
    </OptionalPart>
  );
}
