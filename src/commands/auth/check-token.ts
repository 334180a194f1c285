// Whether the store accepts a token. The spec has no "who am I" endpoint, so the cheapest
// read (gift card count) asks: 401 means refused, 403 means known but without that scope.
import type { Api } from '../../api/index.js';
import { ApiError } from '../../core/errors.js';

export type TokenVerdict = 'accepted' | 'accepted-without-gift-card-scope' | 'refused';

export async function checkToken(api: Api): Promise<TokenVerdict> {
  try {
    await api.giftCards.count();
    return 'accepted';
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return 'accepted-without-gift-card-scope';
    if (error instanceof ApiError && error.status === 401) return 'refused';
    throw error;
  }
}
