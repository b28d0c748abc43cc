import { useState } from 'react';
import { httpsUrlOrNull } from '../../lib/safe-url';
import './brand-logo.css';

interface BrandLogoProps {
  readonly src: string | null | undefined;
  /** Used when `src` is not an https URL or fails to load; nothing is shown without one. */
  readonly fallback: string | null;
  readonly alt: string;
  /** The branding is still loading, or the first frame not yet painted: nothing yet, rather than the default logo before the brand's. */
  readonly pending: boolean;
  readonly side: 'start' | 'end';
}

/** A brand logo from branding data: used only when it is https, else the default. */
export function BrandLogo({ src, fallback, alt, pending, side }: BrandLogoProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const safe = httpsUrlOrNull(src);
  const url = safe !== null && safe !== failed ? safe : fallback;
  if (pending || url === null) return null;
  return (
    <span className={side === 'end' ? 'brand-logo brand-logo--end' : 'brand-logo'}>
      <img className="brand-logo__image" src={url} alt={alt} translate="no" height={40} onError={() => setFailed(url)} />
    </span>
  );
}
