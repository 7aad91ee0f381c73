import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import QueryStatsOutlined from '@mui/icons-material/QueryStatsOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import { useQuery } from '@tanstack/react-query';
import { biReportTypes } from '../../../common/reports/report-types.js';
import type { BiReport, MyReports } from '../../../common/reports/schemas.js';
import { apiRequest } from '../../app/api.js';
import { isMenuGroup, type MenuEntry, type MenuGroup } from '../../app/layout/menu-items.js';
import { useSession } from '../../app/session/SessionProvider.js';

type ReportType = BiReport['type'];

/** Where each report type is shown: C/O utilisation beside its native figures, the others on a page of their own. */
export const reportTypePages: Record<ReportType, { slug: string; path: string; icon: SvgIconComponent }> = {
  'XNK-UTM-CO': { slug: 'xnk-co-utm', path: '/uni/xnk-co-utm', icon: QueryStatsOutlined },
  BCQT: { slug: 'bcqt', path: '/uni/reports/bcqt', icon: AssessmentOutlined },
  Tax: { slug: 'tax', path: '/uni/reports/tax', icon: ReceiptLongOutlined },
};

export const reportTypeOfSlug = (slug: string | undefined): ReportType | undefined =>
  biReportTypes.find((type) => reportTypePages[type].slug === slug);

/** The signed-in user's assigned reports; the pages and the menu share one request. */
export function useMyReports() {
  const { status, user } = useSession();
  return useQuery({ queryKey: ['my-reports', user?.id], queryFn: () => apiRequest<MyReports>('/clients-api/reports/'), enabled: status === 'authenticated' });
}

/** A menu group with an entry for every report type the user has a report of (administrators also reach C/O utilisation). */
export function reportMenuGroup(types: readonly ReportType[]): MenuGroup | null {
  if (types.length === 0) return null;
  return {
    id: 'bi-reports',
    labelId: 'coReports.menu.group',
    items: biReportTypes.filter((type) => types.includes(type))
      .map((type) => ({ id: `bi-${reportTypePages[type].slug}`, labelId: `coReports.menu.types.${type}`, path: reportTypePages[type].path, icon: reportTypePages[type].icon })),
  };
}

/** The signed-in menu with the user's report types after the FTA group. */
export function useMenuWithReports(menu: MenuEntry[]): MenuEntry[] {
  const { user } = useSession();
  const mine = useMyReports();
  const assigned = Object.entries(mine.data?.reports_by_type ?? {}).filter(([, reports]) => (reports?.length ?? 0) > 0).map(([type]) => type as ReportType);
  const group = reportMenuGroup(user?.is_admin && !assigned.includes('XNK-UTM-CO') ? [...assigned, 'XNK-UTM-CO'] : assigned);
  if (!group) return menu;
  const after = menu.findIndex((entry) => isMenuGroup(entry) && entry.id === 'fta');
  return [...menu.slice(0, after + 1), group, ...menu.slice(after + 1)];
}
