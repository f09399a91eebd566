/** Developer parameters: open API keys, callback addresses, IP whitelist, webhook secret (spec §6). */
import { button, defineArea, GrantTier } from '../areas/define';
import { DEVELOPER_PERM } from './perm';

export * from './calls';
export * from './perm';
export * from './vocabulary';
export * from './views';

export const DEVELOPER_PARAMETERS_PAGE = '/developer/parameters';
const PAGE = DEVELOPER_PARAMETERS_PAGE;
/** Spec §2 names the route (/document redirects to it). */
export const DOCUMENTATION_PAGE = '/document/document';
const T = [GrantTier.DEVELOP];

export const developerArea = defineArea(
  {
    name: 'developer',
    perm: DEVELOPER_PERM,
    pages: [{ order: 60, path: PAGE, name: 'developer-parameters', component: 'developer/Parameters', titleKey: 'developer.menu', icon: 'ApiOutlined', perm: DEVELOPER_PERM.DEVELOPER_MENU, tiers: T, keepAlive: true },
      { order: 61, path: DOCUMENTATION_PAGE, name: 'developer-document', component: 'developer/Documentation', titleKey: 'developer.docs.menu', icon: 'BookOutlined', perm: DEVELOPER_PERM.DEVELOPER_DOCS, tiers: T, keepAlive: true },
    ],
    permissions: [
      button(DEVELOPER_PERM.DEVELOPER_KEY_EDIT, 'developer.perm.key', PAGE, T),
      button(DEVELOPER_PERM.DEVELOPER_CALLBACK_EDIT, 'developer.perm.callback', PAGE, T),
      button(DEVELOPER_PERM.DEVELOPER_WHITELIST_EDIT, 'developer.perm.whitelist', PAGE, T),
    ],
  },
  { fixedPaths: [PAGE, DOCUMENTATION_PAGE] },
);
