// The sandbox's HTTP server. Each request meets, in order, the Host check, the rate limit and the
// injected faults (all before routing, so a refused request changes nothing), then its route or a
// control endpoint, its body parsed losslessly; every refusal is answered in the dialect's form.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Socket } from 'node:net';
import type { Authorizer } from './auth.js';
import { answerClientError } from './client-error.js';
import type { Dialect } from './dialect.js';
import { ErrorAnswer, malformedBody } from './sandbox-errors.js';
import { faultAnswer, type FaultQuery } from './faults.js';
import { FAULT_HEADER, type FaultDecision } from './fault-rules.js';
import { MAX_BODY_DEPTH, nestedBeyond, parseJson, serializeJson, type IdsAs } from './body-json.js';
import { API_ROOT, type Routable, type Router, type RouteMatch } from './router.js';
import { CONTROL_ROOT, isControlPath, type ControlRoute } from './control.js';
import { maskedQuery, tokenTail, type RequestLogEntry } from './request-log.js';

/** Largest request body accepted; larger bodies get 413 before they are parsed. */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface RequestLogLine {
  method: string;
  /** The path and its query, secrets in the query masked. */
  path: string;
  /** 0 when the sandbox answered nothing (an injected connection reset). */
  status: number;
  ms: number;
}

/** What the server reports of each API request it served (as the request log keeps it): never the token, nor a secret of the query. */
export type ServedRequest = Pick<RequestLogEntry, 'method' | 'path' | 'query' | 'status' | 'ms' | 'tokenLast4'> & {
  /** When it arrived. */
  at: Date;
};

export interface ServerConfig {
  router: Router;
  /** The `/_sandbox/` endpoints: any valid token may call them; never rate-limited, faulted or logged. */
  controls: Router<ControlRoute>;
  authorizer: Authorizer;
  idsAs: IdsAs;
  /** Error bodies, statuses, headers and Link form: every wire difference between dialects. */
  dialect: Dialect;
  /**
   * Absent: no limit. Answers the 429 to send (null lets the token's request go ahead) and
   * the headers every answer to it carries (the bucket's state).
   */
  rateLimit?: (token: string | undefined) => { refusal: ErrorAnswer | null; headers: Readonly<Record<string, string>> };
  /**
   * The fault for a request the rate limit admitted, if any (rules, the request's own header,
   * the fail rate), decided before routing; throws an ErrorAnswer for a malformed fault header.
   */
  fault: (query: FaultQuery) => FaultDecision | null;
  retryAfterSeconds: number;
  now: () => Date;
  /**
   * Where Link URLs point: the sandbox's own listening address, never the request's Host
   * header, which any client can set (a Link to another host would carry the next request there).
   */
  origin: () => string;
  /** Called once per API request, as its answer goes out (or its connection ends unanswered). */
  onRequest?: (request: ServedRequest) => void;
  /** Whether a request's Host header names the sandbox (see host-check.ts); a request that does not gets 403. */
  hostAllowed?: (host: string | undefined) => boolean;
}

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Readonly<Record<string, string>>, idsAs: IdsAs, closing: boolean): void {
  const text = serializeJson(body, idsAs);
  res.writeHead(status, {
    ...headers,
    ...(closing ? { Connection: 'close' } : {}),
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

function tooLarge(limit: number): ErrorAnswer {
  // The rest of an oversized body is not worth reading: close the connection after answering.
  return new ErrorAnswer(413, 'payload_too_large', `The request body exceeds the limit of ${limit} bytes.`, [], { Connection: 'close' });
}

/** Reads the body up to the size limit without destroying the socket, so a 413 can still be sent. */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(tooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData);
        req.off('end', onEnd);
        req.resume();
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => resolve(Buffer.concat(chunks));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', reject);
  });
}

