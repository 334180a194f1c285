// The sandbox's discounts (/discounts): bodies checked at their JSON paths, the documented
// values only, codes unique in the store and only on code discounts, status idempotent; our
// dialect flat with a codes route and a count, the real one Genstore's nested shape with the
// one code inside and neither route; every change journaled (a crash right after an answer
// keeps it); and the discounts/create|update|delete webhooks.
import { spawnSync } from 'node:child_process';
import { copyFile, mkdtemp, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { scratchDir } from '../helpers/scratch.js';
import { launchSandbox } from '../../src/sandbox/sandbox.js';
import { call, withSandbox } from './helpers.js';
import { startReceiver } from './webhook-receiver.js';

const ORDER_PERCENT = { title: 'Ten off', discountType: 'ORDER_DISCOUNT', valueType: 'PERCENTAGE', value: '10', discountMethod: 'CODE_DISCOUNT' };

/** The same discount in Genstore's nested shape (the real dialect's), with a code or without (generated). */
function nested(code?: string, extra: Record<string, unknown> = {}, method = 'CODE_DISCOUNT') {
  return {
    discount: {
      promotionType: { categoryType: 'ORDER_DISCOUNT', generateType: { ...(code === undefined ? {} : { discountCode: code }), generateDiscountType: method } },
      title: `Ten off ${code ?? Math.random()}`,
      valueType: 'PERCENTAGE',
      value: '10',
      ...extra,
    },
  };
}

describe("discounts, the real dialect: Genstore's nested shape, the code inside", () => {
  const dialect = 'real';

  it('creates with a custom code, answers nested (201) as GET shows it; no code: one is generated, 8 letters and digits', () =>
    withSandbox({ dialect }, async (sandbox) => {
      const made = await call(sandbox, 'POST', '/discounts', { body: nested('71NLIYCH') });
      expect(made.status, made.text).toBe(201);
      expect(made.text).toMatch(
        /^\{"discount":\{"discountId":"\d{19}","title":"Ten off 71NLIYCH","promotionType":\{"categoryType":"ORDER_DISCOUNT","generateType":\{"discountCode":"71NLIYCH","generateDiscountType":"CODE_DISCOUNT"\}\}/,
      );
      expect(made.json.discount).toMatchObject({
        valueType: 'PERCENTAGE',
        value: '10',
        eligibility: 'ALL',
        segmentIds: [],
        status: 'ENABLED',
        endTime: null,
        usageLimit: null,
        oncePerCustomer: false,
      });
      expect(made.json.discount).not.toHaveProperty('id');
      expect(made.json.discount).not.toHaveProperty('codesCount');
      expect((await call(sandbox, 'GET', `/discounts/${made.json.discount.discountId}`)).json.discount).toEqual(made.json.discount);

      const generated = await call(sandbox, 'POST', '/discounts', { body: nested() });
      expect(generated.json.discount.promotionType.generateType.discountCode).toMatch(/^[A-Z0-9]{8}$/);
      const automatic = await call(sandbox, 'POST', '/discounts', { body: nested(undefined, {}, 'AUTOMATIC_DISCOUNT') });
      expect(automatic.json.discount.promotionType).toEqual({ categoryType: 'ORDER_DISCOUNT', generateType: { generateDiscountType: 'AUTOMATIC_DISCOUNT' } });
    }));

  it('refuses the flat body, a code outside the rule, a code or title the store holds; each at its JSON path', () =>
    withSandbox({ dialect }, async (sandbox) => {
      const flat = await call(sandbox, 'POST', '/discounts', { body: { discount: ORDER_PERCENT } });
      expect(flat.status).toBe(400);
      expect(flat.json.error).toContain('discount.discountType is not a field of a discount: it is discount.promotionType.categoryType');
      for (const code of ['SHORT', 'NINECHARS', 'WITH-DSH', 12345678]) {
        const bad = await call(sandbox, 'POST', '/discounts', { body: nested(code as string) });
        expect(bad.status, String(code)).toBe(400);
        expect(bad.json.error).toContain('discount.promotionType.generateType.discountCode must be 8 letters and digits');
      }
      const withCode = await call(sandbox, 'POST', '/discounts', { body: nested('AUTO1234', {}, 'AUTOMATIC_DISCOUNT') });
      expect(withCode.json.error).toContain('an AUTOMATIC_DISCOUNT applies without a code');
      expect((await call(sandbox, 'POST', '/discounts', { body: nested('SAMECODE') })).status).toBe(201);
      const taken = await call(sandbox, 'POST', '/discounts', { body: nested('samecode') });
      expect(taken.status).toBe(409);
      expect(taken.json.error).toMatch(/^The code is taken: discount \d+ has it\.$/);
      const title = await call(sandbox, 'POST', '/discounts', { body: nested('OTHER123', { title: 'TEN OFF SAMECODE' }) });
      expect(title.status).toBe(409);
      expect(title.json.error).toContain('discount names are unique');
      expect(
        (
          await call(sandbox, 'POST', '/discounts', {
            body: { discount: { promotionType: 'ORDER_DISCOUNT', title: 'x', valueType: 'PERCENTAGE', value: '1' } },
          })
        ).json.error,
      ).toContain('discount.promotionType must be an object');
      const generate = await call(sandbox, 'POST', '/discounts', {
        body: { discount: { promotionType: { categoryType: 'ORDER_DISCOUNT', generateType: 'CODE' }, title: 'x', valueType: 'PERCENTAGE', value: '1' } },
      });
      expect(generate.status).toBe(400);
      expect(generate.json.error).toContain('discount.promotionType.generateType must be an object: {"discountCode", "generateDiscountType"}');
    }));

  it('updates nested fields; the code and the method cannot change; status idempotent; delete frees the code', () =>
    withSandbox({ dialect }, async (sandbox) => {
      const id = (await call(sandbox, 'POST', '/discounts', { body: nested('KEEPCODE') })).json.discount.discountId;
      const changed = await call(sandbox, 'PUT', `/discounts/${id}`, {
        body: { discount: { promotionType: { categoryType: 'SHIPPING_DISCOUNT' }, value: '20' } },
      });
      expect(changed.status, changed.text).toBe(200);
      expect(changed.json.discount).toMatchObject({
        promotionType: { categoryType: 'SHIPPING_DISCOUNT', generateType: { discountCode: 'KEEPCODE' } },
        value: '20',
      });
      expect(
        (await call(sandbox, 'PUT', `/discounts/${id}`, { body: { discount: { promotionType: { generateType: { discountCode: 'keepcode' } } } } })).status,
      ).toBe(200);
      const other = await call(sandbox, 'PUT', `/discounts/${id}`, { body: { discount: { promotionType: { generateType: { discountCode: 'NEWCODE1' } } } } });
      expect(other.json.error).toContain('discount.promotionType.generateType.discountCode cannot change');
      const method = await call(sandbox, 'PUT', `/discounts/${id}`, {
        body: { discount: { promotionType: { generateType: { generateDiscountType: 'AUTOMATIC_DISCOUNT' } } } },
      });
      expect(method.json.error).toContain('discount.promotionType.generateType.generateDiscountType cannot change');
      const first = await call(sandbox, 'PUT', `/discounts/${id}/status`, { body: { status: 'DISABLED' } });
      expect((await call(sandbox, 'PUT', `/discounts/${id}/status`, { body: { status: 'DISABLED' } })).json).toEqual(first.json);
      expect((await call(sandbox, 'DELETE', `/discounts/${id}`)).status).toBe(200);
      expect((await call(sandbox, 'POST', '/discounts', { body: nested('KEEPCODE') })).status).toBe(201);
    }));

  it('has no codes route and no count (Genstore documents neither); the listing ignores a filter, as an unknown parameter', () =>
    withSandbox({ dialect, seed: 'demo' }, async (sandbox) => {
      expect((await call(sandbox, 'GET', '/discounts/6100000000000000013/codes')).status).toBe(404);
      expect((await call(sandbox, 'POST', '/discounts/6100000000000000013/codes', { body: { discountCode: { code: 'ANYCODE1' } } })).status).toBe(404);
      expect((await call(sandbox, 'GET', '/discounts/count')).status).toBe(404);
      const listed = await call(sandbox, 'GET', '/discounts?status=DISABLED');
      expect(listed.json.discounts.map((d: { discountId: string }) => d.discountId)).toEqual([
        '6100000000000000013',
        '6100000000000000047',
        '6100000000000000058',
      ]);
      expect(listed.json.discounts[0].promotionType.generateType.discountCode).toBe('SUMMER15');
    }));

  it('a create with its code survives a crash right after the answer', async () => {
    const dir = scratchDir('store-cli-discounts-');
    const dataFile = join(dir, 'state.json');
    const made = await withSandbox(
      { dialect, dataFile },
      async (sandbox) => (await call(sandbox, 'POST', '/discounts', { body: nested('JOURNAL1') })).json.discount,
    );
    await withSandbox({ dialect, dataFile }, async (sandbox) => {
      expect((await call(sandbox, 'GET', `/discounts/${made.discountId}`)).json.discount).toEqual(made);
      expect((await call(sandbox, 'POST', '/discounts', { body: nested('journal1') })).status).toBe(409);
    });
  });
});

describe('discounts, service dialect', () => {
  const dialect = 'service';

  it('creates with the defaults filled in, answers as GET shows it; times as the dialect writes them', () =>
    withSandbox({ dialect }, async (sandbox) => {
      const made = await call(sandbox, 'POST', '/discounts', { body: { discount: ORDER_PERCENT } });
      expect(made.status).toBe(200);
      expect(made.json.discount).toMatchObject({
        ...ORDER_PERCENT,
        eligibility: 'ALL',
        segmentIds: [],
        status: 'ENABLED',
        endTime: null,
        usageLimit: null,
        oncePerCustomer: false,
        codesCount: 0,
      });
      expect(String(made.json.discount.id)).toMatch(/^\d{19}$/);
      expect(made.json.discount.createTime).toMatch(/Z$/);
      expect((await call(sandbox, 'GET', `/discounts/${made.json.discount.id}`)).json.discount).toEqual(made.json.discount);
    }));

  it('refuses what the docs do not list, each error at its JSON path', () =>
    withSandbox({ dialect }, async (sandbox) => {
      const refused = await call(sandbox, 'POST', '/discounts', { body: { discount: { ...ORDER_PERCENT, discountType: 'BOGO', value: 10 } } });
      expect(refused.status).toBe(400);
      const text = refused.text;
      expect(text).toContain('discount.discountType');
      expect((await call(sandbox, 'POST', '/discounts', { body: { discount: { ...ORDER_PERCENT, value: '120' } } })).text).toContain('discount.value');
      expect((await call(sandbox, 'POST', '/discounts', { body: { discount: { ...ORDER_PERCENT, eligibility: 'SEGMENT' } } })).text).toContain(
        'discount.segmentIds',
      );
      expect((await call(sandbox, 'POST', '/discounts', { body: { discount: { title: 'x' } } })).status).toBe(400);
    }));

  it('codes: unique in the store ignoring case (409), only on a code discount, listed and found by code', () =>
    withSandbox({ dialect }, async (sandbox) => {
      const a = (await call(sandbox, 'POST', '/discounts', { body: { discount: ORDER_PERCENT } })).json.discount.id;
      const b = (await call(sandbox, 'POST', '/discounts', { body: { discount: ORDER_PERCENT } })).json.discount.id;
      const auto = (await call(sandbox, 'POST', '/discounts', { body: { discount: { ...ORDER_PERCENT, discountMethod: 'AUTOMATIC_DISCOUNT' } } })).json.discount
        .id;
      expect((await call(sandbox, 'POST', `/discounts/${a}/codes`, { body: { discountCode: { code: 'Welcome-10' } } })).status).toBe(200);
      expect((await call(sandbox, 'POST', `/discounts/${a}/codes`, { body: { discountCode: { code: 'WELCOME-10' } } })).status).toBe(409);
      expect((await call(sandbox, 'POST', `/discounts/${b}/codes`, { body: { discountCode: { code: 'welcome-10' } } })).status).toBe(409);
      expect((await call(sandbox, 'POST', `/discounts/${auto}/codes`, { body: { discountCode: { code: 'AUTO-1' } } })).status).toBe(400);
      expect((await call(sandbox, 'POST', `/discounts/${a}/codes`, { body: { discountCode: { code: 'no spaces' } } })).status).toBe(400);
      const found = await call(sandbox, 'GET', `/discounts/${a}/codes?code=welcome-10`);
      expect(found.json.discountCodes.map((code: { code: string }) => code.code)).toEqual(['Welcome-10']);
      expect((await call(sandbox, 'GET', `/discounts/${b}/codes?code=welcome-10`)).json.discountCodes).toEqual([]);
      expect((await call(sandbox, 'GET', `/discounts/${a}`)).json.discount.codesCount).toBe(1);
    }));

  it('status is idempotent; the method cannot change; count and filters', () =>
    withSandbox({ dialect, seed: 'demo' }, async (sandbox) => {
      const first = await call(sandbox, 'PUT', '/discounts/6100000000000000013/status', { body: { status: 'DISABLED' } });
      const second = await call(sandbox, 'PUT', '/discounts/6100000000000000013/status', { body: { status: 'DISABLED' } });
      expect(second.json.discount).toEqual(first.json.discount);
      expect((await call(sandbox, 'PUT', '/discounts/6100000000000000013/status', { body: { status: 'OFF' } })).status).toBe(400);
      expect((await call(sandbox, 'PUT', '/discounts/6100000000000000013', { body: { discount: { discountMethod: 'AUTOMATIC_DISCOUNT' } } })).status).toBe(400);
      expect(String((await call(sandbox, 'GET', '/discounts/count')).json.count)).toBe('3');
      expect(String((await call(sandbox, 'GET', '/discounts/count?status=DISABLED')).json.count)).toBe('2');
      expect((await call(sandbox, 'GET', '/discounts?discountMethod=AUTOMATIC_DISCOUNT')).json.discounts).toHaveLength(1);
    }));

  it('needs read_discounts to read and write_discounts to write', () =>
    withSandbox(
      {
        dialect,
        seed: 'demo',
        tokens: [
          { token: 'reader', scopes: ['read_discounts'] },
          { token: 'none', scopes: ['read_gift_card'] },
        ],
      },
      async (sandbox) => {
        expect((await call(sandbox, 'GET', '/discounts', { token: 'reader' })).status).toBe(200);
        expect((await call(sandbox, 'POST', '/discounts', { token: 'reader', body: { discount: ORDER_PERCENT } })).status).toBe(403);
        expect((await call(sandbox, 'GET', '/discounts', { token: 'none' })).status).toBe(403);
      },
    ));
});

describe('discounts are journaled', () => {
  it('a change answered survives a crash right after the answer: discounts, codes, statuses, deletes', async () => {
    const dir = scratchDir('store-cli-discounts-');
    const dataFile = join(dir, 'state.json');
    const crashed = await withSandbox({ dataFile, seed: 'demo' }, async (sandbox) => {
      const made = (await call(sandbox, 'POST', '/discounts', { body: { discount: ORDER_PERCENT } })).json.discount;
      expect((await call(sandbox, 'POST', `/discounts/${made.id}/codes`, { body: { discountCode: { code: 'KEPT-1' } } })).status).toBe(200);
      expect((await call(sandbox, 'PUT', `/discounts/${made.id}`, { body: { discount: { title: 'Renamed' } } })).status).toBe(200);
      expect((await call(sandbox, 'PUT', '/discounts/6100000000000000047/status', { body: { status: 'DISABLED' } })).status).toBe(200);
      expect((await call(sandbox, 'DELETE', '/discounts/6100000000000000058')).status).toBe(200);
      // The files as a kill -9 now would leave them, with a lock whose owner is dead.
      const target = join(await mkdtemp(join(dir, 'crashed-')), 'state.json');
      for (const suffix of ['', '.journal']) if (existsSync(`${dataFile}${suffix}`)) await copyFile(`${dataFile}${suffix}`, `${target}${suffix}`);
      const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
      await writeFile(`${target}.lock`, `${dead}\n`);
      return { target, id: String(made.id) };
    });
    await withSandbox({ dataFile: crashed.target, seed: 'demo' }, async (sandbox) => {
      expect((await call(sandbox, 'GET', `/discounts/${crashed.id}`)).json.discount).toMatchObject({ title: 'Renamed', codesCount: 1 });
      expect((await call(sandbox, 'GET', `/discounts/${crashed.id}/codes`)).json.discountCodes.map((code: { code: string }) => code.code)).toEqual(['KEPT-1']);
      expect((await call(sandbox, 'GET', '/discounts/6100000000000000047')).json.discount.status).toBe('DISABLED');
      expect((await call(sandbox, 'GET', '/discounts/6100000000000000058')).status).toBe(404);
      // Codes stay unique across the replay, and the deleted discount's code is free again.
      expect((await call(sandbox, 'POST', '/discounts/6100000000000000013/codes', { body: { discountCode: { code: 'kept-1' } } })).status).toBe(409);
      expect((await call(sandbox, 'POST', '/discounts/6100000000000000013/codes', { body: { discountCode: { code: 'SHIPFREE' } } })).status).toBe(200);
    });
  });
});

describe('discount webhooks', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    while (cleanups.length > 0) await cleanups.pop()?.();
  });

  it('POSTs discounts/create, update (a change and a status) and delete, the discount as GET shows it', async () => {
    const hooks = await startReceiver();
    cleanups.push(() => hooks.close());
    const sandbox = await launchSandbox({ webhooks: { urls: [hooks.url], secret: 'discount-secret' } }, { webhookBackoffMs: 2 });
    cleanups.push(() => sandbox.close());
    const made = (await call(sandbox, 'POST', '/discounts', { body: { discount: ORDER_PERCENT } })).json.discount;
    await call(sandbox, 'PUT', `/discounts/${made.id}`, { body: { discount: { value: '15' } } });
    await call(sandbox, 'PUT', `/discounts/${made.id}/status`, { body: { status: 'DISABLED' } });
    // Idempotent: no change, no event.
    await call(sandbox, 'PUT', `/discounts/${made.id}/status`, { body: { status: 'DISABLED' } });
    // Codes are no event: an import of 2,000 codes sends no 2,000 deliveries.
    await call(sandbox, 'POST', `/discounts/${made.id}/codes`, { body: { discountCode: { code: 'NO-EVENT' } } });
    const last = (await call(sandbox, 'GET', `/discounts/${made.id}`)).json.discount;
    await call(sandbox, 'DELETE', `/discounts/${made.id}`);
    await hooks.until((received) => received.length === 4);
    expect(hooks.received.map((delivery) => delivery.topic)).toEqual(['discounts/create', 'discounts/update', 'discounts/update', 'discounts/delete']);
    expect(JSON.parse(hooks.received[0]!.raw.toString())).toEqual(made);
    expect(JSON.parse(hooks.received[2]!.raw.toString())).toEqual({ ...last, codesCount: 0 });
    expect(JSON.parse(hooks.received[3]!.raw.toString())).toEqual({ id: made.id });
  });
});

