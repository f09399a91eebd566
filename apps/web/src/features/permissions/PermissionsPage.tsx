import { useMemo, useState } from 'react';
import { App, Button, Card, Form, Input, InputNumber, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_NATIVE_NAMES, PERMISSION_STATUS_KEYS, PERMISSION_TYPE_KEYS, Perm, PermissionStatus, PermissionType, type PermissionStatusValue, type PermissionTypeValue } from '@mg/domain';
import { translateMaybeKey } from '../../i18n';
import { Can } from '../../components/Can';
import { useFormSubmit, FormModal } from '../../components/forms';
import { usePermissionTree, useSavePermission, type PermissionNode } from './hooks';

/** menu_type: 0 group, 1 page, 2 button or column. */
export const MENU_TYPES = [0, 1, 2] as const;

/** A flat answer (parentId links) as a tree; a tree answer passes unchanged. */
export function asTree(rows: PermissionNode[]): PermissionNode[] {
  if (rows.some((r) => Array.isArray(r.children) && r.children.length > 0)) return rows;
  const byId = new Map(rows.map((r) => [r.id, { ...r, children: [] as PermissionNode[] }]));
  const roots: PermissionNode[] = [];
  for (const r of byId.values()) {
    const parent = r.parentId !== null && r.parentId !== undefined ? byId.get(r.parentId) : undefined;
    if (parent && parent !== r) parent.children?.push(r);
    else roots.push(r);
  }
  const prune = (n: PermissionNode): PermissionNode => (n.children && n.children.length > 0 ? { ...n, children: n.children.map(prune) } : { ...n, children: undefined });
  return roots.map(prune);
}

function titleOf(n: PermissionNode, lang: string): string {
  return n.titles?.[lang] || n.title || (n.titleKey ? translateMaybeKey(n.titleKey) : '') || n.name;
}

interface FormValues {
  name?: string;
  perms?: string;
  menuType?: number;
  path?: string;
  component?: string;
  icon?: string;
  sortNo?: number;
  hidden?: boolean;
  enabled?: boolean;
  titles?: Record<string, string>;
}

