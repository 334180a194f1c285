// Typed errors. Each class carries its exit code; src/cli.ts maps them to the process
// exit status in one place, so nothing classifies errors by their message text.

export const ExitCode = {
  ok: 0,
  failure: 1,
  usage: 2,
  partial: 3,
  auth: 4,
  interrupted: 130,
} as const;

export abstract class CliError extends Error {
  abstract readonly exitCode: number;
  /** Lines printed under the error's own, each kept to one line (a list of problems). */
  readonly details: readonly string[] = [];
}

/** Invalid usage or invalid input: nothing was sent. Prints the command's usage line unless `showUsage` is false. */
export class UsageError extends CliError {
  readonly exitCode = ExitCode.usage;
  override readonly details: readonly string[];
  constructor(
    message: string,
    readonly showUsage = true,
    details: readonly string[] = [],
  ) {
    super(message);
    this.details = details;
  }
}

/** How a FieldError's sentence names an input: `name()` its own field, `name('codesOut')` another. */
export type NameOf = (field?: string) => string;

/**
 * Bad input found below the commands, at `field`: a path in the input the module was given
 * (`shard`, `image[2]`, `codesOut`). The module cannot know what the user called that input,
 * so its sentence names inputs through `name`: the verb that declared the flag names it so
 * (verb.ts: `image[2]` is --image); where nothing does, the path itself stands.
 */
/** An error whose sentence names inputs by their field paths, which the verb that declared them renames by its flags. */
export interface NamedByField {
  named(nameOf: (root: string) => string | undefined): Error;
}

export function isNamedByField(error: unknown): error is NamedByField {
  return error instanceof Error && typeof (error as Partial<NamedByField>).named === 'function';
}

export class FieldError extends UsageError implements NamedByField {
  constructor(
    readonly field: string,
    readonly sentence: (name: NameOf) => string,
    showUsage = true,
  ) {
    super(
      sentence((path = field) => path),
      showUsage,
    );
  }

  /** The same error, each input named by `nameOf` its path's first name (`image` of `image[2]`), else by its path. */
  named(nameOf: (root: string) => string | undefined): UsageError {
    return new UsageError(
      this.sentence((path = this.field) => nameOf(/^[^.[]*/.exec(path)![0]) ?? path),
      this.showUsage,
    );
  }
}

/** No credentials, or the store refused them (401/403). */
export class AuthError extends CliError {
  readonly exitCode = ExitCode.auth;
}

export interface FieldProblem {
  field?: string;
  message: string;
}

/**
 * A request that failed. `mayHaveApplied` is set by the HTTP client when some attempt of it
 * may have reached the store and been acted on (an answer lost after sending, a 5xx), so a
 * create can tell "refused" from "perhaps made" without reading the message.
 */
export abstract class RequestError extends CliError {
  mayHaveApplied = false;
}

/** What an ApiError says of the store's answer, beyond its one sentence. */
export interface ApiErrorOptions {
  status: number;
  /** The store's error code (`not_found`, `invalid`...), when its body names one. */
  code?: string | undefined;
  /** The fields at fault, as the store listed them. */
  fields?: readonly FieldProblem[] | undefined;
  /** The store's Retry-After (429, 503), in seconds. */
  retryAfterSeconds?: number | undefined;
  /** The body exactly as received, when the request asked for its raw answer (the api command shows it). */
  responseText?: string | undefined;
  /** The answer's headers (lower-case names), when the request asked for its raw answer (the api command's -i shows them). */
  responseHeaders?: Readonly<Record<string, string | undefined>> | undefined;
}

/**
 * The store answered with a non-2xx status. It says what the store answered, nothing of
 * how requests are paced: the HTTP client's rate governor has seen the answer already.
 */
export class ApiError extends RequestError {
  readonly exitCode: number;
  readonly status: number;
  readonly code: string | undefined;
  readonly fields: readonly FieldProblem[];
  readonly retryAfterSeconds: number | undefined;
  readonly responseText: string | undefined;
  readonly responseHeaders: Readonly<Record<string, string | undefined>> | undefined;
  constructor(message: string, options: ApiErrorOptions) {
    super(message);
    this.status = options.status;
    this.code = options.code;
    this.fields = options.fields ?? [];
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.responseText = options.responseText;
    this.responseHeaders = options.responseHeaders;
    this.exitCode = this.status === 401 || this.status === 403 ? ExitCode.auth : ExitCode.failure;
  }
}

/**
 * What a read of one object answered, or undefined when the store answered 404: the object is
 * gone (deleted since, or never made), which the caller plans around rather than fails on.
 */
export async function unlessGone<T>(read: Promise<T>): Promise<T | undefined> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}

/** The request never got an answer: connection refused, reset, timed out. */
export class NetworkError extends RequestError {
  readonly exitCode = ExitCode.failure;
  constructor(
    message: string,
    readonly causeCode: string | undefined,
  ) {
    super(message);
  }
}

/**
 * No attempt reached the store at all: every one was refused, or the host was not found or
 * not reachable. The store is down or the address is wrong; no request of the run can
 * fare better, so a bulk run stops at once rather than failing each row alike.
 */
export class UnreachableError extends NetworkError {}

/**
 * A create whose outcome is unknown: its answer was lost after the request may have reached
 * the store, or came but could not be read, or the user interrupted it. `failure` is the
 * last error; the command adds how to check, since it knows its flags. The message may carry
 * a gift card code, so the stack (shown with --verbose) does not repeat it.
 */
export class UnconfirmedCreateError extends CliError {
  /** The last error's: 1, or 130 when the user interrupted the create. */
  readonly exitCode: number;
  constructor(
    message: string,
    readonly failure: CliError,
    /** The store has since refused the code as taken: the create most likely happened. */
    readonly likelyCreated = false,
  ) {
    super(message);
    this.exitCode = failure.exitCode;
    this.stack = this.stack?.replace(/^[^\n]*/, 'UnconfirmedCreateError: (the message above)');
  }

  /** The same failure, with the command's sentence on how to find out appended. */
  withHint(hint: string): UnconfirmedCreateError {
    return new UnconfirmedCreateError(`${this.message} ${hint}`, this.failure, this.likelyCreated);
  }
}

/** Some items of a bulk operation failed; the rest applied. */
export class PartialFailureError extends CliError {
  readonly exitCode = ExitCode.partial;
}

/** The user interrupted (Ctrl-C): a cancelled run, exit 130. A declined prompt is DeclinedError (core/prompts.ts), exit 2. */
export class CancelledError extends CliError {
  readonly exitCode = ExitCode.interrupted;
  constructor(message = 'Interrupted.') {
    super(message);
  }
}

/** Any other failure the CLI can explain in one sentence. */
export class RuntimeError extends CliError {
  readonly exitCode = ExitCode.failure;
}

/**
 * The store answered 2xx, but its body could not be read (not JSON, or cut short): the
 * request was done, so a create must still show what it made.
 */
export class UnreadableAnswerError extends RuntimeError {}

/**
 * The store's answer was larger than a command reads (docs/decisions.md): read no further,
 * so a runaway answer cannot exhaust memory. A 2xx so large is an answer nobody can read: a
 * create still shows what it made.
 */
export class AnswerTooLargeError extends UnreadableAnswerError {}
