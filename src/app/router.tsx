import { HashRouter, Navigate, Route, Routes } from 'react-router-dom';
import { PlaceholderPage } from '../components/layout/placeholder-page';
import { PublicShell } from '../components/layout/public-shell';
import { SignInPage } from '../flows/sign-in/sign-in-page';
import { paths } from '../lib/paths';

/** The whole route table. Hash routing; unknown paths go to the root. */
export function AppRoutes() {
  return (
    <HashRouter>
      <Routes>
        <Route element={<PublicShell />}>
          <Route index element={<SignInPage />} />
          <Route
            path={paths.securityQuestion.slice(1)}
            element={<PlaceholderPage title="Answer Your Security Question" flow="the sign-in journey" />}
          />
          <Route path={paths.mfa.slice(1)} element={<PlaceholderPage title="Verify your identity" flow="the sign-in journey" />} />
        </Route>
        <Route path="*" element={<Navigate to={paths.signIn} replace />} />
      </Routes>
    </HashRouter>
  );
}
