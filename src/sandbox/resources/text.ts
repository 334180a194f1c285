// Checks of plain text that several resources share (metafield values, products, options), and
// handles unique in the store, made from names (markets, pages).

/** Counts code points, so an emoji is one character, as a person counts. */
export function characterCount(text: string): number {
  let length = 0;
  for (const _ of text) length += 1;
  return length;
}

/**
 * True for an absolute http or https URL written exactly: URL() would trim spaces and drop tabs
 * and line breaks silently, and the stored text must be the one used.
 */
export function isHttpUrl(text: string): boolean {
  if (/\s/.test(text) || !URL.canParse(text)) return false;
  const { protocol } = new URL(text);
  return protocol === 'http:' || protocol === 'https:';
}

/**
 * The handle a name gives, unique among `taken`: lowercase words joined by hyphens (`Europe
 * West` is europe-west), then -2, -3... when taken; `fallback` when no letter or digit is left.
 */
export function handleFrom(name: string, fallback: string, taken: (handle: string) => boolean): string {
  const words = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const base = words === '' ? fallback : words.slice(0, 200).replace(/-+$/, '');
  let handle = base;
  for (let n = 2; taken(handle); n += 1) handle = `${base}-${n}`;
  return handle;
}

/**
 * Before a record whose handle is unique in the store is saved: `refusal` is thrown when its
 * handle is new to it and another record's. Gives what is taken, for a handle made from a name.
 */
export function refuseTakenHandle<R extends { id: string; handle?: string | undefined }>(
  all: readonly R[],
  record: R,
  existing: R | undefined,
  refusal: (handle: string) => Error,
): (handle: string) => boolean {
  const others = all.filter((other) => other.id !== record.id);
  const taken = (handle: string) => others.some((other) => other.handle === handle);
  if (record.handle !== undefined && record.handle !== existing?.handle && taken(record.handle)) throw refusal(record.handle);
  return taken;
}

/** A seed's check of those handles: one given twice is reported at the later record, naming the earlier (`section[index]`). */
export function reportRepeatedHandles(
  records: readonly { handle?: string | undefined }[],
  section: string,
  report: (index: number, field: string, message: string) => void,
): void {
  const handles = new Map<string, number>();
  records.forEach((record, index) => {
    if (record.handle === undefined) return;
    const same = handles.get(record.handle);
    if (same !== undefined) report(index, 'handle', `is the handle of ${section}[${same}] too`);
    handles.set(record.handle, index);
  });
}
