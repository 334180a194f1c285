// `GET /_sandbox/logs`: the request log, filtered, and a long poll for the entries to come.
import type { ControlRoute } from './control.js';
import type { RouteRequest } from '../resources/resource.js';
import { ErrorAnswer, invalidField } from './sandbox-errors.js';
import { MAX_LOG_SIZE, shownTo, type LogFilter, type RequestLog } from './request-log.js';

/** The longest a reader may ask the sandbox to hold its request open. */
export const MAX_WAIT_MS = 60_000;

const PARAMETERS = ['status', 'method', 'path', 'after', 'limit', 'wait', 'instance'] as const;

function wholeNumber(query: URLSearchParams, name: string, min: number, max: number): number | undefined {
  const text = query.get(name);
  if (text === null) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) throw invalidField(name, `must be a whole number from ${min} to ${max} (got '${text}')`);
  return value;
}

/** `4xx`, `429`, `0` (no answer), comma-separated. */
function statuses(text: string): NonNullable<LogFilter['statuses']> {
  const exact: number[] = [];
  const classes: number[] = [];
  for (const part of text.split(',').map((p) => p.trim().toLowerCase())) {
    const klass = /^([1-5])xx$/.exec(part);
    if (klass) classes.push(Number(klass[1]));
    else if (part === '0' || /^[1-5]\d\d$/.test(part)) exact.push(Number(part));
    else throw invalidField('status', `must be statuses or classes such as 4xx, 429 or 0 (no answer), comma-separated (got '${part}')`);
  }
  return { exact, classes };
}

function methods(text: string): string[] {
  const list = text.split(',').map((m) => m.trim().toUpperCase());
  const bad = list.find((m) => !/^[A-Z]+$/.test(m));
  if (bad !== undefined) throw invalidField('method', `must be HTTP methods such as GET or POST, comma-separated (got '${bad}')`);
  return list;
}

/** The filter a query asks for; a parameter that is not one of PARAMETERS is refused, so a typo never widens the answer. */
function filterOf(query: URLSearchParams): LogFilter {
  for (const name of query.keys()) {
    if (!(PARAMETERS as readonly string[]).includes(name)) {
      throw new ErrorAnswer(400, 'invalid', `Unknown parameter '${name}'; /_sandbox/logs takes ${PARAMETERS.join(', ')}.`, [
        { field: name, message: 'is not a parameter of /_sandbox/logs' },
      ]);
    }
  }
  const status = query.get('status');
  const method = query.get('method');
  const path = query.get('path');
  if (path === '') throw invalidField('path', 'must not be empty');
  const after = wholeNumber(query, 'after', 0, Number.MAX_SAFE_INTEGER);
  return {
    ...(status === null ? {} : { statuses: statuses(status) }),
    ...(method === null ? {} : { methods: methods(method) }),
    ...(path === null ? {} : { pathPrefix: path }),
    ...(after === undefined ? {} : { after }),
  };
}

export function logControlRoutes(log: RequestLog): ControlRoute[] {
  return [
    {
      method: 'GET',
      path: '/logs',
      summary:
        'the request log, oldest first: ?status=4xx,429 &method=GET &path=PREFIX &after=SEQ &limit=N ' +
        '(the newest N) &wait=MS (hold until one comes) &instance=ID (the run `after` counts in)',
      handle: async (request: RouteRequest) => {
        const { query } = request;
        const filter = filterOf(query);
        // A reader that counted seq in an earlier run of the sandbox: this log is new to it, so it
        // gets it from the start, at once, and learns from `instance` that the sandbox restarted.
        const stale = query.has('instance') && query.get('instance') !== log.instance;
        if (stale) delete filter.after;
        const limit = wholeNumber(query, 'limit', 1, MAX_LOG_SIZE);
        const wait = stale ? 0 : (wholeNumber(query, 'wait', 0, MAX_WAIT_MS) ?? 0);
        let entries = log.entries(filter, limit);
        if (entries.length === 0 && wait > 0) {
          await log.waitFor(filter, wait);
          entries = log.entries(filter, limit);
        }
        // `first` and `last` span the whole log, so a reader knows what it missed and where to go on from.
        // Protected customer data in a query (a search by email) only to a token approved for it.
        return { body: { instance: log.instance, size: log.size, first: log.first, last: log.last, entries: entries.map((entry) => shownTo(request, entry)) } };
      },
    },
  ];
}