function isJsonMediaType(header: string | undefined): boolean {
  const type = (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

async function readJsonBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<unknown> {
  const bytes = await readBody(req, limit);
  if (bytes.length === 0) return undefined;
  if (!isJsonMediaType(req.headers['content-type'])) {
    throw malformedBody('A request with a body must send it with Content-Type: application/json.');
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw malformedBody('The request body is not valid UTF-8.');
  }
  const deepAt = nestedBeyond(text, MAX_BODY_DEPTH);
  if (deepAt !== undefined) {
    throw malformedBody(
      `The request body nests arrays and objects more than ${MAX_BODY_DEPTH} levels deep (at character ${deepAt}); the limit is ${MAX_BODY_DEPTH}.`,
    );
  }
  try {
    return parseJson(text);
  } catch (error) {
    throw malformedBody(`The request body is not valid JSON: ${(error as Error).message}.`);
  }
}

/**
 * Waits `ms` before a faulted request is answered; false when its connection closed meanwhile
 * (the client gave up, or the sandbox is stopping), so nothing is answered or done for it.
 */
function pause(ms: number, socket: Socket): Promise<boolean> {
  if (socket.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onClose = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      socket.off('close', onClose);
      resolve(!socket.destroyed);
    }, ms);
    socket.once('close', onClose);
  });
}

type Answer = { status: number; body: unknown; headers: Readonly<Record<string, string>> };

function found<R extends Routable>(match: RouteMatch<R>, method: string, pathname: string): Extract<RouteMatch<R>, { kind: 'found' }> {
  if (match.kind === 'not-found') {
    throw new ErrorAnswer(404, 'not_found', `No endpoint matches ${method} ${pathname}.`);
  }
  if (match.kind === 'method-not-allowed') {
    throw new ErrorAnswer(405, 'method_not_allowed', `${pathname} does not accept ${method}; it accepts ${match.allow.join(', ')}.`, [], {
      Allow: match.allow.join(', '),
    });
  }
  return match;
}

async function control(req: IncomingMessage, url: URL, config: ServerConfig): Promise<Answer> {
  const method = req.method ?? 'GET';
  // `/_sandbox` itself is the index, as `/_sandbox/` is.
  const pathname = url.pathname === CONTROL_ROOT ? `${CONTROL_ROOT}/` : url.pathname;
  const match = found(config.controls.match(method, pathname), method, url.pathname);
  // Any valid token may call a control route; what it holds decides what some show (the log's protected fields).
  const scopes = config.authorizer.granted(tokenOf(req, config.dialect));
  const body = METHODS_WITH_BODY.has(method) ? await readJsonBody(req, match.route.maxBodyBytes) : undefined;
  const reply = await match.route.handle({ params: match.params, query: url.searchParams, body, now: config.now(), scopes });
  return { status: reply.created ? 201 : 200, body: reply.body, headers: reply.headers ?? {} };
}

async function route(req: IncomingMessage, url: URL, config: ServerConfig): Promise<Answer> {
  const method = req.method ?? 'GET';
  if (url.pathname === ACCESS_SCOPES_PATH) return accessScopes(req, method, config);
  const match = found(config.router.match(method, url.pathname), method, url.pathname);
  config.authorizer.authorize(tokenOf(req, config.dialect), match.route.scope);
  const scopes = config.authorizer.granted(tokenOf(req, config.dialect));
  const body = METHODS_WITH_BODY.has(method) ? await readJsonBody(req) : undefined;
  // A change is answered once the store has it on disk (see SandboxStore.routes).
  const reply = await match.route.handle({ params: match.params, query: url.searchParams, body, now: config.now(), scopes });
  const headers: Record<string, string> = { ...reply.headers };
  if (reply.links !== undefined) {
    const origin = config.origin();
    const link = config.dialect.link({
      ...(reply.links.previous === undefined ? {} : { previous: origin + reply.links.previous }),
      ...(reply.links.next === undefined ? {} : { next: origin + reply.links.next }),
    });
    if (link !== undefined) headers.Link = link;
  }
  return { status: reply.status ?? (reply.created ? config.dialect.createdStatus : 200), body: reply.body, headers };
}

const ACCESS_SCOPES_PATH = `${API_ROOT}/oauth2/access_scopes`;

/**
 * The token's own scopes, as a real store lists them: `{"accessScopes": "[a,b]"}`, a list
 * written as text, in both dialects. Any valid token may read its own (no scope needed).
 */
function accessScopes(req: IncomingMessage, method: string, config: ServerConfig): Answer {
  if (method !== 'GET')
    throw new ErrorAnswer(405, 'method_not_allowed', `${ACCESS_SCOPES_PATH} does not accept ${method}; it accepts GET.`, [], { Allow: 'GET' });
  const scopes = config.authorizer.granted(tokenOf(req, config.dialect));
  return { status: 200, body: { accessScopes: `[${scopes.join(',')}]` }, headers: {} };
}

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const header = req.headers[name];
  return Array.isArray(header) ? header[0] : header;
}

