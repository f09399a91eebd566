import { useState } from 'react';
import { App, Avatar, Dropdown } from 'antd';
import { ClearOutlined, DownOutlined, KeyOutlined, LogoutOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginPath } from '@mg/domain';
import { useBrand } from '../../brands';
import { identityApi } from '../../api/identity';
import { clearSession, parseSubMerchants, setDictItems, useSession } from '../../session/store';
import { ChangePasswordModal } from './ChangePasswordModal';
import { SwitchMerchantModal } from './SwitchMerchantModal';

/** Spec §2 welcome menu: change password, clear cache, switch sub-merchant (more than one), log out. */
export function WelcomeMenu({ compact, reload }: { compact: boolean; reload?: () => void }) {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { userInfo } = useSession();
  const [dialog, setDialog] = useState<'password' | 'merchant' | null>(null);
  const multiMerchant = parseSubMerchants(userInfo?.subMerchantInfos).length > 1;
  const name = userInfo?.realname || userInfo?.username || '';

  const clearCache = async () => {
    try {
      await identityApi.refreshDictCache();
      setDictItems(await identityApi.queryAllDictItems());
      message.success(t('shell.cacheCleared'));
    } catch {
      message.error(t('shell.cacheClearFailed'));
    }
  };

  const logout = async () => {
    await identityApi.logout().catch(() => undefined);
    clearSession(brand);
    navigate(loginPath(brand), { replace: true });
  };

  const items = [
    { key: 'password', icon: <KeyOutlined />, label: <span data-testid="menu-change-password">{t('shell.changePassword')}</span> },
    { key: 'cache', icon: <ClearOutlined />, label: <span data-testid="menu-clear-cache">{t('shell.clearCache')}</span> },
    ...(multiMerchant ? [{ key: 'merchant', icon: <SwapOutlined />, label: <span data-testid="menu-switch-merchant">{t('shell.switchMerchant')}</span> }] : []),
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, danger: true, label: <span data-testid="menu-logout">{t('shell.logout')}</span> },
  ];

  return (
    <>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{
          items,
          onClick: ({ key }) => {
            if (key === 'password') setDialog('password');
            else if (key === 'merchant') setDialog('merchant');
            else if (key === 'cache') void clearCache();
            else if (key === 'logout') void logout();
          },
        }}
      >
        {/* Named by what it shows (WCAG 2.5.3 Label in Name); only the avatar alone (compact) needs a name of its own. */}
        <button type="button" className="mg-welcome" data-testid="welcome-menu" aria-label={compact ? t('shell.account') : undefined}>
          <Avatar size={30} src={userInfo?.avatar || undefined} icon={<UserOutlined />} className="mg-welcome__avatar" aria-hidden />
          {!compact && (
            <span className="mg-welcome__text">
              <span className="mg-welcome__hello">{t('shell.welcome', { name })}</span>
              {userInfo?.company && <span className="mg-welcome__company">{userInfo.company}</span>}
            </span>
          )}
          <DownOutlined className="mg-welcome__caret" aria-hidden />
        </button>
      </Dropdown>
      <ChangePasswordModal open={dialog === 'password'} onClose={() => setDialog(null)} />
      {multiMerchant && <SwitchMerchantModal open={dialog === 'merchant'} onClose={() => setDialog(null)} reload={reload} />}
    </>
  );
}
