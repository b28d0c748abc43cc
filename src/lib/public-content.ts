import type { QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { getGetAnnouncementsQueryOptions, useGetAnnouncements } from '../../generated/hooks/announcements/announcements';
import { getGetPublicBrandingQueryOptions, useGetPublicBranding } from '../../generated/hooks/branding/branding';
import type { BrandLinks } from '../../generated/models/brandLinks';
import { httpsUrlOrNull } from './safe-url';
import { firstScreenTexts } from './messages/first-screen';

/*
 * The public content every page may show: the partner's brand and the announcements. Fetched
 * once per visit (they do not change while it lasts), from one place so every screen shares the
 * same cached answer.
 */

const BRANDING_QUERY = { staleTime: Infinity, retry: 1 } as const;
/** A missing announcements file is simply no announcements, so it is not retried. */
const ANNOUNCEMENTS_QUERY = { staleTime: Infinity, retry: false } as const;

export function useBranding() {
  return useGetPublicBranding({ query: BRANDING_QUERY });
}

export function useAnnouncements() {
  return useGetAnnouncements({ query: ANNOUNCEMENTS_QUERY });
}

/**
 * Fetches the brand and the announcements into the cache the hooks above read; resolves once
 * both have settled, however (a failure is the hooks' to show). index.html preloads both, so
 * the answers are usually there before the app's script has run.
 */
export async function prefetchPublicContent(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.prefetchQuery(getGetPublicBrandingQueryOptions({ query: BRANDING_QUERY })),
    queryClient.prefetchQuery(getGetAnnouncementsQueryOptions({ query: ANNOUNCEMENTS_QUERY })),
  ]);
}

/** The customer-service number from the brand, with its extension, or null before it is known. */
export function useSupportPhone(): string | null {
  const contact = useBranding().data?.contactInfo;
  if (!contact?.supportPhone) return null;
  const extension = contact.supportPhoneExtension;
  return extension ? firstScreenTexts.phoneWithExtension({ phone: contact.supportPhone, extension }) : contact.supportPhone;
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