/** The token, read from the dialect's header only: the other family's is not a token here. */
function tokenOf(req: IncomingMessage, dialect: Dialect): string | undefined {
  return headerOf(req, dialect.headers.token.toLowerCase());
}

const FAULT_HEADER_KEY = FAULT_HEADER.toLowerCase();

function foreignHost(host: string): ErrorAnswer {
  return new ErrorAnswer(
    403,
    'forbidden',
    `The sandbox answers requests addressed to it by its listening address or a loopback name (localhost, 127.0.0.1), ` +
      `not to the host '${host.slice(0, 100)}': a web page may have pointed its own name at this machine.`,
  );
}

function errorReply(error: unknown): ErrorAnswer {
  if (error instanceof ErrorAnswer) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new ErrorAnswer(500, 'internal_error', `The sandbox failed while handling the request: ${detail}.`);
}

export function createSandboxServer(config: ServerConfig): Server {
  const { dialect } = config;
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const at = config.now();
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    const controlling = isControlPath(url.pathname);
    // Reported before the answer is written, so a caller that has its answer finds it in the log.
    let reported = false;
    const report = (status: number) => {
      // A `sandbox logs --follow` polling the log would otherwise fill the log it reads.
      if (reported || config.onRequest === undefined || controlling) return;
      reported = true;
      try {
        // As sent: the URL class would resolve `..` and re-encode.
        const [path = '', ...query] = (req.url ?? '').split('?');
        config.onRequest({
          at,
          method: req.method ?? '',
          path,
          query: maskedQuery(query.join('?'), url.pathname),
          status,
          ms: Math.round(performance.now() - started),
          tokenLast4: tokenTail(tokenOf(req, dialect)),
        });
      } catch {
        // A broken log hook must not take the emulator down with it.
      }
    };
    res.once('close', () => report(res.headersSent ? res.statusCode : 0));
    const answer = (status: number, body: unknown, headers: Readonly<Record<string, string>>) => {
      report(status);
      sendJson(res, status, body, headers, config.idsAs, !server.listening);
    };
    // The rate limit and faults come before routing so that a refused request never changes state.
    // They are the API's: the sandbox's own controls stay reachable however hard it is throttled.
    // First of all, control endpoints included: a page that rebound its own name to this address learns nothing.
    const foreign = config.hostAllowed !== undefined && !config.hostAllowed(req.headers.host);
    const bucket = controlling || foreign ? undefined : config.rateLimit?.(tokenOf(req, dialect));
    const refusal = bucket?.refusal ?? null;
    // Once close() has begun, a request still in flight gets its answer and then its connection
    // ends, instead of idling in keep-alive and holding close() up until the grace timer.
    let injected: ErrorAnswer | undefined;
    try {
      if (foreign) throw foreignHost(req.headers.host ?? '');
      if (refusal !== null) throw refusal;
      const fault = controlling ? null : config.fault({ method: req.method ?? 'GET', pathname: url.pathname, header: headerOf(req, FAULT_HEADER_KEY) });
      if (fault !== null) {
        if (fault.latencyMs > 0 && !(await pause(fault.latencyMs, req.socket))) return;
        if (fault.status === 'reset') {
          req.socket.destroy();
          return;
        }
        // A 2xx rule only delays: the request is then handled as any other.
        if (fault.status >= 400) throw (injected = faultAnswer(fault.status, config.retryAfterSeconds, fault.source));
      }
      const reply = controlling ? await control(req, url, config) : await route(req, url, config);
      answer(reply.status, reply.body, dialect.replyHeaders({ ...bucket?.headers, ...reply.headers }));
    } catch (error) {
      const failure = errorReply(error);
      if (res.headersSent || res.destroyed) return;
      // Every refusal passes here, the rate limiter's and injected faults' alike, so the
      // dialect's rules for error answers (body shape, no Retry-After) hold for all; an injected
      // fault keeps the status its rule asked for, whatever statuses the dialect uses itself.
      const status = failure === injected ? failure.status : dialect.errorStatus(failure);
      answer(status, dialect.errorBody(failure), dialect.replyHeaders({ ...bucket?.headers, ...failure.headers }));
    }
  };
  const server = createServer((req, res) => void handle(req, res));
  server.on('clientError', (error, socket) => answerClientError(dialect, error, socket as Socket));
  // Long enough for a client's pool to reuse connections, short enough that stray ones die.
  server.keepAliveTimeout = 5000;
  return server;
}
