import { createContext, useContext, useEffect, useMemo } from 'react';
import { getAnnouncements } from '../../generated/hooks/announcements/announcements';
import { getPublicBranding } from '../../generated/hooks/branding/branding';
import type { BrandLinks } from '../../generated/models/brandLinks';
import { PUBLIC_CONTENT_RETRY_MS } from './constants';
import { httpsUrlOrNull } from './safe-url';
import { createStore } from './store';
import { firstScreenTexts } from './messages/first-screen';

/*
 * The public content every page may show: the partner's brand and the announcements, asked
 * once per visit (they do not change while it lasts) and shared by every screen. The sign-in
 * form shows both, so this is the first screen's, and it keeps them without React Query (the
 * first screen's budget): each answer is the generated call's, kept for the visit by the
 * {@link PublicContent} the app provides. The brand is asked a second time, after
 * PUBLIC_CONTENT_RETRY_MS, when the first try fails; a missing announcements file is simply no
 * announcements. A screen that shows an answer that failed asks again as it opens.
 */

type Branding = Awaited<ReturnType<typeof getPublicBranding>>;
type Announcements = Awaited<ReturnType<typeof getAnnouncements>>;

/** An answer as the screens read it: pending while it is asked for, then its data or its failure. */
export type PublicAnswer<T> =
  | { readonly status: 'pending'; readonly data: undefined }
  | { readonly status: 'success'; readonly data: T }
  | { readonly status: 'error'; readonly data: undefined };

const PENDING = { status: 'pending', data: undefined } as const;

/** One answer of the public content: a store of what came, and how to ask for it. */
function publicResource<T>(ask: () => Promise<T>) {
  const store = createStore<PublicAnswer<T>>(PENDING);
  let asking: Promise<void> | null = null;
  return {
    store,
    /** Asks unless the answer is in, or on its way; resolves once it has settled, however. */
    settle(): Promise<void> {
      if (store.get().status === 'success') return Promise.resolve();
      if (!asking) {
        store.set(PENDING);
        asking = ask()
          .then(
            (data) => store.set({ status: 'success', data }),
            () => store.set({ status: 'error', data: undefined }),
          )
          .finally(() => (asking = null));
      }
      return asking;
    },
  };
}

type PublicResource<T> = ReturnType<typeof publicResource<T>>;

/** The public content of one visit (start.tsx makes it; each test its own). */
export interface PublicContent {
  readonly branding: PublicResource<Branding>;
  readonly announcements: PublicResource<Announcements>;
}

export function createPublicContent(): PublicContent {
  return {
    branding: publicResource(async () => {
      try {
        return await getPublicBranding();
      } catch {
        await new Promise((wait) => setTimeout(wait, PUBLIC_CONTENT_RETRY_MS));
        return getPublicBranding();
      }
    }),
    announcements: publicResource(() => getAnnouncements()),
  };
}

const PublicContentContext = createContext<PublicContent | null>(null);

/** Gives the page its visit's public content. */
export const PublicContentProvider = PublicContentContext.Provider;

function usePublicAnswer<T>(pick: (content: PublicContent) => PublicResource<T>): PublicAnswer<T> {
  const content = useContext(PublicContentContext);
  if (!content) throw new Error('the public content is read outside its PublicContentProvider');
  const resource = pick(content);
  // A screen that opens asks again for an answer that failed (or for one not yet asked).
  useEffect(() => void resource.settle(), [resource]);
  return resource.store.use();
}

export function useBranding(): PublicAnswer<Branding> {
  return usePublicAnswer((content) => content.branding);
}

export function useAnnouncements(): PublicAnswer<Announcements> {
  return usePublicAnswer((content) => content.announcements);
}

/**
 * Asks for the brand and the announcements; resolves once both have settled, however (a failure
 * is the screens' to show). index.html preloads both, so the answers are usually there before the
 * app's script has run.
 */
export async function prefetchPublicContent(content: PublicContent): Promise<void> {
  await Promise.all([content.branding.settle(), content.announcements.settle()]);
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
