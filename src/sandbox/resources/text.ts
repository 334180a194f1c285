/** Checks of plain text that several resources share (metafield values, products, options). */

/** Counts code points, so an emoji is one character, as a person counts. */
export function characterCount(text: string): number {
  let length = 0;
  for (const _ of text) length += 1;
  return length;
}

/** True for an absolute http or https URL written exactly: URL() would trim spaces and drop tabs and line breaks silently, and the stored text must be the one used. */
export function isHttpUrl(text: string): boolean {
  if (/\s/.test(text) || !URL.canParse(text)) return false;
  const { protocol } = new URL(text);
  return protocol === 'http:' || protocol === 'https:';
}
