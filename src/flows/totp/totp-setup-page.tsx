import { useNavigate } from 'react-router-dom';
import { useRegisterTotp } from '../../../generated/hooks/totp/totp';
import { ActionsRow } from '../../components/layout/actions-row';
import { Screen } from '../../components/layout/screen';
import { Button } from '../../components/ui/button';
import { answerData } from '../../lib/api/answer-data';
import { totpRegistrationFailure } from '../../lib/api/error-catalogue';
import { notify } from '../../lib/notifications';
import { paths } from '../../lib/paths';
import { useSingleFlight } from '../../lib/use-single-flight';
import { useTotpRegistration } from './totp-registration';
import { totpTexts } from '../../lib/messages/totp';

/** `/totp-setup`: what an authenticator app changes, then registering one fetches its uri. */
export function TotpSetupPage() {
  const navigate = useNavigate();
  const register = useRegisterTotp();
  const { setUri } = useTotpRegistration();
  const flight = useSingleFlight();

  const start = () =>
    flight.run(async () => {
      try {
        const answer = await register.mutateAsync({});
        setUri(answerData(answer).uri);
        notify(null);
        navigate(paths.qrCode);
      } catch (error) {
        notify(totpRegistrationFailure(error));
      }
    });

  return (
    <Screen id="totp-setup-heading" heading={totpTexts.setupHeading}>
      <p>{totpTexts.insteadOfPhone}</p>
      <p>{totpTexts.pleaseNote()}</p>
      <ActionsRow>
        <Button onClick={() => void start()} busy={flight.busy}>
          {totpTexts.startSetup}
        </Button>
        <Button variant="link" onClick={() => navigate(paths.profileUpdatePhone)}>
          {totpTexts.skipForNow}
        </Button>
      </ActionsRow>
    </Screen>
  );
}
