import { CodeEntryForm } from '../../components/code-entry/code-entry-form';
import { RouteLink } from '../../components/ui/route-link';
import { Card } from '../../components/layout/card';
import { Page } from '../../components/layout/page';
import { SetupStepHeading } from '../../components/ui/setup-step-heading';
import { codeSentText } from '../../lib/journey/mfa-option-text';
import { useVerification } from '../../lib/journey/journey-steps';
import { paths } from '../../lib/paths';

/**
 * `/mfa-verification`: 'Enter the code', for whichever flow sent the user here. A code has up to
 * 6 digits on every channel; during account setup the step header shows above the heading.
 */
export function CodeEntryPage() {
  const data = useVerification();
  return (
    <Page>
      <Card labelledBy="code-entry-heading">
        <p>
          <RouteLink to={data.backRoute}>{data.mfaOptionCount === 1 ? 'Cancel' : 'Back'}</RouteLink>
        </p>
        <SetupStepHeading id="code-entry-heading" step={data.setupStep}>
          Enter the code
        </SetupStepHeading>
        <p>{codeSentText(data.mfaOption)}</p>
        <CodeEntryForm submit={data.submit} onFailure={data.onFailure} resend={data.resend} path={paths.mfaVerification} />
      </Card>
    </Page>
  );
}
