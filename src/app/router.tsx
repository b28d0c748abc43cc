import { lazy, Suspense, type ComponentType } from 'react';
import { HashRouter, Navigate, Route, Routes } from 'react-router-dom';
import { AppFrame } from '../components/layout/app-frame';
import { PlaceholderPage } from '../components/layout/placeholder-page';
import { PublicShell } from '../components/layout/public-shell';
import { SignInPage } from '../flows/sign-in/sign-in-page';
import { env } from '../lib/env';
import { paths } from '../lib/paths';
import { useSessionState } from '../lib/session';
import { AdoptionLock } from './adoption-lock';
import { ApiErrorPolicy } from './api-error-policy';
import { RequireSession, RequireSignInAttempt, RequireStoredSession, RequireVerification } from './route-guard';
import { SessionWatcher } from './session-watcher';

/** A screen loaded with its route, by its named export. */
function screen<K extends string, P extends object>(load: () => Promise<Record<K, ComponentType<P>>>, name: K) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

const WhatsNewPage = screen(() => import('../flows/announcements/whats-new-page'), 'WhatsNewPage');
const LogoutFeedbackPage = screen(() => import('../flows/session/logout-feedback-page'), 'LogoutFeedbackPage');
const RedirectLoginPage = screen(() => import('../flows/session/redirect-login-page'), 'RedirectLoginPage');
const SessionExpiredPage = screen(() => import('../flows/session/session-expired-page'), 'SessionExpiredPage');
const IdleTimeout = screen(() => import('./idle-timeout'), 'IdleTimeout');
const SecurityQuestionPage = screen(() => import('../flows/sign-in/security-question-page'), 'SecurityQuestionPage');
const OptionalAdoptionPage = screen(() => import('../flows/adoption/optional-adoption-page'), 'OptionalAdoptionPage');
const MfaPage = screen(() => import('../flows/mfa/mfa-page'), 'MfaPage');
const CodeEntryPage = screen(() => import('../flows/code-entry/code-entry-page'), 'CodeEntryPage');
const UpdatePhonePage = screen(() => import('../flows/phone-setup/update-phone-page'), 'UpdatePhonePage');
const UpdateEmailPage = screen(() => import('../flows/update-email/update-email-page'), 'UpdateEmailPage');

const RECOVERY = 'account recovery (forgotten password and username)';
const ACCOUNT_SETUP = 'account setup';
const LINKS = 'link verification';
const TOTP = 'authenticator-app setup';
const PROFILE = 'profile security (phone and verification)';

/** Strips the leading slash: child routes are relative. */
const child = (path: string) => path.replace(/^\/[^/]*\/?/, '');
const top = (path: string) => path.slice(1);

/**
 * The whole route table (spec section 2): lazy screens, guards at route level, unknown paths to
 * the root. Placeholders name the flow that builds them. Every path is one of `paths`
 * (src/lib/paths.ts), and every one of `paths` is here: a test walks the table to hold both to
 * that, and the end-to-end check of every route at every width reads `paths`.
 */
