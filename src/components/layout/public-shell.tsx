import { useState } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { updatesLabel } from '../../lib/announcements';
import { monthDay } from '../../lib/dates';
import { mailtoHref, telHref } from '../../lib/contact-links';
import { env } from '../../lib/env';
import { paths } from '../../lib/paths';
import { useAnnouncements, useBranding, useSupportPhone } from '../../lib/public-content';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';

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
      <CreateAccountModal open={open === 'create'} onClose={() => setOpen(null)} />
      <HelpModal open={open === 'help'} onClose={() => setOpen(null)} />
    </div>
  );
}

function AnnouncementBanner() {
  const announcements = useAnnouncements();
  const latest = announcements.data?.changes[0];
  if (!latest || latest.features.length === 0) return null;
  return (
    <section className="announcement" aria-label="Latest update">
      <p>
        <strong>Update {monthDay(latest.date)}</strong> <span>{updatesLabel(latest)}</span>{' '}
        <Link to={paths.whatsNew}>See What&apos;s New</Link>
      </p>
    </section>
  );
}

function CreateAccountModal({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  const branding = useBranding();
  const contact = branding.data?.contactInfo;
  const address = contact?.adminAddress;
  const phone = useSupportPhone();
  return (
    <Modal open={open} onClose={onClose} mode="alert" title="Create Your Account" alertLabel="Close">
      <p>
        If you are eligible for your employer&apos;s 401(k) plan, you will receive an enrollment email with a link to create your
        account. Eligibility depends on your plan&apos;s rules, so not every employee receives one right away.
      </p>
      {address || phone ? (
        <p>
          Haven&apos;t received it? Contact{' '}
          {address ? <LinkOrText href={mailtoHref(address)} text={address} /> : null}
          {address && phone ? ' or call ' : phone ? 'us at ' : null}
          {phone ? <LinkOrText href={telHref(contact?.supportPhone, contact?.supportPhoneExtension)} text={phone} /> : null}.
        </p>
      ) : (
        <p>Haven&apos;t received it? Please contact your plan administrator.</p>
      )}
      <p>
        Are you an advisor? Please request an account on our{' '}
        <a href={env.partnersPageUrl} target="_blank" rel="noopener noreferrer">
          partners page
        </a>
        .
      </p>
    </Modal>
  );
}

/**
 * The brand's contacts are data: a value that is not one plain address or number (the builders
 * return null) is shown as text, never as a link it could take over (`?bcc=`, another scheme).
 */
function LinkOrText({ href, text }: { readonly href: string | null; readonly text: string }) {
  return href ? <a href={href}>{text}</a> : <>{text}</>;
}

function HelpModal({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} mode="alert" title="What can we help you with?" alertLabel="Close">
      <ul className="choice-list">
        <li>
          <Link to={paths.forgotUsername} onClick={onClose}>
            I forgot my username
          </Link>
        </li>
        <li>
          <Link to={paths.resetPassword} onClick={onClose}>
            I forgot my password
          </Link>
        </li>
        <li>
          <a href={env.helpCenterUrl} target="_blank" rel="noopener noreferrer">
            Help Center
          </a>
        </li>
      </ul>
    </Modal>
  );
}
