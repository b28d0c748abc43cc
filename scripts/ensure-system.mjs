// Installs the Debian packages the checks need when they are missing: Chromium for the size
// check and Lighthouse, and its headless shell for the end-to-end tests; nginx and its brotli
// modules, which serve the build there exactly as deploy/nginx/ serves it in production. By
// itself when running as root, otherwise it prints the exact command and stops. Node built-ins
// only.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Debian's Chromium (`CHROMIUM_PATH`). */
export const CHROMIUM_BINARY = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/**
 * Debian's build of Chromium's headless shell (`CHROMIUM_HEADLESS_SHELL_PATH`), the same
 * Chromium without the browser's window and its user interface: what Playwright itself runs for
 * headless tests, and the end-to-end tests' browser.
 */
export const CHROMIUM_HEADLESS_SHELL_BINARY = process.env.CHROMIUM_HEADLESS_SHELL_PATH || '/usr/bin/chromium-headless-shell';
/** The switches every check's Chromium runs with here (../shared/guides/toolchain.md). */
export const CHROMIUM_SWITCHES = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** Debian's nginx and the directory of its dynamic modules (`NGINX_PATH`, `NGINX_MODULES_DIR`). */
export const NGINX_BINARY = process.env.NGINX_PATH || '/usr/sbin/nginx';
export const NGINX_MODULES_DIR = process.env.NGINX_MODULES_DIR || '/usr/lib/nginx/modules';
/** The dynamic modules deploy/nginx/ loads, and the Debian package of each. */
export const BROTLI_MODULES = {
  'ngx_http_brotli_filter_module.so': 'libnginx-mod-http-brotli-filter',
  'ngx_http_brotli_static_module.so': 'libnginx-mod-http-brotli-static',
};

/** What the checks need from the system: a file, the Debian package that provides it, and the variable that moves it. */
export const SYSTEM_PACKAGES = [
  { name: 'Chromium', binary: CHROMIUM_BINARY, debian: 'chromium', variable: 'CHROMIUM_PATH' },
  {
    name: "Chromium's headless shell",
    binary: CHROMIUM_HEADLESS_SHELL_BINARY,
    debian: 'chromium-headless-shell',
    variable: 'CHROMIUM_HEADLESS_SHELL_PATH',
  },
  { name: 'nginx', binary: NGINX_BINARY, debian: 'nginx', variable: 'NGINX_PATH' },
  // deploy/nginx/render-portal.sh renders the server rules with it, as the container does.
  { name: 'envsubst', binary: '/usr/bin/envsubst', debian: 'gettext-base', variable: 'PATH' },
  ...Object.entries(BROTLI_MODULES).map(([module, debian]) => ({
    name: `nginx's brotli module ${module}`,
    binary: join(NGINX_MODULES_DIR, module),
    debian,
    variable: 'NGINX_MODULES_DIR',
  })),
];

function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

function apt(args) {
  const result = spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return result.status === 0;
}

/** Makes sure every system package is there; returns false (after saying what to run) when it cannot. */
export function ensureSystemPackages(packages = SYSTEM_PACKAGES) {
  const missing = packages.filter((item) => !existsSync(item.binary));
  if (missing.length === 0) return true;
  const names = [...new Set(missing.map((item) => item.debian))].join(' ');
  if (!isRoot()) {
    for (const item of missing) console.error(`${item.name} is missing (${item.binary}).`);
    console.error(`Install ${missing.length === 1 ? 'it' : 'them'} with:\n\n  sudo apt-get update && sudo apt-get install -y ${names}\n`);
    console.error(`or point ${[...new Set(missing.map((item) => item.variable))].join(' / ')} at an installed copy.`);
    return false;
  }
  console.log(`Installing ${names} (apt-get): the checks need it and it is missing...`);
  if (!apt(['update', '-qq']) || !apt(['install', '-y', '-qq', ...names.split(' ')])) {
    console.error(`apt-get could not install ${names}.`);
    return false;
  }
  const still = missing.filter((item) => !existsSync(item.binary));
  for (const item of still) console.error(`${item.debian} was installed but ${item.binary} is still missing.`);
  return still.length === 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && !ensureSystemPackages()) process.exit(1);
