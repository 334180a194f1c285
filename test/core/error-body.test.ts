import { describe, expect, it } from 'vitest';
import { describeErrorBody } from '../../src/core/error-body.js';

const JSON_TYPE = 'application/json; charset=utf-8';

describe('describeErrorBody', () => {
  it('reads the documented shape: code, message and field errors', () => {
    const body = JSON.stringify({
      code: 'invalid',
      message: 'The gift card is invalid.',
      errors: [{ field: 'note', message: 'is too long' }, { field: 'initialValue', message: 'must be positive' }, { message: 'something without a field' }],
    });
    expect(describeErrorBody(body, JSON_TYPE)).toEqual({
      code: 'invalid',
      message: 'The gift card is invalid.',
      fields: [{ field: 'note', message: 'is too long' }, { field: 'initialValue', message: 'must be positive' }, { message: 'something without a field' }],
    });
  });

  it('reads {"errors": "text"} as the message', () => {
    expect(describeErrorBody('{"errors":"Not Found"}', JSON_TYPE)).toEqual({ message: 'Not Found', fields: [] });
  });

  it('prefers "message" over a textual "errors"', () => {
    expect(describeErrorBody('{"message":"Primary","errors":"Secondary"}', JSON_TYPE)).toEqual({ message: 'Primary', fields: [] });
  });

  it('reads {"errors": {field: [messages]}} as one problem per message', () => {
    const body = JSON.stringify({ errors: { code: ['has already been taken', 'is too short'], note: 'is too long' } });
    expect(describeErrorBody(body, JSON_TYPE)).toEqual({
      fields: [
        { field: 'code', message: 'has already been taken' },
        { field: 'code', message: 'is too short' },
        { field: 'note', message: 'is too long' },
      ],
    });
  });

  it('reads errors as a list of strings', () => {
    expect(describeErrorBody('{"errors":["first","second"]}', JSON_TYPE)).toEqual({ fields: [{ message: 'first' }, { message: 'second' }] });
  });

  it('reads a bare {"message"}', () => {
    expect(describeErrorBody('{"message":"Rate limit exceeded"}', JSON_TYPE)).toEqual({ message: 'Rate limit exceeded', fields: [] });
  });

  it('reads {"error"} and {"error_description"} as messages', () => {
    expect(describeErrorBody('{"error":"invalid_token"}', JSON_TYPE).message).toBe('invalid_token');
    expect(describeErrorBody('{"error_description":"expired"}', JSON_TYPE).message).toBe('expired');
  });

  it('reads the real store\'s {"error": "..."} with other fields beside it', () => {
    expect(describeErrorBody('{"error":"Gift card not found","status":404,"path":"/api/202412/gift_cards/9"}', JSON_TYPE)).toEqual({
      message: 'Gift card not found',
      fields: [],
    });
    expect(describeErrorBody('{"error":"Invalid value","code":"invalid","errors":[{"field":"note","message":"is too long"}]}', JSON_TYPE)).toEqual({
      code: 'invalid',
      message: 'Invalid value',
      fields: [{ field: 'note', message: 'is too long' }],
    });
    expect(describeErrorBody('{"error":"Limit exceeded","errors":"secondary"}', 'text/plain')).toEqual({ message: 'Limit exceeded', fields: [] });
  });

  it('prefers "message" to "error" when a body has both', () => {
    expect(describeErrorBody('{"error":true,"message":"Not allowed"}', JSON_TYPE)).toEqual({ message: 'Not allowed', fields: [] });
    expect(describeErrorBody('{"error":"Bad Request","message":"limit must be at most 250"}', JSON_TYPE).message).toBe('limit must be at most 250');
  });

  it("reads OAuth's pair: the error word as the code, the description as the message", () => {
    expect(describeErrorBody('{"error":"invalid_token","error_description":"The token expired."}', JSON_TYPE)).toEqual({
      code: 'invalid_token',
      message: 'The token expired.',
      fields: [],
    });
    expect(describeErrorBody('{"error":"Token refused","error_description":"expired"}', JSON_TYPE)).toEqual({ message: 'Token refused', fields: [] });
  });

  it('reads an "error" object: its code, message and field errors', () => {
    expect(describeErrorBody('{"error":{"code":"not_found","message":"No such card"}}', JSON_TYPE)).toEqual({
      code: 'not_found',
      message: 'No such card',
      fields: [],
    });
    expect(describeErrorBody('{"error":{"message":"Invalid","errors":{"note":["is too long"]}}}', JSON_TYPE)).toEqual({
      message: 'Invalid',
      fields: [{ field: 'note', message: 'is too long' }],
    });
    expect(describeErrorBody('{"code":"outer","error":{"code":"inner","error":"Deep"}}', JSON_TYPE)).toEqual({ code: 'outer', message: 'Deep', fields: [] });
    expect(describeErrorBody('{"error":{"status":500}}', JSON_TYPE)).toEqual({ fields: [] });
  });

  it('reads an "error" list as field problems', () => {
    expect(describeErrorBody('{"error":["first",{"field":"code","message":"taken"}]}', JSON_TYPE)).toEqual({
      fields: [{ message: 'first' }, { field: 'code', message: 'taken' }],
    });
  });

  it('ignores an "error" that is blank or of no known shape', () => {
    expect(describeErrorBody('{"error":"  "}', JSON_TYPE)).toEqual({ fields: [] });
    expect(describeErrorBody('{"error":42}', JSON_TYPE)).toEqual({ fields: [] });
  });

  it('keeps only the first line of a multi-line message', () => {
    expect(describeErrorBody('{"message":"line one\\nline two"}', JSON_TYPE).message).toBe('line one');
  });

  it('recognises JSON without a JSON content type', () => {
    expect(describeErrorBody('{"code":"conflict","message":"Code exists"}', 'text/plain')).toEqual({ code: 'conflict', message: 'Code exists', fields: [] });
    expect(describeErrorBody('{"message":"no type"}', undefined).message).toBe('no type');
  });

  it('reads a JSON string body as the message', () => {
    expect(describeErrorBody('"Service unavailable"', JSON_TYPE)).toEqual({ message: 'Service unavailable', fields: [] });
  });

  it('reads plain text as its first line', () => {
    expect(describeErrorBody('Bad Gateway\nupstream timed out\n', 'text/plain')).toEqual({ message: 'Bad Gateway', fields: [] });
    expect(describeErrorBody('  upstream said no  ', undefined)).toEqual({ message: 'upstream said no', fields: [] });
  });

  it('cuts long text with an ellipsis', () => {
    const long = 'x'.repeat(1_000);
    const { message } = describeErrorBody(long, 'text/plain');
    expect(message).toBe(`${'x'.repeat(300)}…`);
  });

  it('reads the title of an HTML page', () => {
    const html = '<!DOCTYPE html><html><head><title> 502 Bad Gateway </title></head><body><h1>Bad Gateway</h1><p>nginx</p></body></html>';
    expect(describeErrorBody(html, 'text/html')).toEqual({ message: '502 Bad Gateway', fields: [] });
  });

  it('strips the tags of an HTML page without a title', () => {
    const html =
      '<html><head><style>body { color: red }</style><script>var x = 1;</script></head>\n<body>\n<h1>Service</h1>\n<p>Unavailable   now</p></body></html>';
    expect(describeErrorBody(html, undefined)).toEqual({ message: 'Service Unavailable now', fields: [] });
  });

  it('treats a body as HTML when the content type says so', () => {
    expect(describeErrorBody('<p>Forbidden <b>here</b></p>', 'text/html; charset=utf-8')).toEqual({ message: 'Forbidden here', fields: [] });
  });

  it('describes an empty body as nothing', () => {
    expect(describeErrorBody('', JSON_TYPE)).toEqual({ fields: [] });
    expect(describeErrorBody('  \n ', undefined)).toEqual({ fields: [] });
  });

  it('falls back to text when a JSON content type carries invalid JSON', () => {
    expect(describeErrorBody('Internal error: {oops', JSON_TYPE)).toEqual({ message: 'Internal error: {oops', fields: [] });
    expect(describeErrorBody('{"message": "cut off', JSON_TYPE)).toEqual({ message: '{"message": "cut off', fields: [] });
  });

  it('ignores JSON of no known shape', () => {
    expect(describeErrorBody('[1,2]', JSON_TYPE)).toEqual({ fields: [] });
    expect(describeErrorBody('{"unexpected":true}', JSON_TYPE)).toEqual({ fields: [] });
    expect(describeErrorBody('{"code":"","message":""}', JSON_TYPE)).toEqual({ fields: [] });
  });
});
