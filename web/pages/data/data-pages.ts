/** A screen of business tables: a title, its path and the tables it shows as tabs (the first is the default). */
export interface DataPage {
  id: string;
  path: string;
  titleId: string;
  /** Resource names, as `common/resources` names them; each is a tab at `{path}/{name}`. */
  tabs: readonly string[];
}

/** The data screens of the signed-in menu's "Data" group. */
export const dataPages: readonly DataPage[] = [
  {
    id: 'exim',
    path: '/data/exim',
    titleId: 'data.pages.exim',
    tabs: ['ecus', 'ecus-ama', 'ecus-cancel', 'begin', 'purchase', 'sell', 'purchase-stock', 'statement-15', 'statement-15A'],
  },
  {
    id: 'accounting',
    path: '/data/accounting',
    titleId: 'data.pages.accounting',
    tabs: ['acc-take-in', 'acc-take-out', 'acc-iob', 'acc-counting', 'acc-ending-inventory', 'acc-other-output'],
  },
  {
    id: 'warehouse',
    path: '/data/warehouse',
    titleId: 'data.pages.warehouse',
    tabs: ['wh-take-in', 'wh-take-out', 'wh-iob', 'wh-counting', 'wh-ending-inventory'],
  },
  { id: 'production', path: '/data/production', titleId: 'data.pages.production', tabs: ['production', 'scrap', 'ending-inventory'] },
  { id: 'bom', path: '/data/bom', titleId: 'data.pages.bom', tabs: ['bom', 'bom_exw', 'map-code'] },
];

/** The FTA group's single-table screens: path → resource name. */
export const ftaPages: ReadonlyArray<{ id: string; path: string; resource: string }> = [
  { id: 'coList', path: '/fta/co-list', resource: 'co' },
  { id: 'coForm', path: '/fta/co-form', resource: 'co-form' },
  { id: 'annex10', path: '/fta/annex-10', resource: 'annex' },
  { id: 'ecusStock', path: '/fta/ecus-stock', resource: 'ecus-stock' },
];

/** The tab a path names, or the page's first tab when it names none (or one the page does not have). */
export function tabOf(page: DataPage, tab: string | undefined): string {
  return tab !== undefined && page.tabs.includes(tab) ? tab : page.tabs[0] ?? '';
}
