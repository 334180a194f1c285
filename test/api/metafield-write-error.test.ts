import { describe, expect, it } from 'vitest';
import { MetafieldsApi } from '../../src/api/metafields/requests.js';
import { batchRefusal, MetafieldWriteError, singleRefusal } from '../../src/api/metafields/write-error.js';
import { ApiError, NetworkError, type FieldProblem } from '../../src/core/errors.js';
import type { Transport } from '../../src/core/transport.js';

const refused = (fields: FieldProblem[], status = 400) =>
  new ApiError('invalid', { status, code: 'invalid', fields, retryAfterSeconds: 3, responseText: '{"raw":1}', responseHeaders: { 'retry-after': '3' } });

describe('batchRefusal: the wire paths of a refused create, as values by index', () => {
  it('metaFieldDataList[i] and metaFieldDataList[i].field name value i (and its field)', () => {
    const error = batchRefusal(
      refused([
        { field: 'metaFieldDataList[1].value', message: 'bad.' },
        { field: 'metaFieldDataList[1].code', message: 'worse' },
        { field: 'metaFieldDataList[0]', message: 'exists' },
      ]),
      3,
    );
    expect(error.refusal).toEqual({
      kind: 'values',
      problems: [
        { index: 1, field: 'value', message: 'bad.' },
        { index: 1, field: 'code', message: 'worse' },
        { index: 0, message: 'exists' },
      ],
    });
  });

  it('a field outside the list (or beyond the batch) is the whole object’s problem; no field, unnamed', () => {
    expect(batchRefusal(refused([{ field: 'bizId', message: 'bad' }]), 3).refusal).toEqual({ kind: 'object' });
    expect(batchRefusal(refused([{ field: 'metaFieldDataList[5].value', message: 'bad' }]), 3).refusal).toEqual({ kind: 'object' });
    expect(batchRefusal(refused([]), 3).refusal).toEqual({ kind: 'unnamed' });
    expect(batchRefusal(refused([{ field: 'metaFieldDataList[0].value', message: 'bad' }, { message: 'bad' }]), 3).refusal).toEqual({ kind: 'unnamed' });
  });

  it('is the same ApiError: status, message, fields, Retry-After, body, headers and mayHaveApplied kept', () => {
    const original = refused([{ field: 'metaFieldDataList[0].value', message: 'bad' }], 409);
    original.mayHaveApplied = true;
    const error = batchRefusal(original, 1);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'invalid',
      status: 409,
      code: 'invalid',
      fields: original.fields,
      retryAfterSeconds: 3,
      responseText: '{"raw":1}',
      responseHeaders: { 'retry-after': '3' },
      mayHaveApplied: true,
      exitCode: 1,
    });
    expect(batchRefusal(refused([], 401), 1).exitCode).toBe(4);
  });
});

describe('singleRefusal: a refused update', () => {
  it('problems under metaFieldData are the value’s; others are ignored when it has some', () => {
    expect(
      singleRefusal(
        refused([
          { field: 'metaFieldData.value', message: 'bad' },
          { field: 'bizId', message: 'x' },
        ]),
      ).refusal,
    ).toEqual({ kind: 'values', problems: [{ index: 0, field: 'value', message: 'bad' }] });
    expect(singleRefusal(refused([{ field: 'metaFieldData', message: 'bad' }])).refusal).toEqual({ kind: 'values', problems: [{ index: 0, message: 'bad' }] });
    expect(singleRefusal(refused([{ field: 'bizId', message: 'bad' }])).refusal).toEqual({ kind: 'object' });
    expect(singleRefusal(refused([])).refusal).toEqual({ kind: 'unnamed' });
  });
});

describe('MetafieldsApi refuses with a MetafieldWriteError', () => {
  const failing = (error: unknown): Transport => ({ request: async () => Promise.reject(error) });
  const value = { namespace: 'ns', code: 'a', value: 'x' };

  it('createBatch and update map an ApiError; other errors pass as they are', async () => {
    const batch = new MetafieldsApi(failing(refused([{ field: 'metaFieldDataList[1].value', message: 'bad' }])));
    const error = await batch.createBatch('products', '1', [value, value]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MetafieldWriteError);
    expect((error as MetafieldWriteError).refusal).toEqual({ kind: 'values', problems: [{ index: 1, field: 'value', message: 'bad' }] });

    const single = new MetafieldsApi(failing(refused([{ field: 'metaFieldData.value', message: 'bad' }])));
    const updateError = await single.update('products', '1', value).catch((e: unknown) => e);
    expect((updateError as MetafieldWriteError).refusal).toEqual({ kind: 'values', problems: [{ index: 0, field: 'value', message: 'bad' }] });

    const network = new NetworkError('down', 'ECONNREFUSED');
    await expect(new MetafieldsApi(failing(network)).createBatch('products', '1', [value])).rejects.toBe(network);
  });
});
