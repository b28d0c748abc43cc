// A Vite plugin that writes a gzip (level 9) and a brotli (quality 11) copy beside every text file
// of the build, so nginx sends them as they are (gzip_static, brotli_static) instead of
// compressing each answer on the fly at a lower level. Node built-ins only.
import { readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What is worth compressing: text. Images other than SVG and fonts are compressed already. */
export const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt', '.webmanifest']);

/** Every file under dir, skipping dot-files and dot-directories (.vite/manifest.json is never served). */
function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** Writes `<file>.gz` and `<file>.br` beside every compressible file under dir (in parallel, on libuv's threads). */
export async function precompressDirectory(dir) {
  const files = filesUnder(dir).filter((file) => COMPRESSIBLE.has(extname(file)));
  await Promise.all(
    files.map(async (file) => {
      const source = await readFile(file);
      const [gzipped, brotli] = await Promise.all([
        gzipAsync(source, { level: 9 }),
        brotliAsync(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
      ]);
      await Promise.all([writeFile(`${file}.gz`, gzipped), writeFile(`${file}.br`, brotli)]);
    }),
  );
}

/** @returns {import('vite').Plugin} */
export function precompress() {
  let outDir = '';
  return {
    name: 'portal-precompress',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      handler: () => precompressDirectory(outDir),
    },
  };
}
