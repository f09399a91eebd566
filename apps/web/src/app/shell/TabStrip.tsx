import { Dropdown, Tabs } from 'antd';
import { CloseOutlined, ReloadOutlined, VerticalLeftOutlined, VerticalRightOutlined, ColumnWidthOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Tab } from './tabs';

export type TabCommand = 'refresh' | 'closeLeft' | 'closeRight' | 'closeOthers';

/** The multi-tab strip: click to switch, × to close, right-click for refresh / close left / right / others. */
export function TabStrip({
  tabs,
  active,
  titleOf,
  onSelect,
  onClose,
  onCommand,
}: {
  tabs: readonly Tab[];
  active: string;
  titleOf: (path: string) => string;
  onSelect: (path: string) => void;
  onClose: (path: string) => void;
  onCommand: (command: TabCommand, path: string) => void;
}) {
  const { t } = useTranslation();
  const items = tabs.map((tab, index) => ({
    key: tab.path,
    closable: true,
    label: (
      <Dropdown
        trigger={['contextMenu']}
        popupRender={(node) => <div data-testid="tab-context-menu">{node}</div>}
        menu={{
          items: [
            { key: 'refresh', icon: <ReloadOutlined />, label: <span data-testid="tab-menu-refresh">{t('shell.tabs.refresh')}</span> },
            { type: 'divider' as const },
            { key: 'closeLeft', icon: <VerticalRightOutlined />, disabled: index <= 1, label: <span data-testid="tab-menu-close-left">{t('shell.tabs.closeLeft')}</span> },
            { key: 'closeRight', icon: <VerticalLeftOutlined />, disabled: index === tabs.length - 1, label: <span data-testid="tab-menu-close-right">{t('shell.tabs.closeRight')}</span> },
            { key: 'closeOthers', icon: <ColumnWidthOutlined />, disabled: tabs.length <= 1, label: <span data-testid="tab-menu-close-others">{t('shell.tabs.closeOthers')}</span> },
          ],
          onClick: ({ key, domEvent }) => {
            domEvent.stopPropagation();
            onCommand(key as TabCommand, tab.path);
          },
        }}
      >
        <span className="mg-tab__label" data-testid={`tab-${tab.path}`} data-active={tab.path === active ? 'true' : 'false'}>
          {titleOf(tab.path)}
        </span>
      </Dropdown>
    ),
  }));
  return (
    <div className="mg-tabs" data-testid="tab-strip">
      <Tabs
        type="editable-card"
        size="small"
        hideAdd
        activeKey={active}
        items={items}
        onChange={onSelect}
        removeIcon={<CloseOutlined aria-label={t('shell.tabs.close')} />}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') onClose(key);
        }}
      />
    </div>
  );
}
