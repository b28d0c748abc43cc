import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { finishPasskeyRegistration, getListPasskeysQueryKey, startPasskeyRegistration } from '../../../generated/hooks/profile/profile';
import type { Passkey } from '../../../generated/models/passkey';
import type { RegistrationResponse } from '../../../generated/models/registrationResponse';
import { answerData } from '../api/answer-data';
import { createPasskey } from './ceremony';

export interface PasskeyRegistration {
  /**
   * Registers a passkey of this device under `name` for the signed-in user: the gateway's
   * options, the browser's prompt, then the gateway's verification. Resolves to the stored
   * passkey (the list of passkeys is refreshed); rejects with the gateway's ApiError or the
   * ceremony's error (see `ceremonyFailureOf`).
   */
  readonly register: (name: string) => Promise<Passkey>;
}

/**
 * A passkey registration, for the profile's passkeys and the offer after a sign-in. The calls go
 * through the generated fetchers, not mutation hooks, so the ceremony's challenge and the new
 * credential are never kept in React Query's cache: they live only as long as the call.
 */
export function usePasskeyRegistration(): PasskeyRegistration {
  const queryClient = useQueryClient();
  const register = useCallback(
    async (name: string): Promise<Passkey> => {
      const { ceremonyId, publicKey } = answerData(await startPasskeyRegistration());
      // The contract's options are WebAuthn's JSON serialisation, which the library takes as it is.
      const credential = await createPasskey(publicKey as PublicKeyCredentialCreationOptionsJSON);
      const passkey = answerData(await finishPasskeyRegistration({ ceremonyId, name, credential: credential as RegistrationResponse }));
      await queryClient.invalidateQueries({ queryKey: getListPasskeysQueryKey() });
      return passkey;
    },
    [queryClient],
  );
  return { register };
}
