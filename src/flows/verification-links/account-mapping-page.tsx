import { useVerifyAccountMapping } from '../../../generated/hooks/verification/verification';
import { answerData } from '../../lib/api/answer-data';
import { isRefusal } from '../../lib/api/error-catalogue';
import { useLinkToken } from '../../lib/use-link-token';
import { CheckingLink, LinkCheckFailed, LinkPanel } from './link-panel';
import { LINK_TOKEN_RULE } from './link-state';
import { verificationLinkTexts } from '../../lib/messages/verification-links';

function MappingExpired() {
  return (
    <LinkPanel heading={verificationLinkTexts.mappingExpired}>
      <p>{verificationLinkTexts.mappingExpiredHelp}</p>
    </LinkPanel>
  );
}

/** `/verifyAccountMapping?token=`: verifies a request to link accounts; Sign In either way. */
export function AccountMappingPage() {
  const token = useLinkToken(LINK_TOKEN_RULE);
  if (!token) return <MappingExpired />;
  return <MappingCheck key={token} token={token} />;
}

function MappingCheck({ token }: { readonly token: string }) {
  const mapping = useVerifyAccountMapping({ token }, { query: { retry: false, staleTime: Infinity } });
  if (mapping.isPending) return <CheckingLink />;
  if (mapping.isError) {
    // The gateway turned the token down: an expired link. Anything else: try again.
    if (isRefusal(mapping.error)) return <MappingExpired />;
    return <LinkCheckFailed error={mapping.error} onRetry={() => void mapping.refetch()} />;
  }
  const result = answerData(mapping.data);
  if (!result.verified || result.hasExpiredVerification) return <MappingExpired />;
  return <LinkPanel heading={verificationLinkTexts.mappingVerified} />;
}
