// How the HTTP client's attempts go on the wire, under its one retry loop (http.ts). Two
// wires: undici's keep-alive pool (undici.ts), whose many connections a bulk run keeps busy,
// and node's own http with a keep-alive agent (node-wire.ts), which a command's few requests
// start on in about a third of the time undici takes to load (bench/RESULTS.md).

/** One attempt of a request, as the client sends it. */
export interface WireRequest {
  method: string;
  /** Below the origin, query included. */
  path: string;
  headers: Record<string, string>;
  /** JSON text. */
  body?: string;
  /** Ends the attempt: the client's deadline for it, or Ctrl-C. */
  signal: AbortSignal;
  /** The client's --timeout: undici's own timeouts between bytes are set to it too. */
  timeoutMs: number;
}

/** An answer whose headers have come; its body is read as it arrives. */
export interface WireAnswer {
  statusCode: number;
  /** Names in lower case; a header sent more than once as a list. */
  headers: Record<string, string | string[] | undefined>;
  body: AnswerBody;
}

/** The answer's body: its chunks, or dropped unread (`destroy`), its abort no one's error. */
export interface AnswerBody extends AsyncIterable<Buffer> {
  destroy(): void;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

export interface Wire {
  /** Rejects with an error whose `code` names a network failure as undici names it (UND_ERR_SOCKET...), or node's (ECONNREFUSED...). */
  send(request: WireRequest): Promise<WireAnswer>;
  /** Cuts the idle keep-alive connections (a wire over a dispatcher it was given leaves it open). */
  close(): Promise<void>;
}

/** Reads a body to its end and lets it go. */
export async function drain(body: AnswerBody): Promise<void> {
  for await (const chunk of body) void chunk;
}
