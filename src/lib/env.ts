import type { PortalEnv } from '../../common/portal-env';

/** The checked settings, which vite.config.ts writes into the build (common/portal-env.js). */
declare const __PORTAL_ENV__: PortalEnv;

/** The portal's build-time settings, checked when the build read them. */
export const env: PortalEnv = __PORTAL_ENV__;
