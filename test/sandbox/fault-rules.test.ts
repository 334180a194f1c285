// The targeted fault grammar and its globs, without a server.
import { describe, expect, it } from 'vitest';
import { FaultRuleError, FaultRules, globMatches, parseFaultAction, parseFaultRule } from '../../src/sandbox/http/fault-rules.js';

function failure(text: string): FaultRuleError {
  try {
    parseFaultRule(text);
  } catch (error) {
    if (error instanceof FaultRuleError) return error;
    throw error;
  }
  throw new Error(`"${text}" parsed`);
}

describe('the fault rule grammar', () => {
  it('reads each form, defaults included, and writes it back canonically', () => {
    expect(parseFaultRule('POST /api/202412/metafields/* 503@0.3')).toEqual({
      method: 'POST',
      path: '/api/202412/metafields/*',
      status: 503,
      probability: 0.3,
      latencyMs: 0,
      rule: 'POST /api/202412/metafields/* 503@0.3',
    });
    expect(parseFaultRule('get /api/202412/products/** 200+800ms')).toMatchObject({
      method: 'GET',
      status: 200,
      probability: 1,
      latencyMs: 800,
      rule: 'GET /api/202412/products/** 200+800ms',
    });
    expect(parseFaultRule('  *   **   RESET@.1  ')).toMatchObject({ method: '*', path: '**', status: 'reset', probability: 0.1, rule: '* ** reset@0.1' });
    expect(parseFaultRule('DELETE /x 429@1.0+0ms').rule).toBe('DELETE /x 429');
    expect(parseFaultAction('500@0+5ms')).toEqual({ status: 500, probability: 0, latencyMs: 5 });
  });

  it.each([
    ['POST /x', 'rule', /three parts.*not 2/],
    ['POST /x 503 extra', 'rule', /not 4/],
    ['FETCH /x 503', 'method', /the method 'FETCH' must be GET, POST, PUT, PATCH, DELETE or \*/],
    ['GET api/202412/x 503', 'path', /must start with \//],
    ['GET /x?y=1 503', 'path', /query/],
    ['GET /a**/b 503', 'path', /\*\* stands alone/],
    ['GET /x 302', 'status', /the status '302' must be an HTTP status 400..599/],
    ['GET /x 5033', 'status', /'5033'/],
    ['GET /x teapot', 'status', /'teapot'/],
    ['GET /x 503@1.5', 'probability', /the probability '1.5' must be a number from 0 to 1/],
    ['GET /x 503@', 'probability', /''/],
    ['GET /x 503+2s', 'latency', /the latency '\+2s' must be whole milliseconds/],
    ['GET /x 503+800', 'latency', /written with ms/],
    ['GET /x 503+600001ms', 'latency', /0 to 600000/],
    ['GET /x 503+800ms@0.3', 'latency', /'\+800ms@0.3'/],
  ])('"%s" is refused for its %s', (text, part, message) => {
    const error = failure(text);
    expect(error.part).toBe(part);
    expect(error.message).toMatch(message);
  });
});

describe('path globs', () => {
  it.each([
    ['/api/202412/metafields/*', '/api/202412/metafields/products', true],
    ['/api/202412/metafields/*', '/api/202412/metafields/products/1', false],
    ['/api/202412/metafields/*', '/api/202412/metafields', false],
    ['/api/202412/products/**', '/api/202412/products', true],
    ['/api/202412/products/**', '/api/202412/products/1/variants', true],
    ['/api/202412/products/**', '/api/202412/productsX', false],
    ['/api/*/gift_cards', '/api/202412/gift_cards', true],
    ['/api/202412/gift_cards/4*1', '/api/202412/gift_cards/4000000000000000011', true],
    ['/api/202412/gift_cards/4*1', '/api/202412/gift_cards/4000000000000000012', false],
    ['/**/count', '/api/202412/gift_cards/count', true],
    ['/**/count', '/api/202412/gift_cards/search', false],
    ['/a.b/(x)', '/a.b/(x)', true],
    ['/a.b', '/aXb', false],
    ['**', '/anything/at/all', true],
    ['*', '/anything', true],
  ])('%s against %s: %s', (glob, path, matches) => {
    expect(globMatches(glob, path)).toBe(matches);
  });
});

describe('the rules in force', () => {
  it('the first rule that matches and fires decides; ids are never reused', () => {
    const rules = new FaultRules([parseFaultRule('GET /a 500@0'), parseFaultRule('GET /a 503'), parseFaultRule('* /a 404')], () => 0.5);
    expect(rules.decide('GET', '/a')).toMatchObject({ status: 503, source: 'rule 2, GET /a 503' });
    expect(rules.decide('POST', '/a')).toMatchObject({ status: 404 });
    expect(rules.decide('GET', '/b')).toBeNull();
    expect(rules.remove('2')?.rule).toBe('GET /a 503');
    expect(rules.remove('2')).toBeUndefined();
    expect(rules.add(parseFaultRule('GET /b 429')).id).toBe('4');
    expect(rules.replace([parseFaultRule('GET /c 500')]).map((entry) => entry.id)).toEqual(['5']);
    expect(rules.clear().map((entry) => entry.id)).toEqual(['5']);
    expect(rules.list()).toEqual([]);
  });

  it('draws from the generator only for a probability between 0 and 1', () => {
    let draws = 0;
    const random = () => {
      draws += 1;
      return 0.25;
    };
    const rules = new FaultRules(
      [parseFaultRule('GET /a 500@0'), parseFaultRule('GET /a 502@0.2'), parseFaultRule('GET /a 503@0.3'), parseFaultRule('GET /a 504')],
      random,
    );
    expect(rules.decide('GET', '/a')?.status).toBe(503);
    expect(draws).toBe(2);
  });

  it('remembers which rules matched a request, fired or not, so one that never did can be named', () => {
    const rules = new FaultRules(
      [
        parseFaultRule('POST /api/202412/metafields/* 503'),
        parseFaultRule('POST /api/202412/metafields/** 503@0'),
        parseFaultRule('* ** 500'),
        parseFaultRule('GET /never 500'),
      ],
      () => 0.5,
    );
    expect(rules.unmatched().map((entry) => entry.id)).toEqual(['1', '2', '3', '4']);
    // A metafield write: /metafields/{domain}/{bizId} is two segments below /metafields, which * does not reach.
    expect(rules.decide('POST', '/api/202412/metafields/products/1')).toMatchObject({ status: 500 });
    // Rule 3 fired; rule 2 matched without firing; rule 1's glob stops one segment short.
    expect(rules.unmatched().map((entry) => entry.rule)).toEqual(['POST /api/202412/metafields/* 503', 'GET /never 500']);
    rules.note('GET', '/never');
    expect(rules.unmatched().map((entry) => entry.id)).toEqual(['1']);
  });
});
