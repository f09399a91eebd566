import { Drawer, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLayoutSettings, type LayoutMode } from './settings';

/** Layout settings (gear): side menu or top menu, header auto-hide; kept in localStorage. */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [settings, update] = useLayoutSettings();
  return (
    <Drawer open={open} onClose={onClose} title={t('shell.settings.title')} width={320} data-testid="settings-drawer">
      <div className="mg-setting">
        <div className="mg-setting__label">{t('shell.settings.layout')}</div>
        <Radio.Group
          value={settings.layout}
          onChange={(e) => update({ layout: e.target.value as LayoutMode })}
          optionType="button"
          buttonStyle="solid"
          data-testid="settings-layout"
          options={[
            { value: 'sidemenu', label: t('shell.settings.sidemenu') },
            { value: 'topmenu', label: t('shell.settings.topmenu') },
          ]}
        />
      </div>
      <div className="mg-setting mg-setting--row">
        <div>
          <div className="mg-setting__label">{t('shell.settings.autoHideHeader')}</div>
          <div className="mg-muted">{t('shell.settings.autoHideHeaderHint')}</div>
        </div>
        <Switch checked={settings.autoHideHeader} onChange={(v) => update({ autoHideHeader: v })} data-testid="settings-autohide" />
      </div>
    </Drawer>
  );
}
