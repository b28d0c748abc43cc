import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useHref, useLinkClickHandler } from 'react-router-dom';

type RouteLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** A path of the portal (src/lib/paths.ts). */
  readonly to: string;
  readonly ref?: Ref<HTMLAnchorElement>;
};

/**
 * A link to a route of the portal: an `<a>` whose address is the route's (in the hash) and whose
 * click navigates in the page, as react-router's `Link` does, from its documented parts
 * (`useHref`, `useLinkClickHandler`). react-router's own `Link` carries its framework mode's
 * route prefetching, which this portal does not use: 2 KB gzip of the first screen. Modified
 * clicks (a new tab) and a handler that prevents the default are left to the browser.
 */
export function RouteLink({ to, onClick, ...rest }: RouteLinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <a
      {...rest}
      href={href}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
}
