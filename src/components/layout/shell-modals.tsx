import { RouteLink } from '../ui/route-link';
import { mailtoHref, telHref } from '../../lib/contact-links';
import { env } from '../../lib/env';
import { paths } from '../../lib/paths';
import { useBranding, useSupportPhone } from '../../lib/public-content';
import { Modal } from '../ui/modal';
import './shell-modals.css';
import { signInHelpTexts } from '../../lib/messages/sign-in-help';

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
    <Modal open={open} onClose={onClose} mode="alert" title={signInHelpTexts.createAccountTitle} alertLabel={signInHelpTexts.close}>
      <p>{signInHelpTexts.eligibility}</p>
      {address || phone ? (
        <p>
          {signInHelpTexts.notReceivedContact({
            address: address ? <LinkOrText href={mailtoHref(address)} text={address} /> : null,
            phone: phone ? <LinkOrText href={telHref(contact?.supportPhone, contact?.supportPhoneExtension)} text={phone} /> : null,
          })}
        </p>
      ) : (
        <p>{signInHelpTexts.notReceived}</p>
      )}
      <p>
        {signInHelpTexts.advisorRequest({
          link: <a href={env.partnersPageUrl} target="_blank" rel="noopener noreferrer" />,
        })}
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
    <Modal open={open} onClose={onClose} mode="alert" title={signInHelpTexts.helpTitle} alertLabel={signInHelpTexts.close}>
      <ul className="shell-modals__choices">
        <li>
          <RouteLink to={paths.forgotUsername} onClick={onClose}>
            {signInHelpTexts.forgotUsername}
          </RouteLink>
        </li>
        <li>
          <RouteLink to={paths.resetPassword} onClick={onClose}>
            {signInHelpTexts.forgotPassword}
          </RouteLink>
        </li>
        <li>
          <a href={env.helpCenterUrl} target="_blank" rel="noopener noreferrer">
            {signInHelpTexts.helpCenter}
          </a>
        </li>
      </ul>
    </Modal>
  );
}
