import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../app/lazy-screen.js';

/** A page loaded on first visit: the home page's chunk carries only what the home page draws. */
const page = (path: string, load: () => Promise<ComponentType>): RouteObject => ({ path, element: lazyScreen(load) });

/** The public lookup's pages; `/:code` ranks below every fixed route, so those take precedence. */
export const lookupRoutes: RouteObject[] = [
  page('search', () => import('./SearchPage.js').then((m) => m.SearchPage)),
  // Signed-in users' `/` is their dashboard: the lookup's home stays reachable here.
  page('lookup', () => import('./LookupHomePage.js').then((m) => m.LookupHomePage)),
  page('help', () => import('../help/HelpPage.js').then((m) => m.HelpPage)),
  page('faq', () => import('../faq/FaqPage.js').then((m) => m.FaqPage)),
  page('searching-co', () => import('../searching-co/SearchingCoPage.js').then((m) => m.SearchingCoPage)),
  page('uni/arrival-notice', () => import('../uni/ShippingDocumentPage.js').then((m) => () => <m.ShippingDocumentPage key="arrival-notice" kind="arrival-notice" />)),
  page('uni/bill-of-lading', () => import('../uni/ShippingDocumentPage.js').then((m) => () => <m.ShippingDocumentPage key="bill-of-lading" kind="bill-of-lading" />)),
  page('classification/:id', () => import('./DecisionPage.js').then((m) => m.DecisionPage)),
  page('compare/:code', () => import('./ComparePage.js').then((m) => m.ComparePage)),
  page('regulation/:id', () => import('./RegulationPage.js').then((m) => m.RegulationPage)),
  page(':code', () => import('./CodePage.js').then((m) => m.CodePage)),
];
