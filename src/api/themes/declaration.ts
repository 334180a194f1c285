// Themes and their assets (About Theme, partners.genstore.ai/docs/api-rest/27): the store's
// themes at `GET /themes` (at most 20, one of them published: `isCurrent`), one asset read at
// `GET /themes/{themeId}/assets` and one written at `POST /themes/{themeId}/assets`. The
// asset's key goes as the `asset` parameter (the older copy of the page names it; the newer
// one's parameters are past the readable part); its text comes back as `context`, under
// `asset` (the older copy: `shopAssert`, read too). The write's body names the asset by `url`
// and `name` and gives its `fileType` and `code`; its text, which the docs leave out, goes as
// `context`, the name the read gives it (docs/decisions.md "Files, themes and payments").
import { definedOnly } from '../../core/defined-only.js';
import { FieldError } from '../../core/errors.js';
import { kind, readRecord, RestApi, restResource, type RecordOf } from '../rest-resource.js';

export const themes = restResource({
  name: 'theme',
  path: '/themes',
  wrap: { item: 'theme', list: 'themes' },
  paging: 'unpaged',
  id: 'shopThemeId',
  fields: {
    shopThemeId: kind.id(),
    shopThemeName: kind.asSent(),
    /** The published theme, the one shoppers see: true or "true". */
    isCurrent: kind.asSent(),
    /** Its installation: INIT, SUCCESS or FAIL. */
    status: kind.asSent(),
    createTime: kind.asSent(),
    updateTime: kind.asSent(),
  },
});

export type Theme = RecordOf<typeof themes>;

/** An asset as a read shows it (its text in `context`), and as a write answers it (`name`, `url`, `theme_id`). */
export const themeAssets = restResource({
  name: 'theme asset',
  path: '/themes',
  wrap: { item: 'asset' },
  fields: {
    url: kind.asSent(),
    name: kind.asSent(),
    fileType: kind.asSent(),
    context: kind.asSent(),
    createTime: kind.asSent(),
    updateTime: kind.asSent(),
    theme_id: kind.asSent(),
  },
});

export type ThemeAsset = RecordOf<typeof themeAssets>;

/** What an asset write sends: the key as `url`, its text as `context`. */
export interface AssetWrite {
  url: string;
  name: string;
  fileType: string;
  context: string;
  code?: string | undefined;
}

/**
 * An asset's key as the docs write one, `/asset_directory/asset_filename.extension` without its
 * first slash (`templates/index.json`): folders and a file name of letters, digits, `.`, `_` and
 * `-`, no `.` or `..` folder, an extension, at most 255 characters.
 */
const ASSET_KEY = /^(?:(?!\.\.?\/)[A-Za-z0-9_.-]+\/)+(?!\.\.?$)[A-Za-z0-9_.-]*[A-Za-z0-9_-]\.[A-Za-z0-9]+$/;

/** An asset key as a user gives it (an argument), or a FieldError naming `argument`. */
export function checkAssetKey(key: string, argument: string): string {
  if (key.length > 255 || !ASSET_KEY.test(key))
    throw new FieldError(argument, (name) => `${name()} must be an asset key such as templates/index.json or assets/base.css (got '${key.slice(0, 60)}').`);
  return key;
}

/** Whether a theme is the published one, as the store writes it (true, or "true"). */
export function isPublished(theme: Theme): boolean {
  return theme.isCurrent === true || theme.isCurrent === 'true';
}

export class ThemesApi extends RestApi<typeof themes> {
  /** One asset of a theme by its key (`templates/index.json`), its text in `context`. */
  async asset(themeId: string, key: string): Promise<ThemeAsset> {
    const response = await this.transport.request({ method: 'GET', path: this.assetsOf(themeId), query: { asset: key } });
    const body = response.body as Record<string, unknown> | null;
    // The older copy of the docs wraps it as `shopAssert`.
    const wrapped = body !== null && typeof body === 'object' && !('asset' in body) && 'shopAssert' in body ? { asset: body.shopAssert } : body;
    return readRecord(themeAssets, wrapped);
  }

  /**
   * Writes one asset (made, or replaced when the theme has one of that key): safely resent, as
   * the same text lands once; an answer without the asset is read back.
   */
  async putAsset(themeId: string, asset: AssetWrite): Promise<ThemeAsset> {
    const response = await this.transport.request({
      method: 'POST',
      path: this.assetsOf(themeId),
      body: { assets: definedOnly({ ...asset }) },
      idempotent: true,
    });
    const body = response.body as Record<string, unknown> | null;
    // An answer without the asset (none is documented but the sample's) is read back.
    if (body === null || typeof body !== 'object' || !('assets' in body)) return this.asset(themeId, asset.url);
    return readRecord(themeAssets, { asset: body.assets });
  }

  private assetsOf(themeId: string): string {
    return `${this.at(themeId)}/assets`;
  }
}
