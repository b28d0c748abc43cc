// The kit's command line as the tests of the reports and the replay run it: a node process,
// its exit code and both outputs.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

/** Runs `verify-gateway` with `args`; `whileRunning` gets the child (to signal it). */
export function runCli(args, whileRunning) {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(import.meta.dirname, '..', 'bin', 'verify-gateway.mjs'), ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
    whileRunning?.(child);
  });
}
