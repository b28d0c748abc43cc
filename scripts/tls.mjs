// A throwaway TLS certificate for a local run (Lighthouse, the end-to-end run's second
// deployment), made with openssl, with the base64 SHA-256 of its public key, which Chromium is
// told to trust and nothing else (`--ignore-certificate-errors-spki-list`).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A certificate for the given host names and IP addresses, valid one day.
 * @param {string[]} hosts
 * @returns {{ cert: string, key: string, spki: string, remove: () => void }}
 */
export function makeCertificate(hosts) {
  const dir = mkdtempSync(join(tmpdir(), 'portal-tls-'));
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  const names = hosts.map((host) => (/^[\d.]+$/.test(host) ? `IP:${host}` : `DNS:${host}`));
  const made = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', `/CN=${hosts[0]}`].concat([
      '-addext',
      `subjectAltName=${names.join(',')}`,
      '-keyout',
      key,
      '-out',
      cert,
    ]),
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl could not make the run's certificate: ${made.stderr ?? made.error}`);
  const spki = spawnSync(
    'sh',
    ['-c', `openssl x509 -in '${cert}' -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64`],
    { encoding: 'utf8' },
  );
  if (spki.status !== 0) throw new Error(`openssl could not read the run's certificate: ${spki.stderr}`);
  return { cert, key, spki: spki.stdout.trim(), remove: () => rmSync(dir, { recursive: true, force: true }) };
}
