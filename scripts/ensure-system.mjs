// Installs the Debian packages the checks need (Chromium for the end-to-end tests) when they are
// missing: by itself when running as root, otherwise it prints the exact command and stops.
// Node built-ins only.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

/** What the checks need from the system: a binary, and the Debian package that provides it. */
export const SYSTEM_PACKAGES = [
  { name: 'Chromium', binary: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', debian: 'chromium', variable: 'CHROMIUM_PATH' },
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
  const names = missing.map((item) => item.debian).join(' ');
  if (!isRoot()) {
    for (const item of missing) console.error(`${item.name} is missing (${item.binary}).`);
    console.error(`Install it with:\n\n  sudo apt-get update && sudo apt-get install -y ${names}\n`);
    console.error(`or point ${missing.map((item) => item.variable).join(' / ')} at an installed binary.`);
    return false;
  }
  console.log(`Installing ${names} (apt-get): the checks need it and it is missing...`);
  if (!apt(['update', '-qq']) || !apt(['install', '-y', '-qq', ...missing.map((item) => item.debian)])) {
    console.error(`apt-get could not install ${names}.`);
    return false;
  }
  const still = missing.filter((item) => !existsSync(item.binary));
  for (const item of still) console.error(`${item.debian} was installed but ${item.binary} is still missing.`);
  return still.length === 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && !ensureSystemPackages()) process.exit(1);
