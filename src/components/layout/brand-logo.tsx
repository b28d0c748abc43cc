import { useState } from 'react';
import { httpsUrlOrNull } from '../../lib/safe-url';

interface BrandLogoProps {
  readonly src: string | null | undefined;
  /** Used when `src` is not an https URL or fails to load; nothing is shown without one. */
  readonly fallback: string | null;
  readonly alt: string;
  readonly className: string;
}

/** A brand logo from branding data: used only when it is https, else the default. */
export function BrandLogo({ src, fallback, alt, className }: BrandLogoProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const safe = httpsUrlOrNull(src);
  const url = safe !== null && safe !== failed ? safe : fallback;
  if (url === null) return null;
  // Lazy: a partner's logo comes from the partner's host, a new connection (DNS, TCP, TLS) on a
  // phone; it is fetched once the page has laid out, after the form's first paint, not before.
  return <img className={className} src={url} alt={alt} height={40} loading="lazy" onError={() => setFailed(url)} />;
}
