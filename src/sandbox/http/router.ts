// Path matching for the sandbox's routes (the API's below /api/202412, the controls' below
// /_sandbox): `:name` segments bind parameters, a literal beats a parameter at the same place, and
// a path whose routes take other methods answers 405 naming them, not 404.
import type { Method, Route } from '../resources/resource.js';

/** Every path of the service lives below this root; the version is part of the path. */
export const API_ROOT = '/api/202412';

type Segment = { literal: string } | { param: string };

/** What a router dispatches on: the API's routes, and the sandbox's own control routes. */
export interface Routable {
  method: Method;
  path: string;
}

interface Pattern<R extends Routable> {
  segments: Segment[];
  routes: R[];
}

export type RouteMatch<R extends Routable = Route> =
  | { kind: 'found'; route: R; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allow: Method[] }
  | { kind: 'not-found' };

function compile(path: string): Segment[] {
  return path
    .split('/')
    .slice(1)
    .map((part) => (part.startsWith(':') ? { param: part.slice(1) } : { literal: part }));
}

function decodeSegments(pathname: string): string[] | null {
  try {
    return pathname.split('/').map(decodeURIComponent);
  } catch {
    return null;
  }
}

/** Literal segments beat parameters position by position, so `/gift_cards/search` is never an id. */
function moreSpecific(a: Segment[], b: Segment[]): boolean {
  for (let index = 0; index < a.length; index += 1) {
    const literalA = 'literal' in (a[index] as Segment);
    const literalB = 'literal' in (b[index] as Segment);
    if (literalA !== literalB) return literalA;
  }
  return false;
}

export class Router<R extends Routable = Route> {
  private readonly patterns: Pattern<R>[] = [];

  /** Paths of `routes` are below `root`; any other path is not found. */
  constructor(
    routes: readonly R[],
    private readonly root: string = API_ROOT,
  ) {
    for (const route of routes) {
      const existing = this.patterns.find((pattern) => pattern.routes[0]?.path === route.path);
      if (existing === undefined) this.patterns.push({ segments: compile(route.path), routes: [route] });
      else if (existing.routes.some((other) => other.method === route.method)) {
        throw new Error(`two sandbox routes answer ${route.method} ${route.path}`);
      } else existing.routes.push(route);
    }
  }

  match(method: string, pathname: string): RouteMatch<R> {
    if (!pathname.startsWith(`${this.root}/`)) return { kind: 'not-found' };
    const parts = decodeSegments(pathname.slice(this.root.length + 1));
    if (parts === null) return { kind: 'not-found' };
    let best: { pattern: Pattern<R>; params: Record<string, string> } | undefined;
    for (const pattern of this.patterns) {
      const params = this.bind(pattern.segments, parts);
      if (params !== null && (best === undefined || moreSpecific(pattern.segments, best.pattern.segments))) {
        best = { pattern, params };
      }
    }
    if (best === undefined) return { kind: 'not-found' };
    const route = best.pattern.routes.find((candidate) => candidate.method === method);
    if (route === undefined) return { kind: 'method-not-allowed', allow: best.pattern.routes.map((candidate) => candidate.method) };
    return { kind: 'found', route, params: best.params };
  }

  private bind(segments: Segment[], parts: string[]): Record<string, string> | null {
    if (segments.length !== parts.length) return null;
    const params: Record<string, string> = {};
    for (let index = 0; index < segments.length; index += 1) {
      const segment = segments[index] as Segment;
      const part = parts[index] as string;
      if ('literal' in segment) {
        if (segment.literal !== part) return null;
      } else {
        if (part === '') return null;
        params[segment.param] = part;
      }
    }
    return params;
  }
}
