// @vitest-environment node
// The HTML report (--html) and what failed rows keep for it: one self-contained page, written on
// every path out (a finished run, an unreachable gateway, SIGTERM), holding each failure of a
// broken stub run with every violation, its request as curl and the answer, secrets masked;
// no script, nothing fetched, and a hostile answer body shown as text.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { describeViolation } from '../src/checks.mjs';
import { ANSWER_EXCERPT_CHARS, storedAnswer, storedRequest } from '../src/evidence.mjs';
import { escapeHtml } from '../src/html-report.mjs';
import { runCli } from './cli-runner.mjs';
import { answerOf, startStubGateway } from './stub-gateway.mjs';

// Each CLI case starts a node process that compiles the contract. A bound, not a wait.
vi.setConfig({ testTimeout: 120_000 });

const root = resolve(import.meta.dirname, '..', '..', '..');
const document = JSON.parse(readFileSync(join(root, 'generated', 'openapi.json'), 'utf8'));
const work = mkdtempSync(join(tmpdir(), 'verify-gateway-html-'));
const PASSWORD = 'Retire#2045';
const SIGN_IN = ['--user', 'jsmith401', '--password', PASSWORD];
const HOSTILE = '</pre><script>alert(1)</script>';

let stub;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const json = (status, value) => ({ status, contentType: 'application/json', body: JSON.stringify(value) });

/** Everything a page must never hold: script, anything fetched, a redirect. */
function expectSelfContained(html) {
  expect(html).toMatch(/^<!doctype html>\n/);
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/<(link|img|iframe|object|embed|base|form)\b/i);
  expect(html).not.toMatch(/\s(src|href|on[a-z]+)\s*=/i);
  expect(html).not.toMatch(/http-equiv="refresh"/i);
  expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`);
}

/** The page's section of failure N. */
const sectionOf = (html, number) => {
  const start = html.indexOf(`<section class="failure" id="failure-${number}">`);
  expect(start, `failure ${number}`).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf('</section>', start));
};

describe('the HTML report of a gateway that breaks the contract', () => {
  it('holds each failure with every violation, its request as curl and the answer, escaped and masked (exit 1)', async () => {
    const big = `<!doctype html><p>${'Maintenance. '.repeat(1000)}</p>`;
    stub = await startStubGateway(document, {
      // A hostile body, a password field and the caller's own token echoed back.
      getCredentials: (example, request) =>
        json(200, { data: { note: HOSTILE, password: 'hunter2-hunter2', echo: request.headers['x-auth-token'] } }),
      // The session token in a cookie script can read.
      validateSessionAlias: (example, request) => ({
        ...example,
        headers: { 'Set-Cookie': `X-Auth-Token=${request.headers['x-auth-token']}; Path=/` },
      }),
      // An HTML page of 13 KB: the row keeps its start.
      getAnnouncements: () => ({ status: 503, contentType: 'text/html; charset=utf-8', body: big }),
      // Takes an invalid request: a generated request's failure.
      savePhone: (example) => example,
    });
    const htmlFile = join(work, 'broken.html');
    const jsonFile = join(work, 'broken.json');
    const { code, stdout, stderr } = await runCli([
      stub.url,
      ...SIGN_IN,
      '--only',
      'getCredentials,validateSessionAlias,getAnnouncements,savePhone',
      '--fuzz',
      '5',
      '--seed',
      '7',
      '--json',
      jsonFile,
      '--html',
      htmlFile,
    ]);
    expect(code, stderr).toBe(1);
    const html = readFileSync(htmlFile, 'utf8');
    const report = JSON.parse(readFileSync(jsonFile, 'utf8'));
    expectSelfContained(html);
    expect(html).toContain(`<h1 class="failed">${escapeHtml(stdout.split('\n')[0])}</h1>`);
    expect(html).toContain(`<dt>gateway</dt><dd>${stub.url}/</dd>`);
    expect(html).toContain(`<dt>contract</dt><dd>${document.info.version} (`);
    expect(html).toContain('<dt>seed</dt><dd>7</dd>');
    // 200 first, exercised (the run also probes its 401: the authentication checks).
    expect(html).toMatch(/<tr><th>getCredentials<\/th><td>[12]\/\d+<\/td><td class="yes">✓<\/td>/);

    const failed = report.rows.filter((row) => row.result === 'failed');
    expect(failed.map((row) => `${row.operationId} ${row.kind}`)).toEqual(
      expect.arrayContaining([
        'getCredentials example',
        'validateSessionAlias example',
        'getAnnouncements example',
        'savePhone fuzz',
        'getCredentials fuzz',
      ]),
    );
    expect(html).toContain(`<h2>Failures (${failed.length})</h2>`);
    failed.forEach((row, index) => {
      const section = sectionOf(html, index + 1);
      expect(section).toContain(escapeHtml(row.operationId));
      for (const violation of row.violations) expect(section).toContain(escapeHtml(describeViolation(violation)));
      expect(section).toContain(`<pre>\n${escapeHtml(row.curl)}</pre>`);
      expect(section).toContain(`<p>status ${row.answer.status}</p>`);
      expect(section).toContain(`<pre>\n${escapeHtml(row.answer.body)}</pre>`);
      expect(section).toContain(`--replay ${escapeHtml(jsonFile)}#${index + 1}</code>`);
    });

    // The hostile body: in the JSON as the gateway sent it (masked), in the page as text.
    const credentials = failed.find((row) => row.operationId === 'getCredentials' && row.kind === 'example');
    expect(JSON.parse(credentials.answer.body)).toEqual({ data: { note: HOSTILE, password: '***', echo: '***' } });
    expect(html).toContain('&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(credentials.answer.headers['content-type']).toBe('application/json');
    // The credential cookie's value is masked in the answer's headers.
    const cookie = failed.find((row) => row.operationId === 'validateSessionAlias' && row.kind === 'example');
    expect(cookie.answer.headers['set-cookie']).toEqual(['X-Auth-Token=***; Path=/']);
    // The large page: its start, and how much there was.
    const announcements = failed.find((row) => row.operationId === 'getAnnouncements');
    expect(announcements.answer).toMatchObject({ status: 503, bodyBytes: Buffer.byteLength(big), truncated: true });
    expect(announcements.answer.body).toBe(big.slice(0, ANSWER_EXCERPT_CHARS));
    expect(sectionOf(html, failed.indexOf(announcements) + 1)).toContain(
      `body (the first ${ANSWER_EXCERPT_CHARS} characters of ${Buffer.byteLength(big)} bytes, secrets masked)`,
    );
    // Rows that passed keep nothing of the kind.
    expect(report.rows.filter((row) => row.result === 'passed' && (row.answer || row.request))).toEqual([]);

    // Secrets: the password, the basic credentials, the tokens the stub minted.
    const everything = html + readFileSync(jsonFile, 'utf8') + stdout;
    const token = JSON.parse(JSON.stringify(document.components.examples.success.value)).data.token;
    for (const secret of [PASSWORD, Buffer.from(`jsmith401:${PASSWORD}`).toString('base64'), token, 'hunter2-hunter2']) {
      expect(everything).not.toContain(secret);
    }
  });
});

