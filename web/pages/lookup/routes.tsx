import type { RouteObject } from 'react-router';
import { FaqPage } from '../faq/FaqPage.js';
import { HelpPage } from '../help/HelpPage.js';
import { SearchingCoPage } from '../searching-co/SearchingCoPage.js';
import { ShippingDocumentPage } from '../uni/ShippingDocumentPage.js';
import { CodePage } from './CodePage.js';
import { DecisionPage } from './DecisionPage.js';
import { RegulationPage } from './RegulationPage.js';
import { SearchPage } from './SearchPage.js';

/** The public lookup's pages; `/:code` ranks below every fixed route, so those take precedence. */
export const lookupRoutes: RouteObject[] = [
  { path: 'search', element: <SearchPage /> },
  { path: 'help', element: <HelpPage /> },
  { path: 'faq', element: <FaqPage /> },
  { path: 'searching-co', element: <SearchingCoPage /> },
  { path: 'uni/arrival-notice', element: <ShippingDocumentPage key="arrival-notice" kind="arrival-notice" /> },
  { path: 'uni/bill-of-lading', element: <ShippingDocumentPage key="bill-of-lading" kind="bill-of-lading" /> },
  { path: 'classification/:id', element: <DecisionPage /> },
  { path: 'regulation/:id', element: <RegulationPage /> },
  { path: ':code', element: <CodePage /> },
];
