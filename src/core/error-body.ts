// Stores disagree on how they describe an error. This reads every shape DESIGN lists
// into one: a code, a message and the fields at fault.
// The real store's `{"error": "..."}` (with other fields beside) is one of them.
import type { FieldProblem } from './errors.js';

export interface ErrorDescription {
  code?: string;
  message?: string;
  fields: FieldProblem[];
}

const MAX_TEXT = 300;

export function describeErrorBody(body: string, contentType: string | undefined): ErrorDescription {
  const text = body.trim();
  if (text === '') return { fields: [] };
  if (looksLikeJson(text, contentType)) {
    try {
      return fromJson(JSON.parse(text));
    } catch {
      // Not JSON after all: fall through and treat it as text.
    }
  }
  if (/^\s*<(!doctype|html|head|body)/i.test(text) || contentType?.includes('html')) return { message: fromHtml(text), fields: [] };
  return { message: firstLine(text), fields: [] };
}

function looksLikeJson(text: string, contentType: string | undefined): boolean {
  return contentType?.includes('json') === true || text.startsWith('{') || text.startsWith('[');
}

function fromJson(body: unknown, depth = 0): ErrorDescription {
  if (typeof body === 'string') return { message: firstLine(body), fields: [] };
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { fields: [] };
  const record = body as Record<string, unknown>;
  const result: ErrorDescription = { fields: [] };
  const code = textOf(record.code);
  if (code !== undefined) result.code = code;
  // Real stores: "exceptional responses always include an `error` field", text beside other
  // fields, or on some stores an object ({"error": {"message": ...}}) or a list.
  const error = textOf(record.error);
  const errorDescription = textOf(record.error_description);
  let message = textOf(record.message);
  if (error !== undefined && errorDescription !== undefined && /^[\w.-]+$/.test(error)) {
    // OAuth's pair: a code word and the sentence that explains it.
    result.code ??= error;
    message ??= errorDescription;
  }
  message ??= error ?? errorDescription;
  if (message !== undefined) result.message = firstLine(message);
  if (Array.isArray(record.error)) result.fields.push(...fieldsOf(record.error));
  else if (record.error && typeof record.error === 'object' && depth < 2) {
    const inner = fromJson(record.error, depth + 1);
    if (inner.code !== undefined) result.code ??= inner.code;
    if (inner.message !== undefined) result.message ??= inner.message;
    result.fields.push(...inner.fields);
  }
  const errors = record.errors;
  if (typeof errors === 'string') result.message ??= firstLine(errors);
  else result.fields.push(...fieldsOf(errors));
  return result;
}

/** A non-blank string; anything else (a numeric code repeating the status, say) is left out. */
function textOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Field problems written as a list (of strings or {field, message}) or as {field: [messages]}. */
function fieldsOf(errors: unknown): FieldProblem[] {
  const fields: FieldProblem[] = [];
  if (Array.isArray(errors)) {
    for (const item of errors) {
      if (typeof item === 'string') fields.push({ message: item });
      else if (item && typeof item === 'object') {
        const entry = item as Record<string, unknown>;
        const msg = typeof entry.message === 'string' ? entry.message : undefined;
        if (msg === undefined) continue;
        fields.push(typeof entry.field === 'string' ? { field: entry.field, message: msg } : { message: msg });
      }
    }
  } else if (errors && typeof errors === 'object') {
    for (const [field, value] of Object.entries(errors)) {
      const messages = Array.isArray(value) ? value : [value];
      for (const msg of messages) if (typeof msg === 'string') fields.push({ field, message: msg });
    }
  }
  return fields;
}

function fromHtml(html: string): string {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1]?.trim();
  if (title) return firstLine(title);
  return firstLine(
    html
      .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' '),
  );
}

function firstLine(text: string): string {
  const line = text.trim().split(/\r?\n/, 1)[0] ?? '';
  return line.length > MAX_TEXT ? `${line.slice(0, MAX_TEXT)}…` : line;
}