describe('the HTML report is written on every path out', () => {
  it('a run cut short by SIGTERM: the rows so far and why', async () => {
    stub = await startStubGateway(document, { getPublicBranding: () => json(200, { note: HOSTILE }), getAnnouncements: () => 'hang' });
    const asked = stub.requested('getAnnouncements');
    const htmlFile = join(work, 'interrupted.html');
    const { code } = await runCli([stub.url, '--timeout-ms', '60000', '--html', htmlFile], (child) =>
      asked.then(() => child.kill('SIGTERM')),
    );
    expect(code).toBe(2);
    const html = readFileSync(htmlFile, 'utf8');
    expectSelfContained(html);
    expect(html).toContain(
      '<h1 class="aborted">verify-gateway: ABORTED: interrupted by SIGTERM; the rows so far are reported (exit 2)</h1>',
    );
    // getPublicBranding runs before getAnnouncements: its failure is on the page.
    expect(sectionOf(html, 1)).toContain('getPublicBranding');
    expect(html).toContain('&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('an unreachable gateway', async () => {
    stub = await startStubGateway(document);
    const { url } = stub;
    await stub.close();
    stub = undefined;
    const htmlFile = join(work, 'unreachable.html');
    const { code } = await runCli([url, '--html', htmlFile]);
    expect(code).toBe(2);
    const html = readFileSync(htmlFile, 'utf8');
    expectSelfContained(html);
    expect(html).toMatch(/<h1 class="aborted">verify-gateway: ABORTED: the gateway is unreachable: /);
    expect(sectionOf(html, 1)).toContain('<p>status none (no answer)</p>');
  });
});

describe('what a failed row keeps', () => {
  const base = new URL('http://gateway.example/base/');

  it('the request: secrets masked, and which of them a replay can put back', () => {
    const stored = storedRequest(
      {
        method: 'POST',
        url: 'http://gateway.example/base/login-gateway/thing?token=link-token-123',
        headers: {
          'X-Auth-Token': 'session-token-1',
          Authorization: 'Basic abcd',
          Cookie: 'XSRF-TOKEN=x1y2; other=1',
          'X-XSRF-TOKEN': 'x1y2',
          twilioMfaCode: '493021',
          Accept: 'application/json',
        },
        body: JSON.stringify({ newPassword: 'Secret#123', phone: { number: '555-0100' }, note: 'mentions link-token-123' }),
      },
      { base, token: 'session-token-1', basic: 'Basic abcd' },
      ['link-token-123', 'session-token-1'],
    );
    expect(stored).toEqual({
      method: 'POST',
      url: '/login-gateway/thing?token=***',
      headers: {
        'X-Auth-Token': '***',
        Authorization: '***',
        Cookie: '***',
        'X-XSRF-TOKEN': '***',
        twilioMfaCode: '***',
        Accept: 'application/json',
      },
      body: JSON.stringify({ newPassword: '***', phone: { number: '555-0100' }, note: 'mentions ***' }),
      masked: [
        { where: 'url' },
        { where: 'header X-Auth-Token', restore: 'token' },
        { where: 'header Authorization', restore: 'basic' },
        { where: 'header Cookie', restore: 'cookies' },
        { where: 'header X-XSRF-TOKEN', restore: 'xsrf' },
        { where: 'header twilioMfaCode' },
        { where: 'body /newPassword' },
        { where: 'body /note' },
      ],
    });
    // A token that is not the session's own (made up, or another session's), and an anti-forgery
    // header that is not the cookie's, cannot be put back: a replay would send another request.
    const other = storedRequest(
      { method: 'GET', url: 'http://gateway.example/base/x', headers: { 'X-Auth-Token': 'made-up', 'X-XSRF-TOKEN': 'broken' } },
      { base, token: 'session-token-1' },
      [],
    );
    expect(other.masked).toEqual([{ where: 'header X-Auth-Token' }, { where: 'header X-XSRF-TOKEN' }]);
    // A body with nothing to mask is kept byte for byte.
    const plain = storedRequest({ method: 'PUT', url: 'http://gateway.example/base/x', headers: {}, body: '{ "a": 1 }' }, { base }, []);
    expect(plain).toEqual({ method: 'PUT', url: '/x', headers: {}, body: '{ "a": 1 }', masked: [] });
  });

  it('the answer: headers and cookies masked, the body masked before it is cut, never inside a character', () => {
    const secret = 'tok-SECRET-9876';
    const body = `${'x'.repeat(ANSWER_EXCERPT_CHARS - 5)}${secret}`;
    const answer = storedAnswer(
      answerOf(200, body, { 'Content-Type': 'text/plain', 'Set-Cookie': ['XSRF-TOKEN=abc; Path=/'], 'X-Auth-Token': secret }),
      [secret],
    );
    // Masked before the cut: no start of the secret is left at the end.
    expect(answer.body).toBe(`${'x'.repeat(ANSWER_EXCERPT_CHARS - 5)}***`);
    expect(answer).toMatchObject({ bodyBytes: body.length, truncated: false });
    expect(answer.headers).toMatchObject({ 'set-cookie': ['XSRF-TOKEN=***; Path=/'], 'x-auth-token': '***' });

    // The envelope's error codes are what the answer means: kept; a one-time code is masked.
    const envelope = storedAnswer(
      answerOf(400, { errors: [{ code: 'AUERR05', description: 'A code is needed' }], data: { code: '493021' } }),
      [],
    );
    expect(JSON.parse(envelope.body)).toEqual({ errors: [{ code: 'AUERR05', description: 'A code is needed' }], data: { code: '***' } });

    const emoji = storedAnswer(answerOf(200, `${'x'.repeat(ANSWER_EXCERPT_CHARS - 1)}😀 and more`), []);
    expect(emoji.body).toBe('x'.repeat(ANSWER_EXCERPT_CHARS - 1));
    expect(emoji.truncated).toBe(true);
  });

  it('escapes what HTML would read as markup, and replaces what it cannot hold', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&amp;</a>`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;');
    expect(escapeHtml('a\u0000b\u001bc\ud800d\u0085e\tok\r\n😀')).toBe('a\uFFFDb\uFFFDc\uFFFDd\uFFFDe\tok\r\n😀');
  });
});
