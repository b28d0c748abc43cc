import { Screen } from '../../components/layout/screen';
import { Button } from '../../components/ui/button';
import { leavePortal } from '../../lib/browser-location';
import { env } from '../../lib/env';
import { externalTargets } from '../../lib/links';
import { PasskeysSection } from './passkeys-section';
import { RecoveryCodesSection } from './recovery-codes-section';
import { passkeyTexts } from '../../lib/messages/passkeys';

/**
 * `/profile-security` (this contract's extension, not the spec's): the signed-in user's passkeys
 * and recovery codes, with a way back to the profile app like the profile's other screens.
 */
export function ProfileSecurityPage() {
  return (
    <Screen
      heading={passkeyTexts.heading}
      above={
        <p>
          <Button variant="link" onClick={() => leavePortal(externalTargets(env.envPathPrefix).profileSecurity)}>
            {passkeyTexts.backToProfile}
          </Button>
        </p>
      }
    >
      <PasskeysSection />
      <RecoveryCodesSection />
    </Screen>
  );
}
