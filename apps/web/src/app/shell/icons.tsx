import type { ComponentType } from 'react';
import {
  ApartmentOutlined,
  UnorderedListOutlined,
  RollbackOutlined,
  ProfileOutlined,
  PercentageOutlined,
  CalendarOutlined,
  ApiOutlined,
  AppstoreOutlined,
  BankOutlined,
  BarChartOutlined,
  BookOutlined,
  DashboardOutlined,
  DollarOutlined,
  FileTextOutlined,
  HistoryOutlined,
  HomeOutlined,
  KeyOutlined,
  LinkOutlined,
  LockOutlined,
  MailOutlined,
  NotificationOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  SwapOutlined,
  TeamOutlined,
  TransactionOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';

/**
 * Menu icons the server may name. A fixed map: a name not listed here gets no icon (nothing is looked up
 * dynamically from the icon package).
 */
export const MENU_ICONS: Readonly<Record<string, ComponentType>> = {
  ApartmentOutlined,
  UnorderedListOutlined,
  RollbackOutlined,
  ProfileOutlined,
  PercentageOutlined,
  CalendarOutlined,
  ApiOutlined,
  AppstoreOutlined,
  BankOutlined,
  BarChartOutlined,
  BookOutlined,
  DashboardOutlined,
  DollarOutlined,
  FileTextOutlined,
  HistoryOutlined,
  HomeOutlined,
  KeyOutlined,
  LinkOutlined,
  LockOutlined,
  MailOutlined,
  NotificationOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  SwapOutlined,
  TeamOutlined,
  TransactionOutlined,
  UserOutlined,
  WalletOutlined,
};

export function MenuIcon({ name }: { name: string | undefined }) {
  const Icon = name && Object.prototype.hasOwnProperty.call(MENU_ICONS, name) ? MENU_ICONS[name] : undefined;
  return Icon ? <Icon /> : null;
}
