import { defineConfig } from '@lingui/cli';

/**
 * The message catalogue (src/lib/messages) in Lingui's `.po` files, one per area and language, so
 * a screen loads only its own area's messages in the chosen language. English is the source.
 */
const AREAS = [
  'first-screen',
  'sign-in-help',
  'common',
  'errors',
  'journey',
  'account-setup',
  'recovery',
  'verification-links',
  'totp',
  'profile',
  'passkeys',
  'session',
  'config-error',
];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es', 'pseudo'],
  fallbackLocales: { default: 'en' },
  catalogs: AREAS.map((area) => ({
    path: `<rootDir>/src/locales/{locale}/${area}`,
    include: [`<rootDir>/src/lib/messages/${area}.ts`, `<rootDir>/src/lib/messages/${area}.tsx`],
  })),
});
