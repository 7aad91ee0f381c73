import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import PrecisionManufacturingOutlined from '@mui/icons-material/PrecisionManufacturingOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import WarehouseOutlined from '@mui/icons-material/WarehouseOutlined';
import QuizOutlined from '@mui/icons-material/QuizOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import SummarizeOutlined from '@mui/icons-material/SummarizeOutlined';
import PublicOutlined from '@mui/icons-material/PublicOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import type { SvgIconComponent } from '@mui/icons-material';

/** One entry of a menu: a route, its label key in the catalogs and its icon. */
export interface MenuItem {
  id: string;
  labelId: string;
  path: string;
  icon: SvgIconComponent;
}

/** A heading over a few entries (the signed-in menu's Data and FTA groups). */
export interface MenuGroup {
  id: string;
  labelId: string;
  items: MenuItem[];
}

export type MenuEntry = MenuItem | MenuGroup;

export const isMenuGroup = (entry: MenuEntry): entry is MenuGroup => 'items' in entry;

/** The public lookup's help and C/O search, in both menus. */
const lookupHelpItems: MenuItem[] = [
  { id: 'help', labelId: 'help.menu', path: '/help', icon: MenuBookOutlined },
  { id: 'faq', labelId: 'faq.menu', path: '/faq', icon: QuizOutlined },
  { id: 'searching-co', labelId: 'lookup.co.menu', path: '/searching-co', icon: FactCheckOutlined },
];

/** The menu of visitors who are not signed in. An entry is listed only once its page exists. */
export const publicMenu: MenuEntry[] = [
  { id: 'home', labelId: 'shell.menu.home', path: '/', icon: HomeOutlined },
  ...lookupHelpItems,
];

/** The menu of signed-in users. An entry is listed only once its page exists. */
export const signedInMenu: MenuEntry[] = [
  {
    id: 'data',
    labelId: 'data.menu.data',
    items: [
      { id: 'exim', labelId: 'data.menu.exim', path: '/data/exim', icon: LocalShippingOutlined },
      { id: 'accounting', labelId: 'data.menu.accounting', path: '/data/accounting', icon: AccountBalanceOutlined },
      { id: 'warehouse', labelId: 'data.menu.warehouse', path: '/data/warehouse', icon: WarehouseOutlined },
      { id: 'production', labelId: 'data.menu.production', path: '/data/production', icon: PrecisionManufacturingOutlined },
      { id: 'bom', labelId: 'data.menu.bom', path: '/data/bom', icon: AccountTreeOutlined },
      { id: 'reports', labelId: 'statements.menu', path: '/reports', icon: SummarizeOutlined },
    ],
  },
  {
    id: 'fta',
    labelId: 'data.menu.fta',
    items: [
      { id: 'bangke', labelId: 'origin.menu', path: '/fta/bangke', icon: PublicOutlined },
      { id: 'co-list', labelId: 'data.menu.coList', path: '/fta/co-list', icon: VerifiedOutlined },
      { id: 'co-form', labelId: 'data.menu.coForm', path: '/fta/co-form', icon: DescriptionOutlined },
      { id: 'annex-10', labelId: 'data.menu.annex10', path: '/fta/annex-10', icon: AssignmentOutlined },
      { id: 'ecus-stock', labelId: 'data.menu.ecusStock', path: '/fta/ecus-stock', icon: Inventory2Outlined },
    ],
  },
  {
    id: 'lookup',
    labelId: 'lookup.menu.group',
    items: [
      // Signed-in users' `/` is their dashboard; the lookup's home is at /lookup.
      { id: 'tariff-lookup', labelId: 'lookup.menu.search', path: '/lookup', icon: SearchOutlined },
      ...lookupHelpItems,
    ],
  },
  { id: 'company', labelId: 'session.menu.company', path: '/company', icon: BusinessOutlined },
  { id: 'user', labelId: 'session.menu.account', path: '/user', icon: ManageAccountsOutlined },
];
