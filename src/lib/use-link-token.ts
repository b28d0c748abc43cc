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

/** One query parameter of an emailed link, checked against its rule: exactly once, bounded, matching. */
function readParam(search: string, name: string, rule: LinkTokenRule): string | null {
  const values = new URLSearchParams(search).getAll(name);
  const [value] = values;
  return values.length === 1 && value !== undefined && value !== '' && value.length <= rule.maxLength && rule.pattern.test(value)
    ? value
    : null;
}

/**
 * The query of a link from an email (`?token=` and the like), read once and checked against the
 * contract's rules, then removed from the address bar at once with `history.replaceState`
 * (before the page sends any request, so it never stays in history or a bookmark, nor reaches
 * a Referer); the router is not asked to navigate, so a guard's own redirect stays the last word.
 * The values are kept in memory only. A missing, repeated, oversized or malformed value reads as null.
 */
export function useLinkQuery<K extends string>(rules: Readonly<Record<K, LinkTokenRule>>): Readonly<Record<K, string | null>> {
  const location = useLocation();
  const [values] = useState(
    () =>
      Object.fromEntries(
        Object.entries<LinkTokenRule>(rules).map(([name, rule]) => [name, readParam(location.search, name, rule)]),
      ) as Record<K, string | null>,
  );
  useLayoutEffect(() => {
    replaceBrowserAddress(withoutQuery(window.location.href));
  }, []);
  return values;
}

/** The `?token=` of a link from an email (see {@link useLinkQuery}). */
export function useLinkToken(rule: LinkTokenRule): string | null {
  return useLinkQuery({ token: rule }).token;
}
