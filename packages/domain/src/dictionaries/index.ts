/** Dictionaries and their items (spec §7 "Dictionaries": /sys/dict/...). */
import { button, defineArea, GrantTier, MenuGroup } from '../areas/define';
import { dictionariesList } from './list';
import { DICTIONARIES_PERM } from './perm';

export * from './calls';
export * from './catalogue';
export * from './list';
export * from './perm';

const PAGE = '/system/dictionaries';
const T = [GrantTier.PLATFORM];

export const dictionariesArea = defineArea({
  name: 'dictionaries',
  perm: DICTIONARIES_PERM,
  pages: [{ group: MenuGroup.SYSTEM, order: 70, path: PAGE, name: 'system-dictionaries', component: 'dictionaries/Dictionaries', titleKey: 'dictionaries.menu', icon: 'BookOutlined', perm: DICTIONARIES_PERM.DICT_MENU, tiers: T, keepAlive: true }],
  permissions: [button(DICTIONARIES_PERM.DICT_EDIT, 'dictionaries.perm.edit', PAGE, T)],
  lists: [dictionariesList],
});
