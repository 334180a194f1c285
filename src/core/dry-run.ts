// --dry-run, in one place: a transport layer that lets reads through (a dry run may read
// what it needs to build its request: names, the stored value) and records every write
// instead of sending it. The API modules build their requests as always, so paths and
// wire shapes stay in src/api; a verb only runs its work under capture().
import type { Method, RawRequestSpec, RequestSpec, RequestView } from './http.js';
import { queryString } from './http.js';
import type { Transport } from './transport.js';

/** A request that a dry run did not send: its path below the base URL, query included. */
export interface PlannedRequest {
  method: Method;
  path: string;
  /** The JSON body, secrets masked; null when the request has none. */
  body: unknown;
}

/** Thrown at the first write: the work stops there, as nothing it would do next can happen. */
class WriteWithheld extends Error {
  constructor() {
    super('A dry run sends no write.');
  }
}

export class DryRun {
  /** The reads that were sent to build the request, as `GET path`. */
  readonly reads: string[] = [];
  private readonly writes: PlannedRequest[] = [];

  /**
   * `every`: a plan of several writes (an import): each write is recorded and answered as a
   * store that sends no body (204) would answer, so the work goes on to the next one.
   */
  constructor(private readonly every = false) {}

  /** For ctx.api({ wrap }): GETs pass, any other method is recorded and not sent. */
  readonly wrap = (transport: Transport): Transport => ({
    ...transport,
    request: async (spec: RequestSpec, view?: RequestView) => {
      const path = spec.path + queryString(spec.query);
      if (spec.method === 'GET') {
        this.reads.push(`GET ${path}`);
        return transport.request(spec, view);
      }
      this.write({ method: spec.method, path, body: view ? view.shownBody : (spec.body ?? null) });
      return { status: 204, headers: {}, body: {} };
    },
    // A raw write is withheld the same way; its body is shown as the JSON text it is.
    ...(transport.requestRaw
      ? {
          requestRaw: async (spec: RawRequestSpec) => {
            const path = spec.path + queryString(spec.query);
            if (spec.method === 'GET') {
              this.reads.push(`GET ${path}`);
              return transport.requestRaw!(spec);
            }
            this.write({ method: spec.method, path, body: spec.bodyText ?? null });
            return { status: 204, headers: {}, text: '' };
          },
        }
      : {}),
  });

  /** Records a write not sent: answered as a store that sends no body would (an import goes on), else the work stops here. */
  private write(planned: PlannedRequest): void {
    this.writes.push(planned);
    if (!this.every) throw new WriteWithheld();
  }

  /**
   * Runs `work` up to its first write and returns the requests it would have sent: none
   * when it finished without writing (a value already equal), else that one write.
   */
  async capture(work: () => Promise<unknown>): Promise<PlannedRequest[]> {
    try {
      await work();
    } catch (error) {
      if (!(error instanceof WriteWithheld)) throw error;
    }
    return [...this.writes];
  }
}
