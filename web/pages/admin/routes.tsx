import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { ScreenError } from '../data/ScreenError.js';

const panel = (path: string, load: () => Promise<ComponentType>): RouteObject => ({ path, lazy: async () => ({ Component: await load() }) });

/**
 * `/admin` and its tabs, each its own chunk. The layout checks the platform administrator flag: anyone else, signed in
 * or not, gets the not-found page, as the API answers them 404.
 */
export const adminRoutes: RouteObject[] = [
  {
    path: 'admin',
    errorElement: <ScreenError />,
    lazy: async () => ({ Component: (await import('./AdminLayout.js')).AdminLayout }),
    children: [
      { index: true, element: <Navigate to="users" replace /> },
      panel('users', () => import('./UsersPanel.js').then((m) => m.UsersPanel)),
      panel('reports', () => import('./ReportsPanel.js').then((m) => m.ReportsPanel)),
      panel('questions', () => import('./QuestionsPanel.js').then((m) => m.QuestionsPanel)),
      panel('lookup-data', () => import('./LookupDataPanel.js').then((m) => m.LookupDataPanel)),
      panel('statement-templates', () => import('./StatementTemplatesPanel.js').then((m) => m.StatementTemplatesPanel)),
      panel('audit-log', () => import('./AuditLogPanel.js').then((m) => m.AuditLogPanel)),
    ],
  },
];
