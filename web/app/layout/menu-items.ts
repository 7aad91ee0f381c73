import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import QuizOutlined from '@mui/icons-material/QuizOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import type { SvgIconComponent } from '@mui/icons-material';

/** One entry of a menu: a route, its label key in the catalogs and its icon. */
export interface MenuItem {
  id: string;
  labelId: string;
  path: string;
  icon: SvgIconComponent;
}

/** The menu of visitors who are not signed in. An entry is listed only once its page exists. */
export const publicMenu: MenuItem[] = [
  { id: 'home', labelId: 'shell.menu.home', path: '/', icon: HomeOutlined },
  { id: 'help', labelId: 'help.menu', path: '/help', icon: MenuBookOutlined },
  { id: 'faq', labelId: 'faq.menu', path: '/faq', icon: QuizOutlined },
  { id: 'searching-co', labelId: 'lookup.co.menu', path: '/searching-co', icon: FactCheckOutlined },
];

/** The menu of signed-in users. An entry is listed only once its page exists. */
export const signedInMenu: MenuItem[] = [
  { id: 'company', labelId: 'session.menu.company', path: '/company', icon: BusinessOutlined },
  { id: 'user', labelId: 'session.menu.account', path: '/user', icon: ManageAccountsOutlined },
];