describe('discount webhooks, real dialect', () => {
  it('send the discount nested, its code inside; a delete names its discountId', async () => {
    const hooks = await startReceiver();
    try {
      const sandbox = await launchSandbox({ dialect: 'real', webhooks: { urls: [hooks.url], secret: 'discount-secret' } }, { webhookBackoffMs: 2 });
      try {
        const made = (await call(sandbox, 'POST', '/discounts', { body: nested('HOOKED12') })).json.discount;
        await call(sandbox, 'DELETE', `/discounts/${made.discountId}`);
        await hooks.until((received) => received.length === 2);
        const byTopic = Object.fromEntries(hooks.received.map((delivery) => [delivery.topic, JSON.parse(delivery.raw.toString())]));
        expect(byTopic['discounts/create']).toEqual(made);
        expect(byTopic['discounts/delete']).toEqual({ discountId: made.discountId });
      } finally {
        await sandbox.close();
      }
    } finally {
      await hooks.close();
    }
  });
});

describe('discount times', () => {
  it('are read with Z, with an offset (converted) or without a zone (UTC, as the real store writes them)', () =>
    withSandbox({}, async (sandbox) => {
      for (const [sent, stored] of [
        ['2026-12-01T10:00:00Z', '2026-12-01T10:00:00Z'],
        ['2026-12-01T12:00:00+02:00', '2026-12-01T10:00:00Z'],
        ['2026-12-01T10:00:00.000', '2026-12-01T10:00:00Z'],
      ]) {
        const made = await call(sandbox, 'POST', '/discounts', { body: { discount: { ...ORDER_PERCENT, startTime: sent } } });
        expect(made.json.discount.startTime, sent).toBe(stored);
      }
      expect((await call(sandbox, 'POST', '/discounts', { body: { discount: { ...ORDER_PERCENT, startTime: '2026-02-30T10:00:00Z' } } })).status).toBe(400);
      expect(
        (
          await call(sandbox, 'POST', '/discounts', {
            body: { discount: { ...ORDER_PERCENT, startTime: '2026-12-02T00:00:00Z', endTime: '2026-12-01T00:00:00Z' } },
          })
        ).text,
      ).toContain('discount.endTime');
    }));
});
