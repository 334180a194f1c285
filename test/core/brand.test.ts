// The header families and what names one without asking the store.
import { describe, expect, it } from 'vitest';
import { apiRoot, brandOfHost, headerFamily, otherBrand, TOKEN_HEADERS } from '../../src/core/brand.js';
import { FamilyChoice } from '../../src/core/family-choice.js';

describe('header families', () => {
  it('name every header of a family from one prefix', () => {
    expect(headerFamily('genstore')).toMatchObject({
      token: 'X-Genstore-Access-Token',
      rateLimit: 'X-Genstore-Shop-Api-Rate-Limit',
      signature: 'X-Genstore-Hmac-Sha256',
      shopDomain: 'X-Genstore-Shop-Domain',
    });
    expect(headerFamily('service').token).toBe('X-Service-Access-Token');
    expect(TOKEN_HEADERS).toEqual(['X-Service-Access-Token', 'X-Genstore-Access-Token']);
    expect(otherBrand('service')).toBe('genstore');
    expect(apiRoot('202501')).toBe('/api/202501');
  });

  it('a genmystore.com or .ai host is genstore; any other names none', () => {
    for (const host of ['my-shop.genmystore.com', 'MY-SHOP.GENMYSTORE.AI', 'genmystore.com', 'a.b.genmystore.com.'])
      expect(brandOfHost(host), host).toBe('genstore');
    for (const host of ['genmystore.com.evil.example', 'notgenmystore.com', 'store.example.com', '127.0.0.1']) expect(brandOfHost(host), host).toBeUndefined();
  });

  it('a family choice probes once, and only when nothing named the family', async () => {
    let asked = 0;
    const ask = async () => (asked++, true);
    const named = new FamilyChoice('genstore', false);
    expect(await named.recover('genstore', ask)).toBe(false);
    const open = new FamilyChoice('service', true);
    expect(await Promise.all([open.recover('service', ask), open.recover('service', ask)])).toEqual([true, true]);
    expect(asked).toBe(1);
    expect(open.found).toBe('genstore');
    // Refused again under the family found: that 401 stands.
    expect(await open.recover('genstore', ask)).toBe(false);
    expect(asked).toBe(1);
  });
});
