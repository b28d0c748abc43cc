import { createRoutesFromChildren, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { paths } from '../../lib/paths';
import { routeTable } from '../router';

/** Every address the table answers, as `paths` writes it (`/reset-password/success`). */
function addresses(routes: readonly RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const here = route.path ? `${parent}/${route.path}` : parent;
    const own = route.index || route.path ? [here || '/'] : [];
    return [...own, ...addresses(route.children ?? [], here)];
  });
}

describe('the route table', () => {
  const routed = new Set(addresses(createRoutesFromChildren(routeTable())));

  it('answers every path of paths.ts, which the end-to-end check of every route reads', () => {
    expect([...new Set(Object.values(paths))].filter((path) => !routed.has(path))).toEqual([]);
  });

  it('has no path that paths.ts does not list, besides the catch-all', () => {
    const listed = new Set<string>(Object.values(paths));
    expect([...routed].filter((path) => !listed.has(path))).toEqual(['/*']);
  });
});
