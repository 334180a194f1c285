// The one rule of ids that go into a URL path. Plain code: the commands' argument checks
// load it at start-up.

/** `.` and `..`: no encoding keeps them in their segment (URLs resolve them, `%2e%2e` too). */
export function isDotSegment(value: string): boolean {
  return value === '.' || value === '..';
}

export const DOT_SEGMENT_RULE = "cannot be '.' or '..' (a URL would read it as a directory step)";
