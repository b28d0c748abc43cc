// @ts-check
// The operations the first screen (the sign-in form) calls before it is ready. Their answers are
// checked by schema-check.js against the contract's JSON Schema (codegen writes
// generated/first-screen.ts) rather than by zod, index.html preloads them (vite.config.ts), and
// the app renders its first screen once they have arrived (src/main.tsx). Plain JavaScript, so
// codegen and the Vite config read the same list. Each must be a GET without parameters.

export const FIRST_SCREEN_OPERATIONS = /** @type {const} */ (['getPublicBranding', 'getAnnouncements']);
