import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { Button } from '../ui/button';
import { AnnouncementBanner } from './announcement-banner';

// The banner is part of the first paint (its answer is awaited before it, src/main.tsx): loaded
// later, it would push the form down. The modals load when first opened.
const CreateAccountModal = lazy(() => import('./shell-modals').then((module) => ({ default: module.CreateAccountModal })));
const HelpModal = lazy(() => import('./shell-modals').then((module) => ({ default: module.HelpModal })));

/**
 * The sign-in pages' layout: the latest announcement, the benefits panel, 'Create Your
 * Account' and 'Having trouble signing in?', and the sign-in step in the centre.
 */
export function PublicShell() {
  const [open, setOpen] = useState<'create' | 'help' | null>(null);
  return (
    <div className="public-shell">
      <AnnouncementBanner />
      <div className="public-shell__body">
        <div className="public-shell__centre">
          <Outlet />
          <div className="public-shell__actions">
            <Button variant="link" onClick={() => setOpen('help')}>
              Having trouble signing in?
            </Button>
            <Button variant="secondary" onClick={() => setOpen('create')}>
              Create Your Account
            </Button>
          </div>
        </div>
        <section className="public-shell__benefits" aria-labelledby="benefits-heading">
          <h2 id="benefits-heading">Why create an online account?</h2>
          <ul>
            <li>No more waiting for statements: see your balance whenever you like.</li>
            <li>Quickly update your account details and investment funds.</li>
            <li>Plan ahead with retirement tools.</li>
          </ul>
        </section>
      </div>
      <Suspense fallback={null}>
        {open === 'create' ? <CreateAccountModal open onClose={() => setOpen(null)} /> : null}
        {open === 'help' ? <HelpModal open onClose={() => setOpen(null)} /> : null}
      </Suspense>
    </div>
  );
}
