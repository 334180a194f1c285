// One POST with exact headers and body bytes, over node:http(s). Webhooks need what a
// general HTTP client hides: headers forwarded as received (case and order kept) and a
// body that is never re-encoded, or the signature over it would no longer match.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface PostReply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface PostOptions {
  /** Header name and value pairs, in order, as in node's rawHeaders; without Host and Content-Length, which come from the URL and the body. */
  headers: readonly string[];
  body: Uint8Array;
  timeoutMs: number;
  signal: AbortSignal;
}

/** The request got no answer: refused, reset, timed out, or aborted by the caller. */
export class PostFailure extends Error {
  constructor(
    readonly reason: string,
    readonly code: string | undefined,
  ) {
    super(reason);
  }
}

const REASONS: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  ENOTFOUND: 'the host name was not found',
  EAI_AGAIN: 'the host name could not be resolved',
  ETIMEDOUT: 'no answer came within the timeout',
  EHOSTUNREACH: 'the host is unreachable',
};

export function postRaw(url: URL, options: PostOptions): Promise<PostReply> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const fail = (error: NodeJS.ErrnoException) => {
      const code = error.code;
      reject(new PostFailure(options.signal.aborted ? 'the request was interrupted' : ((code && REASONS[code]) ?? error.message), code));
    };
    const request = send(
      url,
      {
        method: 'POST',
        // Given as pairs, headers keep their case and order, but node then adds neither
        // Host nor Content-Length by itself.
        headers: ['Host', url.host, ...options.headers, 'Content-Length', String(options.body.byteLength)],
        // One request, one connection: nothing lingers to hold the process at exit.
        agent: false,
        signal: options.signal,
        timeout: options.timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', fail);
      },
    );
    request.on('timeout', () => request.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })));
    request.on('error', fail);
    request.end(options.body);
  });
}
