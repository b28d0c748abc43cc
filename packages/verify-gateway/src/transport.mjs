// One HTTP exchange with the gateway, bounded in time and size, that never throws and never
// leaves a promise unsettled: whatever the gateway does (a lying Content-Encoding, a reset or a
// stall mid-body, an endless body, bytes after the end of the answer, a refused connection)
// ends as an Answer whose `failure` says what happened.
//
// node:http parses the answer (status line, headers, chunked or Content-Length framing), but
// the kit keeps what a browser-grade client hides: it decodes the body itself (zlib, with the
// cap applied to the bytes on the wire and to the decoded ones), asks the gateway to close the
// connection after each answer, and reads the connection until the gateway closes it, so bytes
// that follow the end of the answer (a body on a 204, more than the Content-Length) are counted.
import { request as httpRequest } from 'node:http';
import { connect as netConnect, isIP } from 'node:net';
import { Duplex } from 'node:stream';
import { connect as tlsConnect } from 'node:tls';
import { createBrotliDecompress, createGunzip, createInflate, createInflateRaw } from 'node:zlib';

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_BODY_BYTES = 5 * 1024 * 1024;
/** The content codings the kit asks for: the ones every browser accepts and Node decodes. */
export const ACCEPT_ENCODING = 'gzip, deflate, br';

/**
 * @typedef {object} KitRequest
 * @property {string} method upper case
 * @property {string} url absolute http or https URL
 * @property {Record<string, string>} headers
 * @property {string} [body]
 */

/**
 * @typedef {object} Answer
 * @property {boolean} connected whether a connection was established (false: the gateway is unreachable)
 * @property {number | null} status null when no answer arrived
 * @property {Record<string, string | string[] | undefined>} headers lower-case names, as node:http gives them
 * @property {string[]} setCookie every Set-Cookie line
 * @property {Buffer} body the decoded body, at most maxBodyBytes (incomplete when failure is set)
 * @property {number} wireBytes body bytes received on the wire, after de-chunking and before decoding
 * @property {number} trailingBytes bytes the gateway sent after the end of the answer
 * @property {boolean} keptOpen the gateway did not close the connection after the answer, though asked to
 * @property {string | null} failure why the exchange did not complete, or null
 * @property {number} ms
 */

/**
 * The connection as node:http reads it. Once the answer has ended (or node has given up on the
 * connection), further bytes are no longer handed to node's parser but counted, and node's
 * attempts to destroy the connection only detach it: the exchange closes the socket itself.
 */
class CountingConnection extends Duplex {
  constructor(socket) {
    super();
    this.socket = socket;
    this.detached = false;
    this.bytesAfterDetach = 0;
    socket.on('data', (chunk) => {
      if (this.detached || this.destroyed) this.bytesAfterDetach += chunk.length;
      else this.push(chunk);
    });
    socket.on('end', () => {
      if (!this.detached && !this.destroyed) this.push(null);
    });
    socket.on('error', (error) => {
      if (!this.destroyed) this.destroy(error);
    });
  }

  _read() {}

  _write(chunk, _encoding, callback) {
    this.socket.write(chunk, callback);
  }

  // node:http ends a `Connection: close` exchange with end() when the socket has no
  // destroySoon(): a half-close, so the gateway's own close (and anything before it) is seen.
  _final(callback) {
    this.socket.end();
    callback();
  }

  _destroy(error, callback) {
    callback(error);
  }
}

/** Larger output chunks than zlib's 16 KB: fewer round trips through the thread pool. */
const DECODER_OPTIONS = { chunkSize: 256 * 1024 };

function decoderFor(coding, firstChunk) {
  if (coding === 'gzip' || coding === 'x-gzip') return createGunzip(DECODER_OPTIONS);
  if (coding === 'br') return createBrotliDecompress(DECODER_OPTIONS);
  // `deflate` is zlib-wrapped by the RFC, but browsers also accept raw deflate: so does the kit.
  const zlibHeader = firstChunk.length >= 2 && (firstChunk[0] & 0x0f) === 8 && ((firstChunk[0] << 8) | firstChunk[1]) % 31 === 0;
  return zlibHeader ? createInflate(DECODER_OPTIONS) : createInflateRaw(DECODER_OPTIONS);
}

function describeError(error) {
  const code = error?.code ?? '';
  if (/^HPE_/.test(code)) return `the answer is not valid HTTP/1.1 (${String(error.reason ?? error.message).replace(/\.$/, '')})`;
  if (code === 'ECONNRESET') return 'the gateway reset the connection (ECONNRESET)';
  return `${error?.message ?? String(error)}${code && !String(error?.message).includes(code) ? ` (${code})` : ''}`;
}

/**
 * Sends one request and reads its answer. Never rejects: every way the exchange can go wrong
 * ends in an {@link Answer} whose `failure` says what happened, within `timeoutMs` from the
 * start (connecting, answering, the whole body, and the gateway closing the connection).
 *
 * @param {KitRequest} request
 * @param {{ timeoutMs?: number, maxBodyBytes?: number }} [limits]
 * @returns {Promise<Answer>}
 */
