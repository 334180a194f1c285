// Which shop a token belongs to, for auth status: one GET shops/info. A token without the
// read_shops scope (403), or a store that does not answer it, leaves the shop unknown and
// says why: it never fails the status.
import type { Api } from '../../api/index.js';
import { ApiError } from '../../core/errors.js';
import { scalarText } from '../../core/json.js';

export type ShopLookup = { name: string; domain: string } | { unknown: string };

export async function lookUpShop(api: Api): Promise<ShopLookup> {
  try {
    const shop = await api.shop.get();
    return { name: scalarText(shop.shopName), domain: scalarText(shop.domain) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return { unknown: 'the token lacks read_shops' };
    if (error instanceof ApiError) return { unknown: `GET shops/info answered ${error.status}` };
    throw error;
  }
}
