import { useLayoutEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { replaceBrowserAddress } from './browser-location';

/** The contract's rule for a link token (its `LinkToken` schema: length bound and pattern). */
export interface LinkTokenRule {
  readonly pattern: RegExp;
  readonly maxLength: number;
}

/** The address without its query, in the hash route and in the page's own query alike. */
function withoutQuery(href: string): string {
  const url = new URL(href);
  url.search = '';
  const query = url.hash.indexOf('?');
  if (query >= 0) url.hash = url.hash.slice(0, query);
  return url.href;
}

/**
 * The `?token=` of a link from an email, read once and checked against the contract's rule,
 * then removed from the address bar at once with `history.replaceState` (before the page sends
 * any request, so it never stays in history or a bookmark, nor reaches a Referer); the router is
 * not asked to navigate, so a guard's own redirect stays the last word. It is kept in memory only. A missing, repeated, oversized or malformed token reads as null.
 */
export function useLinkToken(rule: LinkTokenRule): string | null {
  const location = useLocation();
  const [token] = useState(() => {
    const values = new URLSearchParams(location.search).getAll('token');
    const [value] = values;
    return values.length === 1 && value !== undefined && value.length <= rule.maxLength && rule.pattern.test(value) ? value : null;
  });
  useLayoutEffect(() => {
    replaceBrowserAddress(withoutQuery(window.location.href));
  }, []);
  return token;
}
