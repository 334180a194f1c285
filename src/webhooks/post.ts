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
  /** The most the whole exchange may take, the answer's last byte included. */
  timeoutMs: number;
  signal: AbortSignal;
  /** The largest answer read (MAX_REPLY_BYTES unless given). */
  maxReplyBytes?: number;
}

/** A receiver's answer is a status and a few words: past 64 MiB it is not read further. */
export const MAX_REPLY_BYTES = 64 * 1024 * 1024;

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
  const cap = options.maxReplyBytes ?? MAX_REPLY_BYTES;
  return new Promise((resolve, reject) => {
    // Why the exchange was cut short by this side, if it was: said instead of the reset it causes.
    let cut: PostFailure | undefined;
    const fail = (error: NodeJS.ErrnoException) => {
      clearTimeout(deadline);
      const code = error.code;
      reject(cut ?? new PostFailure(options.signal.aborted ? 'the request was interrupted' : ((code && REASONS[code]) ?? error.message), code));
    };
    const stop = (failure: PostFailure) => {
      cut ??= failure;
      request.destroy();
      fail(cut);
    };
    // The socket's timeout is between bytes: an answer that trickles would never end without this.
    const deadline = setTimeout(
      () => stop(new PostFailure(`the answer did not arrive whole within the timeout (${options.timeoutMs} ms)`, 'ETIMEDOUT')),
      options.timeoutMs,
    );
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
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > cap) stop(new PostFailure(`the answer was larger than ${Math.round(cap / (1024 * 1024))} MiB, the most read`, 'E2BIG'));
          else chunks.push(chunk);
        });
        response.on('end', () => {
          clearTimeout(deadline);
          if (!cut) resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) });
        });
        response.on('error', fail);
      },
    );
    request.on('timeout', () => request.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })));
    request.on('error', fail);
    request.end(options.body);
  });
}
