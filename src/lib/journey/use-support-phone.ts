import { useGetPublicBranding } from '../../../generated/hooks/branding/branding';

/** The customer-service number from the brand, with its extension, or null before it is known. */
export function useSupportPhone(): string | null {
  const branding = useGetPublicBranding({ query: { staleTime: Infinity, retry: 1 } });
  const contact = branding.data?.contactInfo;
  if (!contact?.supportPhone) return null;
  return `${contact.supportPhone}${contact.supportPhoneExtension ? ` ext. ${contact.supportPhoneExtension}` : ''}`;
}
