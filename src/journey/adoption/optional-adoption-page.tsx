import { useState } from 'react';
import { useGetOptionChoice, useSaveOptionSettings } from '../../../generated/hooks/profile/profile';
import { ActionsRow } from '../../components/layout/actions-row';
import { Screen } from '../../components/layout/screen';
import { Button } from '../../components/ui/button';
import { answerData } from '../../lib/api/answer-data';
import { OPTION_MFA_ADOPTION, SETTING_ADOPTION_REMINDER, SIGN_IN_ANSWER_FRESH_MS } from '../../lib/constants';
import { localIsoDate, shownDay } from '../../lib/dates';
import { useSingleFlight } from '../../lib/use-single-flight';
import { useLanding } from '../landing/use-landing';
import { reminderDate, showsDeadline } from './adoption';
import { journeyTexts } from '../../lib/messages/journey';

/** `/optional-adoption`: multi-factor sign-in offered before it becomes mandatory. */
export function OptionalAdoptionPage() {
  const landing = useLanding();
  // The sign-in asked for option 9930 a moment ago: its answer serves, without another round trip.
  const adoption = useGetOptionChoice({ type: OPTION_MFA_ADOPTION }, { query: { staleTime: SIGN_IN_ANSWER_FRESH_MS } });
  const saveSettings = useSaveOptionSettings();
  const [choice, setChoice] = useState<'now' | 'later' | null>(null);
  const flight = useSingleFlight();
  const today = localIsoDate();
  const stored = adoption.data && answerData(adoption.data);
  const mandatory = stored?.optionValues?.mandatoryMfaAdoption ?? null;

  const run = (next: 'now' | 'later') =>
    flight.run(async () => {
      setChoice(next);
      await landing.run(async (module, deps) => {
        if (next === 'now') return module.startAdoption(deps);
        await saveSettings.mutateAsync({
          data: {
            optionTypeId: OPTION_MFA_ADOPTION,
            optionValueTypeId: SETTING_ADOPTION_REMINDER,
            optionValue: reminderDate(today, mandatory),
          },
        });
        return module.continueToLanding(deps);
      });
    });
  const busy = flight.busy ? choice : null;

  return (
    <Screen id="adoption-heading" heading={journeyTexts.adoptionHeading}>
      {adoption.isPending ? <p aria-busy="true">{journeyTexts.loading}</p> : null}
      {adoption.isError ? <p role="alert">{journeyTexts.deadlineNotLoaded}</p> : null}
      {adoption.isSuccess ? (
        showsDeadline(today, mandatory) ? (
          <p>{journeyTexts.deadline({ date: shownDay(mandatory, 'numeric') })}</p>
        ) : (
          <p>{journeyTexts.adoptionPitch}</p>
        )
      ) : null}
      <ActionsRow>
        <Button onClick={() => void run('now')} busy={busy === 'now'} disabled={busy === 'later' || adoption.isPending}>
          {journeyTexts.setUpNow}
        </Button>
        <Button
          variant="secondary"
          onClick={() => void run('later')}
          busy={busy === 'later'}
          disabled={busy === 'now' || adoption.isPending}
        >
          {journeyTexts.remindMeLater}
        </Button>
      </ActionsRow>
    </Screen>
  );
}
