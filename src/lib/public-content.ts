import { useMemo } from 'react';
import { useGetAnnouncements } from '../../generated/hooks/announcements/announcements';
import { useGetPublicBranding } from '../../generated/hooks/branding/branding';
import type { BrandLinks } from '../../generated/models/brandLinks';
import { httpsUrlOrNull } from './safe-url';

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

/**
 * The hosts of the brand's links that are usable https URLs (host with its port, if any), each
 * once. Besides the portal itself, these are the only hosts a link in gateway HTML may point to.
 */
export function brandHosts(links: BrandLinks | null | undefined): string[] {
  const hosts = Object.values(links ?? {}).flatMap((value) => {
    const url = httpsUrlOrNull(typeof value === 'string' ? value : null);
    return url ? [new URL(url).host] : [];
  });
  return [...new Set(hosts)];
}

/** {@link brandHosts} of the current brand; the same array while the brand does not change. */
export function useBrandHosts(): readonly string[] {
  const links = useBranding().data?.brandLinks;
  return useMemo(() => brandHosts(links), [links]);
}