export function sendRequest(request, { timeoutMs = DEFAULT_TIMEOUT_MS, maxBodyBytes = DEFAULT_MAX_BODY_BYTES } = {}) {
  const url = new URL(request.url);
  const secure = url.protocol === 'https:';
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = Number(url.port || (secure ? 443 : 80));
  const started = performance.now();
  /** @type {Answer} */
  const answer = {
    connected: false,
    status: null,
    headers: {},
    setCookie: [],
    body: Buffer.alloc(0),
    wireBytes: 0,
    trailingBytes: 0,
    keptOpen: false,
    failure: null,
    ms: 0,
  };
  const chunks = [];
  let decodedBytes = 0;
  let phase = 'connect'; // then 'waiting', 'body', 'draining'
  let bodyEnded = false;
  let socketClosed = false;
  let connection;

  return new Promise((resolve) => {
    let settled = false;
    const settle = (failure = null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (failure) answer.failure = failure;
      answer.body = Buffer.concat(chunks);
      answer.trailingBytes += connection?.bytesAfterDetach ?? 0;
      answer.ms = Math.round(performance.now() - started);
      req.destroy();
      connection?.socket.destroy();
      resolve(answer);
    };
    const settleWhenDone = () => {
      if (bodyEnded && socketClosed) settle();
    };

    const timer = setTimeout(() => {
      if (phase === 'connect') settle(`could not connect to ${url.host} within ${timeoutMs} ms`);
      else if (phase === 'waiting') settle(`no answer within ${timeoutMs} ms`);
      else if (phase === 'body' || !bodyEnded)
        settle(`the answer stalled: ${answer.wireBytes} bytes of the body arrived, then nothing until the deadline (${timeoutMs} ms)`);
      else {
        answer.keptOpen = true;
        settle();
      }
    }, timeoutMs);

    const collect = (chunk) => {
      decodedBytes += chunk.length;
      if (decodedBytes > maxBodyBytes) {
        settle(`the body is larger than ${maxBodyBytes} bytes (the cap, --max-body-bytes); the kit stopped reading`);
        return false;
      }
      chunks.push(chunk);
      return true;
    };
    const endBody = () => {
      bodyEnded = true;
      phase = 'draining';
      if (connection) connection.detached = true;
      settleWhenDone();
    };

    const req = httpRequest(
      {
        method: request.method,
        host,
        port,
        path: `${url.pathname}${url.search}`,
        headers: {
          ...request.headers,
          'Accept-Encoding': ACCEPT_ENCODING,
          Connection: 'close',
          // Always framed: node:http sends a DELETE's body without Content-Length otherwise.
          ...(request.body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(request.body)) }),
        },
        createConnection: () => {
          const socket = secure
            ? tlsConnect({ host, port, servername: isIP(host) ? undefined : host, ALPNProtocols: ['http/1.1'] })
            : netConnect({ host, port });
          socket.once(secure ? 'secureConnect' : 'connect', () => {
            answer.connected = true;
            phase = 'waiting';
          });
          socket.once('close', () => {
            socketClosed = true;
            settleWhenDone();
          });
          connection = new CountingConnection(socket);
          return connection;
        },
      },
      (res) => {
        phase = 'body';
        answer.status = res.statusCode ?? null;
        answer.headers = res.headers;
        answer.setCookie = res.headers['set-cookie'] ?? [];
        const codings = String(res.headers['content-encoding'] ?? '')
          .split(',')
          .map((coding) => coding.trim().toLowerCase())
          .filter((coding) => coding && coding !== 'identity');
        const unknown = codings.find((coding) => !['gzip', 'x-gzip', 'deflate', 'br'].includes(coding));
        if (unknown) return settle(`Content-Encoding "${unknown}" is not one the kit asked for (Accept-Encoding: ${ACCEPT_ENCODING})`);
        if (codings.length > 1) return settle(`stacked content codings (${codings.join(', ')}) are not supported by the kit`);
        const [coding] = codings;
        let decoder;
        res.on('data', (chunk) => {
          answer.wireBytes += chunk.length;
          if (answer.wireBytes > maxBodyBytes) {
            settle(`the body is larger than ${maxBodyBytes} bytes (the cap, --max-body-bytes); the kit stopped reading`);
            return;
          }
          if (!coding) return void collect(chunk);
          if (!decoder) {
            decoder = decoderFor(coding, chunk);
            decoder.on('data', (decoded) => collect(decoded));
            decoder.on('end', endBody);
            decoder.on('error', (error) =>
              settle(`the body is not valid ${coding} (Content-Encoding: ${res.headers['content-encoding']}): ${error.message}`),
            );
          }
          decoder.write(chunk);
        });
        res.on('end', () => {
          if (!coding) return endBody();
          if (!decoder) return endBody(); // an empty body: nothing to decode
          decoder.end();
        });
        res.on('error', (error) => onError(error));
      },
    );

    const onError = (error) => {
      // Bytes after a complete answer make node's parser fail on what follows: count them.
      if (/^HPE_/.test(error?.code ?? '') && req.res?.complete) {
        answer.trailingBytes += Math.max(0, (error.rawPacket?.length ?? 0) - (error.bytesParsed ?? 0));
        return;
      }
      if (phase === 'draining') return;
      if (phase === 'connect') return settle(`could not connect to ${url.host}: ${describeError(error)}`);
      if (/^HPE_/.test(error?.code ?? '')) return settle(describeError(error));
      if (phase === 'waiting') return settle(`no answer: ${describeError(error)}`);
      const expected = answer.headers['content-length'];
      const how = error?.message === 'aborted' ? 'the connection closed' : describeError(error);
      settle(
        `the body is incomplete: ${how} after ${answer.wireBytes} bytes${expected ? ` of the ${expected} its Content-Length announced` : ''}`,
      );
    };
    req.on('error', onError);
    req.end(request.body);
  });
}
