// `npm pack`'s prepack and postpack: the repository's bundled contract goes into the package
// (contract/openapi.json, the default contract of an installed kit: src/contract.mjs) and, with
// --remove, comes out again once the tarball is made, so that the kit run from the workspace
// always reads the repository's generated/openapi.json, never a copy left from a pack.
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const packageRoot = join(import.meta.dirname, '..');
const folder = join(packageRoot, 'contract');

if (process.argv.includes('--remove')) rmSync(folder, { recursive: true, force: true });
else {
  mkdirSync(folder, { recursive: true });
  copyFileSync(join(packageRoot, '..', '..', 'generated', 'openapi.json'), join(folder, 'openapi.json'));
}
