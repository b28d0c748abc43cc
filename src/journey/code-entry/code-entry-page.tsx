import { EmailCode } from '../email-setup/email-code';
import { ChosenMethodCode } from '../method-choice/chosen-method-code';
import { PhoneCode } from '../phone-setup/phone-code';
import { ProfileAppCode } from '../phone-setup/profile-app-code';
import { useStep } from '../require-step';

/**
 * `/mfa-verification`: 'Enter the code', for whichever step asked for it. What the code proves
 * decides what checking it does and what follows (each in its step's folder).
 */
export function CodeEntryPage() {
  const step = useStep('code-entry');
  switch (step.code.for) {
    case 'sign-in':
    case 'reset':
      return <ChosenMethodCode step={step} code={step.code} />;
    case 'email':
      return <EmailCode step={step} code={step.code} />;
    case 'phone':
      return <PhoneCode step={step} code={step.code} />;
    case 'profile-app':
      return <ProfileAppCode step={step} />;
  }
}
