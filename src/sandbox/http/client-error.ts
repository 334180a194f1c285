// Requests Node's HTTP parser refuses before the server sees them (an unknown method,
// Content-Length beside Transfer-Encoding, headers over the size limit, a malformed line).
// Node would answer a bare "400 Bad Request" with no body; the sandbox answers with the
// same JSON error body as every other refusal, then closes the connection, whose stream
// can no longer be trusted.
import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import type { Dialect } from './dialect.js';
import { ErrorAnswer } from './sandbox-errors.js';

interface ParserError extends Error {
  code?: string;
}

export function refusalOf(error: ParserError): ErrorAnswer {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return new ErrorAnswer(431, 'headers_too_large', 'The request headers are larger than the server accepts.');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ErrorAnswer(408, 'request_timeout', 'The request did not arrive in time.');
    case 'HPE_INVALID_METHOD':
      return new ErrorAnswer(400, 'invalid', 'The request method is not one HTTP knows.');
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
      return new ErrorAnswer(400, 'invalid', 'The request has both Content-Length and Transfer-Encoding; send one.');
    default:
      return new ErrorAnswer(400, 'invalid', `The request is not valid HTTP/1.1 (${error.code ?? 'parse error'}).`);
  }
}

/** The server's 'clientError' listener, answering in the server's dialect. */
export function answerClientError(dialect: Dialect, error: ParserError, socket: Socket): void {
  // A peer that went away, or a response already under way on this socket: nothing to answer.
  const inProgress = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
  if (error.code === 'ECONNRESET' || !socket.writable || inProgress) {
    socket.destroy();
    return;
  }
  const refusal = refusalOf(error);
  const status = dialect.errorStatus(refusal);
  const body = JSON.stringify(dialect.errorBody(refusal));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n` +
      'Content-Type: application/json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}
