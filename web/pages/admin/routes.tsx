import { Navigate, type RouteObject } from 'react-router';
import { lazyScreen } from '../../app/lazy-screen.js';

/**
 * `/admin` and its tabs, each its own chunk. The layout checks the platform administrator flag: anyone else, signed in
 * or not, gets the not-found page, as the API answers them 404.
 */
export const adminRoutes: RouteObject[] = [
  {
    path: 'admin',
    element: lazyScreen(() => import('./AdminLayout.js').then((m) => m.AdminLayout)),
    children: [
      { index: true, element: <Navigate to="users" replace /> },
      { path: 'users', element: lazyScreen(() => import('./UsersPanel.js').then((m) => m.UsersPanel)) },
      { path: 'reports', element: lazyScreen(() => import('./ReportsPanel.js').then((m) => m.ReportsPanel)) },
      { path: 'questions', element: lazyScreen(() => import('./QuestionsPanel.js').then((m) => m.QuestionsPanel)) },
      { path: 'lookup-data', element: lazyScreen(() => import('./LookupDataPanel.js').then((m) => m.LookupDataPanel)) },
      { path: 'statement-templates', element: lazyScreen(() => import('./StatementTemplatesPanel.js').then((m) => m.StatementTemplatesPanel)) },
      { path: 'audit-log', element: lazyScreen(() => import('./AuditLogPanel.js').then((m) => m.AuditLogPanel)) },
    ],
  },
];
