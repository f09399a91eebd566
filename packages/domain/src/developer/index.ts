/** Developer parameters: open API keys, callback addresses, IP whitelist, webhook secret (spec §6). */
import { button, defineArea, GrantTier } from '../areas/define';

export * from './vocabulary';
export type * from './views';

export const DEVELOPER_PERM = {
  DEVELOPER_MENU: 'developer:menu',
  /** Create, reveal, roll and revoke open API keys; rotate the webhook secret. */
  DEVELOPER_KEY_EDIT: 'developer:key',
  /** Callback addresses (spec §6 "manage callback addresses"). */
  DEVELOPER_CALLBACK_EDIT: 'developer:callback',
  DEVELOPER_WHITELIST_EDIT: 'developer:whitelist',
  /** The open API documentation (spec §2 /document/document), filled with the merchant's id and key ids. */
  DEVELOPER_DOCS: 'developer:docs',
} as const;

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
