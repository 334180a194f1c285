/** One entry of an error body's `errors` array: the field at fault, named by its JSON path. */
export interface FieldError {
  field: string;
  message: string;
}

/**
 * An error answered to the client with the decided error body
 * `{"code", "message", "errors": [{field, message}]}`. Thrown anywhere below the server;
 * the server is the only place that turns it into a response.
 */
export class ErrorAnswer extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: readonly FieldError[] = [],
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'ErrorAnswer';
  }

  toBody(): { code: string; message: string; errors: FieldError[] } {
    return { code: this.code, message: this.message, errors: [...this.errors] };
  }
}

export function invalid(errors: readonly FieldError[]): ErrorAnswer {
  const [first] = errors;
  const message =
    first === undefined
      ? 'The request is invalid.'
      : `${first.field} ${first.message}${errors.length > 1 ? ` (and ${errors.length - 1} more invalid fields)` : ''}.`;
  return new ErrorAnswer(400, 'invalid', message, errors);
}

export function invalidField(field: string, message: string): ErrorAnswer {
  return invalid([{ field, message }]);
}

export function malformedBody(message: string): ErrorAnswer {
  return new ErrorAnswer(400, 'invalid', message);
}

export function notFound(message: string): ErrorAnswer {
  return new ErrorAnswer(404, 'not_found', message);
}

export function conflict(message: string, errors: readonly FieldError[] = []): ErrorAnswer {
  return new ErrorAnswer(409, 'conflict', message, errors);
}

/** A well-formed request the store's state refuses (a refund beyond what was paid): 422. */
export function unprocessable(message: string, errors: readonly FieldError[] = []): ErrorAnswer {
  return new ErrorAnswer(422, 'unprocessable', message, errors);
}

/** Collects every bad field of a body so the client learns about all of them at once. */
export class FieldErrors {
  private readonly list: FieldError[] = [];

  add(field: string, message: string): void {
    this.list.push({ field, message });
  }

  get empty(): boolean {
    return this.list.length === 0;
  }

  get count(): number {
    return this.list.length;
  }

  throwIfAny(): void {
    if (this.list.length > 0) throw invalid(this.list);
  }
}

/** Bad options given to startSandbox or a bad --token spec: a usage error of the caller. */
export class SandboxUsageError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SandboxUsageError';
  }
}

/** A condition of the machine, not of the options: the port is in use, or not ours to take. */
export class SandboxRuntimeError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SandboxRuntimeError';
  }
}

/** The data file exists but cannot be used as sandbox state. */
export class SandboxDataError extends Error {
  constructor(
    readonly file: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SandboxDataError';
  }
}
