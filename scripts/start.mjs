// `npm start`: installs what is missing, starts the mock gateway (Prism behind the scenario
// layer) and the Vite dev server with the gateway paths proxied to it, and prints the
// address and the demo accounts. Ctrl-C stops everything it started.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { ensureDeps } from './ensure-deps.mjs';

const root = resolve(import.meta.dirname, '..');
ensureDeps();

// Imported only now: these need the installed dependencies.
const { startMock } = await import('./mock.mjs');
const { loadScenarios } = await import('./mock-scenarios.mjs');
const { DEV_PORT, MOCK_PORT } = await import('./ports.mjs');
const { idleSecondsFrom } = await import('./start-options.mjs');

// Read before anything starts: a bad option stops here, leaving nothing running.
const idleSeconds = idleSecondsFrom(process.argv.slice(2));
const mock = await startMock({ verbose: process.argv.includes('--verbose') });
const vite = spawn(join(root, 'node_modules', '.bin', 'vite'), ['--host', '127.0.0.1'], {
  cwd: root,
  stdio: ['inherit', 'pipe', 'inherit'],
  // A short idle period shows the timeout warning in seconds: the dev server writes it into the
  // page's development configuration (scripts/portal-config.mjs), as a server would.
  env: idleSeconds ? { ...process.env, PORTAL_IDLE_SECONDS: idleSeconds } : process.env,
});

let announced = false;
vite.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  if (announced || !/ready in/i.test(chunk.toString())) return;
  announced = true;
  const { accounts = [] } = loadScenarios(join(root, 'openapi', 'mock-scenarios.yaml'));
  console.log(`\n  Sign-in portal:  http://127.0.0.1:${DEV_PORT}/`);
  console.log(`  Mock gateway:    http://127.0.0.1:${MOCK_PORT} (scenarios: openapi/mock-scenarios.yaml)\n`);
  console.log('  Demo accounts (any password):');
  for (const account of accounts) console.log(`    ${account.username.padEnd(10)} ${account['leads to']}`);
  console.log('\n  Ctrl-C stops the portal and the mock.\n');
});

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  vite.kill('SIGTERM');
  mock.stop();
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
vite.on('exit', (code) => stop(code ?? 0));
mock.prism.on('exit', () => {
  console.error('The mock (Prism) stopped.');
  stop(1);
});
