/**
 * zod probes `new Function` when it builds its first object schema unless it runs "jitless",
 * and a strict CSP reports that probe as a violation. zod keeps its configuration on
 * `globalThis.__zod_globalConfig` (so that several copies share it); setting it here, before
 * any zod module loads, keeps all of zod out of the first screen's JavaScript. A unit test
 * proves zod reads this value, so a zod upgrade that moves it fails the build, not the CSP.
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

(globalThis.__zod_globalConfig ??= {}).jitless = true;

export {};