function PermissionFormModal({ node, parent, onClose, onSaved }: { node: PermissionNode | null; parent: PermissionNode | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const menuType = Form.useWatch('menuType', form);
  const isEdit = node !== null;
  const save = useSavePermission();
  const submitter = useFormSubmit(form, async (v: FormValues) => {
    const titles = Object.fromEntries(Object.entries(v.titles ?? {}).filter(([, x]) => typeof x === 'string' && x.trim() !== '').map(([k, x]) => [k, x.trim()]));
    const common = {
      icon: v.icon?.trim() || null,
      sortNo: v.sortNo ?? 0,
      hidden: v.hidden === true,
      status: v.enabled === false ? PermissionStatus.DISABLED : PermissionStatus.ENABLED,
      titles,
    };
    if (isEdit)
      // The server takes the whole entry on edit: the fields this dialog does not change travel as they are.
      await save.mutateAsync({
        id: node.id,
        parentId: node.parentId,
        menuType: node.menuType,
        perms: node.perms,
        // The answer types it as any text; the entry's own value travels back as it came.
        permsType: node.permsType as PermissionTypeValue,
        name: node.name,
        path: node.path ?? null,
        component: node.component ?? null,
        ...common,
      });
    else {
      const type = v.menuType ?? 2;
      await save.mutateAsync({
        ...common,
        parentId: parent?.id ?? null,
        name: v.name?.trim() ?? '',
        perms: v.perms?.trim() ?? '',
        menuType: type,
        permsType: type === 2 ? PermissionType.BUTTON : PermissionType.MENU_OR_COLUMN,
        path: type === 2 ? null : v.path?.trim() || null,
        component: type === 1 ? v.component?.trim() || null : null,
      });
    }
    message.success(t('common.messages.saved'));
    onSaved();
  });
  return (
    <FormModal
      width={720}
      title={isEdit ? t('permissions.editOf', { name: node.name }) : parent ? t('permissions.addUnder', { name: parent.name }) : t('permissions.add')}
      submitter={submitter}
      onClose={onClose}
    >
      <Form
        form={form}
        name="permissionForm"
        layout="vertical"
        initialValues={
          node
            ? { icon: node.icon ?? '', sortNo: node.sortNo ?? 0, hidden: node.hidden === true, enabled: node.status !== PermissionStatus.DISABLED, titles: node.titles ?? {} }
            : { menuType: parent ? 2 : 1, sortNo: 0, hidden: false, enabled: true, titles: {} }
        }
      >
        {!isEdit && (
          <>
            <Form.Item name="menuType" label={t('permissions.menuType')}>
              <Select options={MENU_TYPES.map((m) => ({ value: m, label: t(`permissions.menuType.${m}`) }))} />
            </Form.Item>
            <Space.Compact block>
              <Form.Item name="name" label={t('permissions.name')} style={{ flex: 1 }} rules={[{ required: true, whitespace: true, message: t('permissions.nameRequired') }]}>
                <Input maxLength={128} />
              </Form.Item>
              <Form.Item
                name="perms"
                label={t('permissions.code')}
                style={{ flex: 1, marginLeft: 8 }}
                rules={[
                  { required: true, message: t('permissions.codeRequired') },
                  { pattern: /^[A-Za-z][A-Za-z0-9_:.-]{1,127}$/, message: t('permissions.codeInvalid') },
                ]}
              >
                <Input maxLength={128} placeholder="user:export" />
              </Form.Item>
            </Space.Compact>
            {menuType !== 2 && (
              <Form.Item name="path" label={t('permissions.path')}>
                <Input maxLength={255} placeholder="/system/example" />
              </Form.Item>
            )}
            {menuType === 1 && (
              <Form.Item name="component" label={t('permissions.component')}>
                <Input maxLength={128} placeholder="users/Users" />
              </Form.Item>
            )}
          </>
        )}
        <Space size="large" wrap>
          <Form.Item name="icon" label={t('permissions.icon')}>
            <Input maxLength={64} placeholder="UserOutlined" />
          </Form.Item>
          <Form.Item name="sortNo" label={t('common.fields.sort')}>
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
          <Form.Item name="hidden" label={t('permissions.hidden')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="enabled" label={t('permissions.status')} valuePropName="checked">
            <Switch checkedChildren={t(PERMISSION_STATUS_KEYS['1'])} unCheckedChildren={t(PERMISSION_STATUS_KEYS['0'])} />
          </Form.Item>
        </Space>
        <Typography.Title level={5}>{t('permissions.titles')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('permissions.titlesHint')}</Typography.Paragraph>
        {LANGUAGES.map((lang) => (
          <Form.Item key={lang} name={['titles', lang]} label={LANGUAGE_NATIVE_NAMES[lang]}>
            <Input maxLength={128} placeholder={node ? titleOf({ ...node, titles: null }, lang) : ''} />
          </Form.Item>
        ))}
      </Form>
    </FormModal>
  );
}

/** Permission admin (platform): the permission tree with title overrides, icon, hidden, status and sort. */
export default function Permissions() {
  const { t, i18n } = useTranslation();
  const list = usePermissionTree();
  const tree = useMemo(() => asTree(list.data ?? []), [list.data]);
  const [dialog, setDialog] = useState<{ node: PermissionNode | null; parent: PermissionNode | null } | null>(null);

  const columns: ColumnsType<PermissionNode> = [
    {
      title: t('permissions.titleLabel'),
      key: 'title',
      render: (_, n) => (
        <Space size={4}>
          <span>{titleOf(n, i18n.language)}</span>
          {n.titles && Object.keys(n.titles).length > 0 && <Tag color="gold">{t('permissions.overridden')}</Tag>}
        </Space>
      ),
    },
    { title: t('permissions.code'), dataIndex: 'perms', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
    {
      title: t('permissions.type'),
      key: 'type',
      render: (_, n) => <Tag>{t(PERMISSION_TYPE_KEYS[(n.permsType as PermissionTypeValue) in PERMISSION_TYPE_KEYS ? (n.permsType as PermissionTypeValue) : '1'])}</Tag>,
    },
    { title: t('permissions.path'), dataIndex: 'path', render: (v: string | null) => v || '-' },
    { title: t('permissions.icon'), dataIndex: 'icon', render: (v: string | null) => v || '-' },
    { title: t('common.fields.sort'), dataIndex: 'sortNo', width: 70 },
    {
      title: t('permissions.hidden'),
      dataIndex: 'hidden',
      render: (v: boolean) => (v ? <Tag color="orange">{t('common.status.yes')}</Tag> : <Tag>{t('common.status.no')}</Tag>),
    },
    {
      title: t('permissions.status'),
      dataIndex: 'status',
      render: (v: string) => (
        <Tag color={v === PermissionStatus.DISABLED ? 'red' : 'green'}>{t(PERMISSION_STATUS_KEYS[(v as PermissionStatusValue) === '0' ? '0' : '1'])}</Tag>
      ),
    },
    {
      title: t('common.fields.actions'),
      key: 'actions',
      render: (_, n) => (
        <Can code={Perm.PERMISSION_EDIT}>
          <Space size={0}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setDialog({ node: n, parent: null })}>
              {t('common.actions.edit')}
            </Button>
            {n.menuType !== 2 && (
              <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => setDialog({ node: null, parent: n })}>
                {t('permissions.addChild')}
              </Button>
            )}
          </Space>
        </Can>
      ),
    },
  ];

  return (
    <Card
      title={t('permissions.title')}
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()} aria-label={t('common.actions.reload')} />
          <Can code={Perm.PERMISSION_EDIT}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ node: null, parent: null })}>
              {t('permissions.add')}
            </Button>
          </Can>
        </Space>
      }
    >
      <Table<PermissionNode> rowKey="id" size="small" loading={list.isLoading} dataSource={tree} columns={columns} pagination={false} scroll={{ x: 'max-content' }} />
      {dialog && (
        <PermissionFormModal
          node={dialog.node}
          parent={dialog.parent}
          onClose={() => setDialog(null)}
          onSaved={() => setDialog(null)}
        />
      )}
    </Card>
  );
}
