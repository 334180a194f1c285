// A Transport for unit tests of src/api modules: records each request and answers from a
// list, in order, so a test sees exactly what a module sends without any HTTP.
import type { Transport } from '../../src/core/transport.js';
import type { JsonResponse, RequestSpec, RequestView } from '../../src/core/http.js';
import { parseJson } from '../../src/core/json.js';

export interface FakeAnswer {
  /** JSON text, parsed losslessly as the HTTP layer would ('' is no body, read as {}). */
  body: string;
  headers?: Record<string, string>;
  /** 200 unless given. */
  status?: number;
}

export class FakeTransport implements Transport {
  readonly requests: RequestSpec[] = [];
  /** How each request would be shown by a dry run (undefined where the module gave no view). */
  readonly views: Array<RequestView | undefined> = [];
  constructor(private readonly answers: FakeAnswer[]) {}
  async request(spec: RequestSpec, view?: RequestView): Promise<JsonResponse> {
    this.requests.push(structuredClone(spec));
    this.views.push(view && structuredClone(view));
    const answer = this.answers.shift();
    if (!answer) throw new Error(`unexpected request ${spec.method} ${spec.path}`);
    return { status: answer.status ?? 200, headers: answer.headers ?? {}, body: answer.body.trim() === '' ? {} : parseJson(answer.body) };
  }
}
