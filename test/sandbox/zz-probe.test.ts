import { it, expect } from 'vitest';
import { call, withSandbox } from './helpers.js';
import { DEMO, shirtBody } from './product-helpers.js';

it('probe products', async () => {
  await withSandbox({ seed: 'demo', port: 0, idsAs: 'number' }, async (sb) => {
    const created = await call(sb, 'POST', '/products', { body: shirtBody({ collections: JSON.stringify([DEMO.collections.summerSale]), categoryId: DEMO.categories.tShirts }) });
    console.log('create', created.status, created.text.slice(0, 300));
    const id = /"productId":(\d+)/.exec(created.text)![1];
    const got = await call(sb, 'GET', `/products/${id}`);
    // send back exactly what GET gave, raw text
    const raw = got.text.replace(/^\{"product":/, '{"product":');
    const put = await call(sb, 'PUT', `/products/${id}`, { rawBody: raw });
    console.log('put', put.status, put.text.slice(0, 600));
    const got2 = await call(sb, 'GET', `/products/${id}`);
    console.log('same', got2.text === got.text);
    const cols = await call(sb, 'GET', '/collections?title=summer');
    console.log(cols.text);
    const del = await call(sb, 'DELETE', `/products/${id}`);
    console.log('del', del.status, del.text);
    const cols2 = await call(sb, 'GET', '/collections?title=summer%20sale');
    console.log(cols2.text);
    const mf = await call(sb, 'POST', `/metafields/products/${id}`, { body: { metaFieldDataList: [{ namespace: 'specs', code: 'weight', value: { value: 1102.32, unit: 'lb' } }, { namespace: 'x', code: 'y', value: 'a\nb' }, { namespace: 'specs', code: 'weight', value: '{"value":1,"unit":"kg"}' }] } });
    console.log('mf', mf.status, mf.text);
    const mf2 = await call(sb, 'POST', `/metafields/products/${id}`, { body: { metaFieldDataList: [{ namespace: 'specs', code: 'weight', value: { value: 1102.31, unit: 'lb' } }, { namespace: 'x', code: 'y', value: 'ab' }] } });
    console.log('mf2', mf2.status, mf2.text);
    const cnt = await call(sb, 'GET', `/metafields/count/products/${id}`);
    console.log('count', cnt.text);
    const list = await call(sb, 'GET', `/metafields/products/${id}`);
    console.log('list', list.text);
  });
});
