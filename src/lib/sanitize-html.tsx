import { useEffect, useState } from 'react';

/**
 * The only producer of HTML for the DOM. Notification messages may be HTML (the spec says so);
 * they pass through DOMPurify with an allow-list: a few text-formatting tags, and links whose
 * address is https, mailto or tel. Links that open a new window get `rel="noopener noreferrer"`.
 * DOMPurify loads on first use, never with the first screen.
 */

export type Sanitizer = (html: string) => string;

const ALLOWED_TAGS = ['a', 'b', 'strong', 'i', 'em', 'u', 'p', 'br', 'ul', 'ol', 'li', 'span'];
const ALLOWED_ATTR = ['href', 'rel'];
// DOMPurify strips `target` even when allow-listed; it must be added explicitly.
const ADD_ATTR = ['target'];
// Checked in a hook, on href only: DOMPurify's URI pattern also applies to values such as
// target="_blank", so it cannot be this narrow.
const SAFE_LINK = /^(?:https:|mailto:|tel:)/i;

let loading: Promise<Sanitizer> | null = null;

/** Loads DOMPurify once and returns the configured sanitiser. */
export function loadSanitizer(): Promise<Sanitizer> {
  loading ??= import('dompurify').then(({ default: createDOMPurify }) => {
    const purify = createDOMPurify(window);
    purify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName !== 'A') return;
      if (!SAFE_LINK.test(node.getAttribute('href') ?? '')) node.removeAttribute('href');
      if (!node.getAttribute('href')) node.removeAttribute('target');
      if (node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
      else node.removeAttribute('target');
    });
    return (html: string) => purify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ADD_ATTR, RETURN_TRUSTED_TYPE: false });
  });
  return loading;
}

/** Renders HTML from the gateway or configuration, only after the sanitiser has cleaned it. */
export function SanitizedHtml({ html, className }: { readonly html: string; readonly className?: string }) {
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
