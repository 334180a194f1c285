// Stores disagree on how they describe an error. This reads every shape DESIGN lists
// into one: a code, a message and the fields at fault.
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

function fromJson(body: unknown): ErrorDescription {
  if (typeof body === 'string') return { message: firstLine(body), fields: [] };
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { fields: [] };
  const record = body as Record<string, unknown>;
  const result: ErrorDescription = { fields: [] };
  if (typeof record.code === 'string' && record.code !== '') result.code = record.code;
  const message = record.message ?? record.error ?? record.error_description;
  if (typeof message === 'string' && message !== '') result.message = firstLine(message);
  const errors = record.errors;
  if (typeof errors === 'string') {
    result.message ??= firstLine(errors);
  } else if (Array.isArray(errors)) {
    for (const item of errors) {
      if (typeof item === 'string') result.fields.push({ message: item });
      else if (item && typeof item === 'object') {
        const entry = item as Record<string, unknown>;
        const msg = typeof entry.message === 'string' ? entry.message : undefined;
        if (msg === undefined) continue;
        result.fields.push(typeof entry.field === 'string' ? { field: entry.field, message: msg } : { message: msg });
      }
    }
  } else if (errors && typeof errors === 'object') {
    for (const [field, value] of Object.entries(errors)) {
      const messages = Array.isArray(value) ? value : [value];
      for (const msg of messages) if (typeof msg === 'string') result.fields.push({ field, message: msg });
    }
  }
  return result;
}

function fromHtml(html: string): string {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1]?.trim();
  if (title) return firstLine(title);
  return firstLine(html.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' '));
}

function firstLine(text: string): string {
  const line = text.trim().split(/\r?\n/, 1)[0] ?? '';
  return line.length > MAX_TEXT ? `${line.slice(0, MAX_TEXT)}…` : line;
}
