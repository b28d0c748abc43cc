import { useLayoutEffect } from 'react';
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
 * The query of a link from an email (`?token=` and the like), checked against the contract's
 * rules, read from the address the page is on: again each time the address changes (a second
 * link opened in the same tab changes only the part after `#`, so the page stays and must not
 * keep the first link's values). Each address's query leaves the address bar at once with
 * `history.replaceState` (before the page sends any request, so it never stays in history or a
 * bookmark, nor reaches a Referer); the router is not asked to navigate, so it keeps the query in
 * memory and a guard's own redirect stays the last word. A missing, repeated, oversized or
 * malformed value reads as null. Pages key what they show by the token, so another link starts
 * afresh: its own check, sign-in and resend.
 */
export function useLinkQuery<K extends string>(rules: Readonly<Record<K, LinkTokenRule>>): Readonly<Record<K, string | null>> {
  const location = useLocation();
  // Each navigation is a new location object, even one to the same address again, which must be cleaned again.
  useLayoutEffect(() => {
    replaceBrowserAddress(withoutQuery(window.location.href));
  }, [location]);
  return Object.fromEntries(
    Object.entries<LinkTokenRule>(rules).map(([name, rule]) => [name, readParam(location.search, name, rule)]),
  ) as Record<K, string | null>;
}

/** The `?token=` of a link from an email (see {@link useLinkQuery}). */
export function useLinkToken(rule: LinkTokenRule): string | null {
  return useLinkQuery({ token: rule }).token;
}
