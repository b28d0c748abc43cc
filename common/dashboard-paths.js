// @ts-check
// The dashboards the portal hands over to: other applications on the portal's host. The portal
// follows a landing address only to one of them (src/lib/links.ts); the dev server and
// `vite preview` forward them (vite.config.ts), and nginx's rules are tested against them.

/** The seven dashboards a landing address may name; nothing else is ever followed. */
export const DASHBOARD_PATHS = /** @type {const} */ ([
  '/advisor',
  '/participant',
  '/plan-admin',
  '/eps-admin',
  '/sales-representative',
  '/plan-establishment',
  '/partner-dashboard',
]);
