import { useGetAnnouncements } from '../../generated/hooks/announcements/announcements';
import { useGetPublicBranding } from '../../generated/hooks/branding/branding';

/*
 * The public content every page may show: the partner's brand and the announcements. Fetched
 * once per visit (they do not change while it lasts), from one place so every screen shares the
 * same cached answer.
 */

/** The partner's public branding (logos, name, contacts). */
export function useBranding() {
  return useGetPublicBranding({ query: { staleTime: Infinity, retry: 1 } });
}

/** The announcements file; a missing one is simply no announcements, so it is not retried. */
export function useAnnouncements() {
  return useGetAnnouncements({ query: { staleTime: Infinity, retry: false } });
}

/** The customer-service number from the brand, with its extension, or null before it is known. */
export function useSupportPhone(): string | null {
  const contact = useBranding().data?.contactInfo;
  if (!contact?.supportPhone) return null;
  return `${contact.supportPhone}${contact.supportPhoneExtension ? ` ext. ${contact.supportPhoneExtension}` : ''}`;
}
