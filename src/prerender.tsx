import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { Portal } from './app/portal';
import { PortalRoutes } from './app/router';
import { createPublicContent } from './lib/public-content';

/**
 * The sign-in screen as HTML, drawn at build time (the `portal-prerender` plugin of
 * vite.config.ts writes it into the built index.html's #root) so that the heading, the form and
 * its labels paint before any script has run. It is the tree src/start.tsx hydrates, at `/`, in
 * English, before any answer: no brand, no announcement (their room is kept), no session.
 */
export async function prerenderSignIn(): Promise<string> {
  const { prelude } = await prerender(
    <Portal publicContent={createPublicContent()}>
      <StaticRouter location="/">
        <PortalRoutes />
      </StaticRouter>
    </Portal>,
  );
  return new Response(prelude).text();
}
