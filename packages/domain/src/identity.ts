/**
 * The shapes of the identity calls (docs/identity-api.md "Session and account") as the server answers them and
 * the web reads them: one definition, so the two sides cannot drift. Types only.
 */
import type { Language } from './languages';

export interface UserInfo {
  id: number;
  username: string;
  realname: string;
  avatar: string | null;
  company: string;
  email: string | null;
  phone: string | null;
  /** The session's currency code (the web narrows it with isCurrencyCode). */
  currency: string;
  merchantId: number;
  /** Comma-joined role codes. */
  roleCode: string;
  /** "Name(10002),Other(10003)": merchants this user may switch to, own one included. */
  subMerchantInfos: string;
  amountUsdSwitch: boolean;
  orgCode: string | null;
  twoFactorEnabled: boolean;
  brand: string;
  isPlatform: boolean;
  languages: Language[];
  currencies: string[];
}

/** One dictionary item in the user's language; title and label repeat text for the old front end. */
export interface DictItemView {
  value: string;
  text: string;
  title: string;
  label: string;
}
export type DictItems = Record<string, DictItemView[]>;

export interface Depart {
  id: number;
  orgCode: string;
  departName: string;
}

export interface LoginResult {
  token: string;
  userInfo: UserInfo;
  sysAllDictItems: DictItems;
  /** 0: no department, 1: one (the server picks it), 2: several (the user picks). */
  multi_depart: 0 | 1 | 2;
  departs: Depart[];
}

/** What login answers instead of a LoginResult when the user has a second factor. */
export interface TwoFactorChallenge {
  twoFactorRequired: true;
  loginTicket: string;
}

export type PermissionFlag = '0' | '1';

/** A permission code: type '2' is a button; status '0' marks an entry disabled for everyone. */
export interface AuthEntry {
  action: string;
  describe: string;
  type: '1' | '2';
  status: PermissionFlag;
}

export interface MenuItem {
  id: string;
  path: string;
  name: string;
  /** Registry key; '' for a group. */
  component: string;
  redirect?: string;
  hidden: boolean;
  route: '1' | '0';
  alwaysShow: boolean;
  meta: {
    title: string;
    titles: Record<Language, string>;
    icon?: string;
    url?: string;
    keepAlive: boolean;
    internalOrExternal: boolean;
    /** The menu's own buttons; unlike the auth lists these carry no description. */
    permissionList: Omit<AuthEntry, 'describe'>[];
  };
  children?: MenuItem[];
}

export interface PermissionResult {
  menu: MenuItem[];
  /** The codes the user holds. */
  auth: AuthEntry[];
  /** Every configured code, held or not, with its status. */
  allAuth: AuthEntry[];
}
