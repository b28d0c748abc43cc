import { RouteLink } from '../ui/route-link';
import { mailtoHref, telHref } from '../../lib/contact-links';
import { env } from '../../lib/env';
import { paths } from '../../lib/paths';
import { useBranding, useSupportPhone } from '../../lib/public-content';
import { Modal } from '../ui/modal';
import './shell-modals.css';

/*
 * The sign-in pages' two modals, loaded when the user first opens one: the first screen does
 * not carry them.
 */

export function CreateAccountModal({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  const branding = useBranding();
  const contact = branding.data?.contactInfo;
  const address = contact?.adminAddress;
  const phone = useSupportPhone();
  return (
    <Modal open={open} onClose={onClose} mode="alert" title="Create Your Account" alertLabel="Close">
      <p>
        If you are eligible for your employer&apos;s 401(k) plan, you will receive an enrollment email with a link to create your account.
        Eligibility depends on your plan&apos;s rules, so not every employee receives one right away.
      </p>
      {address || phone ? (
        <p>
          Haven&apos;t received it? Contact {address ? <LinkOrText href={mailtoHref(address)} text={address} /> : null}
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

export function HelpModal({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} mode="alert" title="What can we help you with?" alertLabel="Close">
      <ul className="shell-modals__choices">
        <li>
          <RouteLink to={paths.forgotUsername} onClick={onClose}>
            I forgot my username
          </RouteLink>
        </li>
        <li>
          <RouteLink to={paths.resetPassword} onClick={onClose}>
            I forgot my password
          </RouteLink>
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
