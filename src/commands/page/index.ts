// `page create|get|update|delete`: the store's pages of static content, the kit's verbs over
// api/pages/declaration.ts. The store documents no listing nor count of pages, so there is no
// `page list` (the help says so, and where ids come from).
import { pages } from '../../api/pages/declaration.js';
import { crudNoun } from '../crud.js';
import { DRY_RUN_NOTE } from '../dry-run.js';

const NO_LISTING = `The store documents no listing of pages: keep the id page create prints (--json id), or
read it in the store admin's Online Store > Pages.`;

export const page = crudNoun(pages, {
  noun: 'page',
  summary: "Create, show, change and delete the store's pages of static content (the store lists none)",
  api: (api) => api.pages,
  arg: { name: 'id', help: 'the page id (page create prints it; the store documents no listing)' },
  label: (record, text) => text(record.title),
  fields: {
    title: { placeholder: '<title>', help: { create: 'the page title, 1..255 characters', update: 'a new title, 1..255 characters' } },
    handle: { placeholder: '<handle>', help: 'its handle in the page address (lowercase, digits, hyphens), such as about-us' },
    content: { placeholder: '<html>', help: 'the page body, as HTML text, at most 524288 characters' },
    templateName: { placeholder: '<name>', help: 'the theme template that shows it, such as page or contact' },
    visible: { placeholder: '<bool>', help: 'whether shoppers can see it' },
    publishTime: { placeholder: '<time>', help: 'when it is published, such as 2026-01-10T11:00:00Z' },
    seoTitle: { placeholder: '<text>', help: "the title search engines show (default: the page's title)" },
    seoDescription: { placeholder: '<text>', help: 'the description search engines show, at most 320 characters' },
    coverByHandle: { placeholder: '<bool>', help: 'true: a page with the same --handle is replaced instead of refused' },
  },
  table: {
    list: ['id', 'handle', 'title', 'visible'],
    drop: ['visible'],
    detail: ['id', 'title', 'handle', 'visible', 'templateName', 'publishTime', 'seoTitle', 'seoDescription', 'content', 'createTime', 'updateTime'],
    columns: {
      id: 'ID',
      title: { shrinkable: true },
      templateName: 'TEMPLATE',
      publishTime: 'PUBLISHED',
      seoTitle: 'SEO TITLE',
      seoDescription: 'SEO DESCRIPTION',
      createTime: 'CREATED',
      updateTime: 'UPDATED',
    },
  },
  get: {
    summary: 'Show one page: its title, handle, visibility and content',
    examples: ['store-cli page get 7200000000000000001', 'store-cli page get 7200000000000000001 --json content'],
    notes: `\nNeeds a token with the read_content or write_content scope.\n${NO_LISTING}\n`,
  },
  create: {
    summary: 'Create a page; --cover-by-handle true replaces a page of the same handle',
    examples: [
      'store-cli page create --title "About us" --handle about-us --content "<h1>Our story</h1>"',
      'store-cli page create --title "Shipping" --handle shipping --content "<p>2-day</p>" --cover-by-handle true --json id',
      'store-cli page create --title Draft --visible false --dry-run',
    ],
    notes: `
Needs a token with the write_content scope. Sends POST pages with {"page": {...}} and
prints the page as the store answers it. With --cover-by-handle true a page that has the
same --handle is replaced (and keeps its id); without it a taken handle is refused. A
create whose answer is lost is not sent again: the store lists no pages, so get the one
you meant by its handle in the admin, or send it again with --cover-by-handle true.
${NO_LISTING}
${DRY_RUN_NOTE}`,
    lost: (input) =>
      typeof input.handle === 'string'
        ? `Send it again with --cover-by-handle true: it replaces the page '${input.handle}' if it was made.`
        : "The store lists no pages: look for it in the admin's Online Store > Pages before sending it again.",
  },
  update: {
    summary: "Change a page's title, handle, content, visibility or SEO texts; only the fields given are sent",
    examples: ['store-cli page update 7200000000000000001 --visible false', 'store-cli page update 7200000000000000001 --content "<p>New text</p>" --dry-run'],
    notes: `
Needs a token with the write_content scope. Sends PUT pages/{id} with only the fields
given and prints the page as the store answers it. No field exits 2.
${DRY_RUN_NOTE}`,
  },
  delete: {
    summary: 'Delete a page; asks first unless --yes',
    examples: [
      'store-cli page delete 7200000000000000002',
      'store-cli page delete 7200000000000000002 --yes',
      'store-cli page delete 7200000000000000002 --dry-run --json',
    ],
    notes: `
Needs a token with the write_content scope. Links to the page then lead nowhere.
${DRY_RUN_NOTE}A dry run asks no confirmation.
`,
    consequence: 'Links to it then lead nowhere.',
  },
});
