import { lazy, Suspense, useState } from 'react';
import { OptionalPart } from './optional-part';
import { Outlet } from 'react-router-dom';
import { Button } from '../ui/button';
import { ActionsRow } from './actions-row';
import { AnnouncementBanner } from './announcement-banner';
import './public-shell.css';
import { firstScreenTexts } from '../../lib/messages/first-screen';

// The banner is part of the first screen's code, not a chunk of its own fetched after it: its
// answer arrives into room kept for it. The modals load when first opened.
const CreateAccountModal = lazy(() => import('./shell-modals').then((module) => ({ default: module.CreateAccountModal })));
const HelpModal = lazy(() => import('./shell-modals').then((module) => ({ default: module.HelpModal })));

interface PublicShellProps {
  /**
   * The user has signed in (optional adoption): no 'Create Your Account' and no 'Having trouble
   * signing in?', which are for people who have not.
   */
  readonly signedIn?: boolean;
}

/**
 * The sign-in pages' layout: the latest announcement, the left panel 'Why create an online
 * account?', and the sign-in step in the centre with 'Having trouble signing in?' and 'Create
 * Your Account' under it. On a phone or tablet (991 px and narrower) one column: the sign-in
 * step first, the benefits after it.
 */
export function PublicShell({ signedIn = false }: PublicShellProps) {
  const [open, setOpen] = useState<'create' | 'help' | null>(null);
  return (
    <div className="public-shell">
      {/* The banner's room is kept from the first paint, so its arrival moves nothing. */}
      <div className="public-shell__announcement">
        <AnnouncementBanner />
      </div>
      <div className="public-shell__centre">
        <Outlet />
        {signedIn ? null : (
          <ActionsRow spread>
            <Button variant="link" onClick={() => setOpen('help')}>
              {firstScreenTexts.troubleSigningIn}
            </Button>
            <Button variant="secondary" onClick={() => setOpen('create')}>
              {firstScreenTexts.createAccount}
            </Button>
          </ActionsRow>
        )}
      </div>
      <section className="public-shell__benefits" aria-labelledby="benefits-heading">
        <h2 id="benefits-heading" className="public-shell__benefits-heading">
          {firstScreenTexts.benefitsHeading}
        </h2>
        <ul className="public-shell__benefits-list">
          <li>{firstScreenTexts.benefitStatements}</li>
          <li>{firstScreenTexts.benefitUpdates}</li>
          <li>{firstScreenTexts.benefitTools}</li>
        </ul>
      </section>
      <OptionalPart name="The account and help dialogs">
        <Suspense fallback={null}>
          {open === 'create' ? <CreateAccountModal open onClose={() => setOpen(null)} /> : null}
          {open === 'help' ? <HelpModal open onClose={() => setOpen(null)} /> : null}
        </Suspense>
      </OptionalPart>
    </div>
  );
}
