import type { RouteObject } from 'react-router';
import { FaqPage } from '../faq/FaqPage.js';
import { HelpPage } from '../help/HelpPage.js';
import { SearchingCoPage } from '../searching-co/SearchingCoPage.js';
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
  { path: 'classification/:id', element: <DecisionPage /> },
  { path: 'regulation/:id', element: <RegulationPage /> },
  { path: ':code', element: <CodePage /> },
];