export const routeTable = (
  <Route element={<AppFrame />}>
    <Route element={<PublicShell />}>
      <Route index element={<SignInPage />} />
      <Route element={<RequireSignInAttempt />}>
        <Route path={top(paths.securityQuestion)} element={<SecurityQuestionPage />} />
      </Route>
    </Route>
    {/* The root's third child: the user has signed in, so the shell offers no sign-in help. */}
    <Route element={<PublicShell signedIn />}>
      <Route element={<RequireSignInAttempt />}>
        <Route path={top(paths.optionalAdoption)} element={<OptionalAdoptionPage />} />
      </Route>
    </Route>
    <Route path={top(paths.login)} element={<Navigate to={paths.signIn} replace />} />
    <Route path={top(paths.logoutFeedback)} element={<LogoutFeedbackPage />} />
    <Route path={top(paths.redirectLogin)} element={<RedirectLoginPage />} />
    <Route path={top(paths.forgotUsername)} element={<PlaceholderPage title="Forgot your username?" flow={RECOVERY} />} />
    <Route element={<RequireSession />}>
      <Route path={top(paths.password)} element={<PlaceholderPage title="Change your password" flow={RECOVERY} />} />
    </Route>
    <Route path={top(paths.resetPassword)}>
      <Route index element={<PlaceholderPage title="What is your username?" flow={RECOVERY} />} />
      <Route
        path={child(paths.resetSecurityQuestion)}
        element={<PlaceholderPage title="Answer your security question" flow={RECOVERY} />}
      />
      <Route path={child(paths.resetNewPassword)} element={<PlaceholderPage title="Set a new password" flow={RECOVERY} />} />
      <Route path={child(paths.resetSuccess)} element={<PlaceholderPage title="Check your email!" flow={RECOVERY} />} />
    </Route>
    <Route element={<RequireSession />}>
      <Route path={top(paths.accountSetup)}>
        <Route index element={<PlaceholderPage title="Create Account" flow={ACCOUNT_SETUP} />} />
        <Route
          path={child(paths.accountSetupUsername)}
          element={<PlaceholderPage title="Create Account: Step 1 of 7" flow={ACCOUNT_SETUP} />}
        />
        <Route
          path={child(paths.accountSetupPassword)}
          element={<PlaceholderPage title="Create Account: Step 2 of 7" flow={ACCOUNT_SETUP} />}
        />
        <Route
          path={child(paths.accountSetupEmail)}
          element={<PlaceholderPage title="Create Account: Step 3 of 7" flow={ACCOUNT_SETUP} />}
        />
        <Route
          path={child(paths.accountSetupUsernameTaken)}
          element={<PlaceholderPage title="This username has been taken, please choose a new one" flow={ACCOUNT_SETUP} />}
        />
        <Route
          path={child(paths.accountSetupPhone)}
          element={<PlaceholderPage title="Lastly, add an extra layer of security to your account" flow={ACCOUNT_SETUP} />}
        />
      </Route>
    </Route>
    <Route path={top(paths.whatsNew)} element={<WhatsNewPage />} />
    <Route element={<RequireSignInAttempt />}>
      <Route path={top(paths.mfa)} element={<MfaPage />} />
    </Route>
    <Route element={<RequireVerification />}>
      <Route path={top(paths.mfaVerification)} element={<CodeEntryPage />} />
    </Route>
    <Route element={<RequireStoredSession />}>
      <Route path={top(paths.updateEmail)} element={<UpdateEmailPage />} />
      <Route path={top(paths.updatePhone)} element={<UpdatePhonePage />} />
    </Route>
    <Route path={top(paths.profileUpdatePhone)} element={<PlaceholderPage title="Enter your new phone number" flow={PROFILE} />} />
    <Route path={top(paths.outerMfaVerification)} element={<PlaceholderPage title="Enter the code" flow={PROFILE} />} />
    <Route path={top(paths.profileMfaVerification)} element={<PlaceholderPage title="Enter the code" flow={PROFILE} />} />
    <Route path={top(paths.sessionExpired)} element={<SessionExpiredPage />} />
    <Route path={top(paths.trusteeSigningVerification)} element={<PlaceholderPage title="Trust document signing" flow={LINKS} />} />
    <Route path={top(paths.verifyUserInvite)} element={<PlaceholderPage title="Account invitation" flow={LINKS} />} />
    <Route path={top(paths.verifyAdvisorInvite)} element={<PlaceholderPage title="Advisor invitation" flow={LINKS} />} />
    <Route path={top(paths.emailVerification)} element={<PlaceholderPage title="Email verification" flow={LINKS} />} />
    <Route path={top(paths.verification)} element={<PlaceholderPage title="Verifying your link" flow={LINKS} />} />
    <Route path={top(paths.verifyAccountMapping)} element={<PlaceholderPage title="Account link verification" flow={LINKS} />} />
    <Route path={top(paths.totpSetup)} element={<PlaceholderPage title="Set up authenticator app" flow={TOTP} />} />
    <Route path={top(paths.qrCode)} element={<PlaceholderPage title="Step 1 of 3" flow={TOTP} />} />
    <Route path={top(paths.authApp)} element={<PlaceholderPage title="Add the name of your app" flow={TOTP} />} />
    <Route path={top(paths.authCode)} element={<PlaceholderPage title="Enter the code" flow={TOTP} />} />
    <Route path="*" element={<Navigate to={paths.signIn} replace />} />
  </Route>
);

/** The portal's router: hash routing, the app-wide watchers, and the route table. */
export function AppRoutes() {
  return (
    <HashRouter>
      <SessionWatcher />
      <ApiErrorPolicy />
      <IdleWhenSignedIn />
      <AdoptionLock />
      <Routes>{routeTable}</Routes>
    </HashRouter>
  );
}

/** Idle handling runs, and its code loads, only while a session is signed in. */
function IdleWhenSignedIn() {
  const { status } = useSessionState();
  if (status !== 'signed-in') return null;
  return (
    <Suspense fallback={null}>
      <IdleTimeout idleSeconds={env.idleSeconds} />
    </Suspense>
  );
}
