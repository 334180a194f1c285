// Pages, the store's static content ("About us", "Contact"), as About Page documents them
// (partners.genstore.ai/docs/api-rest/59): `POST /pages`, `GET|PUT|DELETE /pages/{id}`, scope
// write_content. The docs show no listing and no count, so neither is declared (the kit then
// makes no such verb). `coverByHandle` is sent on create only: a page of the same handle is
// replaced rather than refused. The docs' sample writes `visible` as "true"; it is read as sent.
import { kind, restResource, type RecordOf } from '../rest-resource.js';

export const pages = restResource({
  name: 'page',
  path: '/pages',
  wrap: { item: 'page' },
  id: 'id',
  fields: {
    id: kind.id(),
    title: kind.text({ max: 255, notBlank: true, write: 'required' }),
    handle: kind.pattern(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lowercase letters, digits and single hyphens, such as about-us', { max: 255, write: true }),
    content: kind.text({ max: 524288, write: true }),
    templateName: kind.text({ max: 255, write: true }),
    visible: kind.bool({ write: true }),
    publishTime: kind.timestamp({ write: true }),
    seoTitle: kind.text({ max: 255, write: true }),
    seoDescription: kind.text({ max: 320, write: true }),
    coverByHandle: kind.bool({ write: 'create' }),
    createTime: kind.timestamp(),
    updateTime: kind.timestamp(),
  },
  // Without a handle (or without coverByHandle) a second send makes a second page.
  createOnce: true,
});

export type Page = RecordOf<typeof pages>;
