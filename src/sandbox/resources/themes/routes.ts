// The themes' listing (the table's) and an asset's read and write, as About Theme shows them:
// `GET /themes/{id}/assets?asset=KEY` answers `{"asset": {createTime, context, updateTime,
// fileType}}`; `POST /themes/{id}/assets` with `{"assets": {url, name, code, fileType,
// context}}` makes the asset of that key, or replaces what is sent of the one the theme has
// (a second send of the same text changes nothing), and answers `{"assets": {name, theme_id,
// url}}`. A name and a file type left out are the key's. The docs leave out the write's text:
// it is `context`, as the read names it (docs/decisions.md "Files, themes and payments").
import { isJsonObject, JsonInteger } from '../../http/body-json.js';
import { invalidField, notFound } from '../../http/sandbox-errors.js';
import type { Resource, ResourceEnv, Route, RouteRequest } from '../resource.js';
import { ASSET_KEY, assetTable, SCOPES, themeTable } from './record.js';

export { SCOPES };

export function createThemeResources(env: ResourceEnv): Resource[] {
  const themes = themeTable.resource(env);
  const assets = assetTable.resource(env);
  const routeOf = (method: 'POST' | 'PUT') => assets.routes.find((route) => route.method === method)!;
  const [create, update] = [routeOf('POST'), routeOf('PUT')];

  const assetOf = (themeId: string, key: string) => assets.all().find((asset) => asset.themeId === themeId && asset.url === key);

  function read(request: RouteRequest) {
    const theme = themes.find(request.params.id);
    const key = request.query.get('asset') ?? '';
    if (key === '') throw invalidField('asset', 'is required: the key of an asset, such as templates/index.json');
    if (!ASSET_KEY.test(key)) throw invalidField('asset', 'must be an asset key such as templates/index.json');
    const asset = assetOf(theme.shopThemeId, key);
    if (asset === undefined) throw notFound(`The theme ${theme.shopThemeId} has no asset ${key.slice(0, 255)}.`);
    const { createTime, context = '', updateTime, fileType = '' } = asset;
    return { body: { asset: { createTime: env.dialect.time(createTime), context, updateTime: env.dialect.time(updateTime), fileType } } };
  }

  async function write(request: RouteRequest) {
    const theme = themes.find(request.params.id);
    const sent = isJsonObject(request.body) ? request.body.assets : undefined;
    if (!isJsonObject(sent)) throw invalidField('assets', 'is required: the body must be {"assets": {...}}');
    const key = typeof sent.url === 'string' ? sent.url : undefined;
    const file = key !== undefined && ASSET_KEY.test(key) ? /([^/]*)\.([^./]+)$/.exec(key) : null;
    const existing = key === undefined ? undefined : assetOf(theme.shopThemeId, key);
    // The theme is the path's, whatever the body says; a new asset's name and type are its key's.
    const body = {
      assets: {
        ...sent,
        themeId: theme.shopThemeId,
        ...(existing === undefined && file !== null ? { name: sent.name ?? file[1], fileType: sent.fileType ?? file[2]!.toLowerCase() } : {}),
      },
    };
    await (existing === undefined ? create.handle({ ...request, body }) : update.handle({ ...request, body, params: { id: existing.id } }));
    const saved = assetOf(theme.shopThemeId, key!)!;
    return { body: { assets: { name: saved.name ?? '', theme_id: new JsonInteger(theme.shopThemeId), url: saved.url } } };
  }

  const routes: Route[] = [
    ...themes.routes,
    { method: 'GET', path: '/themes/:id/assets', scope: themeTable.scopes.read, handle: read },
    { method: 'POST', path: '/themes/:id/assets', scope: themeTable.scopes.write, handle: write },
  ];
  return [
    { ...themes, routes },
    { ...assets, routes: [] },
  ];
}
