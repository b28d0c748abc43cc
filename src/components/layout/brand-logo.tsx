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
  return <img className={className} src={url} alt={alt} height={40} onError={() => setFailed(url)} />;
}
