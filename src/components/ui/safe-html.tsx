import { useEffect, useState } from 'react';
import { loadSanitizer } from '../../lib/sanitize-html';

/** Renders HTML from the gateway or configuration, only after the sanitiser has cleaned it. */
export function SafeHtml({ html, className }: { readonly html: string; readonly className?: string }) {
  const [clean, setClean] = useState<{ source: string; output: string } | null>(null);
  useEffect(() => {
    let current = true;
    void loadSanitizer().then((sanitize) => {
      if (current) setClean({ source: html, output: sanitize(html) });
    });
    return () => {
      current = false;
    };
  }, [html]);
  if (!clean || clean.source !== html) return null;
  return <span className={className} dangerouslySetInnerHTML={{ __html: clean.output }} />;
}
