import { useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Drawer, Empty, Form, Input, Space, Spin, Tag, Tree } from 'antd';
import { EditOutlined, PlusOutlined, SafetyOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { Perm, roleCalls } from '@mg/domain';
import { translateMaybeKey } from '../../i18n';
import { Can } from '../../components/Can';
import { usePermission } from '../../session/usePermission';
import { tablePagination, useFormatInstant, usePagedRequest, useUrlFilters } from '../../components/list/paging';
import { useCurrentUser, useFormSubmit, FormModal } from '../../components/forms';
import { isSystemRole, useGrantTree, useRolePermissions, useSaveRole, useSaveRolePermissions, type RoleInput, type RoleRecord, type TreeNode } from './hooks';

interface AntTreeNode {
  key: string;
  title: string;
  children?: AntTreeNode[];
}

function toAntTree(nodes: TreeNode[] | undefined): AntTreeNode[] {
  return (nodes ?? []).map((n) => ({
    key: String(n.key),
    title: translateMaybeKey(n.title),
    children: n.children?.length ? toAntTree(n.children) : undefined,
  }));
}

function allKeys(nodes: AntTreeNode[]): string[] {
  return nodes.flatMap((n) => [n.key, ...allKeys(n.children ?? [])]);
}

/** The role's permissions: a checkable tree (each entry on its own), saved with the previous set for the diff. */
export function RolePermissionDrawer({ role, readOnly, onClose }: { role: RoleRecord | null; readOnly: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const open = role !== null;
  const tree = useGrantTree(open);
  const granted = useRolePermissions(role?.id ?? null);
  const savePermissions = useSaveRolePermissions();
  const treeData = useMemo(() => toAntTree(tree.data?.treeList), [tree.data]);
  const original = useMemo(() => (granted.data ?? []).map(String), [granted.data]);
  const [checked, setChecked] = useState<string[] | null>(null);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);
  const current = checked ?? original;
  const keys = useMemo(() => allKeys(treeData), [treeData]);

  const close = () => {
    setChecked(null);
    setExpanded(null);
    onClose();
  };
  const save = async () => {
    if (!role) return;
    setSaving(true);
    try {
      await savePermissions.mutateAsync({ roleId: role.id, ids: current, before: original });
      message.success(t('common.messages.saved'));
      close();
    } catch {
      // the API client has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={close}
      width={520}
      title={t('roles.permissionsOf', { role: role?.roleName ?? '' })}
      destroyOnHidden
      extra={
        <Space>
          <Button size="small" onClick={() => setExpanded(expanded && expanded.length > 0 ? [] : keys)}>
            {t(expanded && expanded.length > 0 ? 'roles.collapseAll' : 'roles.expandAll')}
          </Button>
          {!readOnly && (
            <>
              <Button size="small" onClick={() => setChecked(keys)}>
                {t('roles.checkAll')}
              </Button>
              <Button size="small" onClick={() => setChecked([])}>
                {t('roles.uncheckAll')}
              </Button>
            </>
          )}
        </Space>
      }
      footer={
        readOnly ? null : (
          <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button onClick={close}>{t('common.actions.cancel')}</Button>
            <Can code={Perm.ROLE_GRANT}>
              <Button type="primary" loading={saving} onClick={() => void save()} data-testid="save-permissions">
                {t('common.actions.save')}
              </Button>
            </Can>
          </Space>
        )
      }
    >
      {readOnly && <Alert type="info" showIcon message={t('roles.systemReadOnly')} style={{ marginBottom: 12 }} />}
      {tree.isLoading || granted.isLoading ? (
        <Spin />
      ) : treeData.length === 0 ? (
        <Empty />
      ) : (
        <Tree
          checkable
          checkStrictly
          selectable={false}
          disabled={readOnly}
          treeData={treeData}
          checkedKeys={current}
          expandedKeys={expanded ?? keys}
          onExpand={(k) => setExpanded(k.map(String))}
          onCheck={(value) => {
            const list = Array.isArray(value) ? value : value.checked;
            setChecked(list.map(String));
          }}
        />
      )}
    </Drawer>
  );
}

function RoleFormModal({ role, onClose, onSaved }: { role: RoleRecord | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<RoleInput>();
  const saveRole = useSaveRole();
  const submitter = useFormSubmit(form, async (values: RoleInput) => {
    await saveRole.mutateAsync(role ? { ...values, id: role.id, roleCode: role.roleCode } : values);
    message.success(t('common.messages.saved'));
    onSaved();
  });
  return (
    <FormModal title={t(role ? 'roles.edit' : 'roles.add')} submitter={submitter} onClose={onClose}>
      <Form form={form} name="roleForm" layout="vertical" initialValues={role ?? {}}>
        <Form.Item
          name="roleCode"
          label={t('roles.roleCode')}
          rules={[
            { required: true, message: t('roles.roleCodeRequired') },
            { pattern: /^[a-z][a-z0-9_]{1,63}$/, message: t('roles.roleCodeInvalid') },
          ]}
        >
          <Input disabled={role !== null} maxLength={64} />
        </Form.Item>
        <Form.Item name="roleName" label={t('roles.roleName')} rules={[{ required: true, whitespace: true, message: t('roles.roleNameRequired') }]}>
          <Input maxLength={128} />
        </Form.Item>
        <Form.Item name="description" label={t('roles.description')}>
          <Input.TextArea maxLength={255} rows={3} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

export default function Roles() {
  const { t } = useTranslation();
  const fmt = useFormatInstant();
  const me = useCurrentUser();
  const { has } = usePermission();
  const actionRef = useRef<ActionType>(undefined);
  const { initial, write } = useUrlFilters();
  const request = usePagedRequest<RoleRecord>(roleCalls.list.path, write);
  const [editing, setEditing] = useState<RoleRecord | null | undefined>(undefined);
  const [granting, setGranting] = useState<RoleRecord | null>(null);
  const platform = me.data?.isPlatform === true;
  /** System roles are the platform's: merchants see them read-only. */
  const readOnly = (r: RoleRecord) => isSystemRole(r) && !platform;

  const columns: ProColumns<RoleRecord>[] = [
    { title: t('roles.roleName'), dataIndex: 'roleName', initialValue: initial.roleName },
    { title: t('roles.roleCode'), dataIndex: 'roleCode', initialValue: initial.roleCode, copyable: true },
    { title: t('roles.description'), dataIndex: 'description', search: false, ellipsis: true },
    {
      title: t('roles.kind'),
      key: 'kind',
      search: false,
      render: (_, r) => (isSystemRole(r) ? <Tag color="purple">{t('roles.system')}</Tag> : <Tag color="blue">{t('roles.custom')}</Tag>),
    },
    { title: t('common.fields.createdAt'), dataIndex: 'createTime', search: false, render: (_, r) => fmt(r.createTime) },
    {
      title: t('common.fields.actions'),
      valueType: 'option',
      key: 'actions',
      render: (_, r) => [
        readOnly(r) ? null : (
          <Can key="edit" code={Perm.ROLE_EDIT}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)}>
              {t('common.actions.edit')}
            </Button>
          </Can>
        ),
        <Button key="perm" type="link" size="small" icon={<SafetyOutlined />} onClick={() => setGranting(r)} data-testid={`permissions-${r.id}`}>
          {t('roles.permissions')}
        </Button>,
      ],
    },
  ];

  return (
    <>
      <ProTable<RoleRecord>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        request={request}
        headerTitle={t('roles.title')}
        pagination={tablePagination(initial)}
        search={{ labelWidth: 'auto' }}
        options={{ density: false, setting: false, reload: true }}
        toolBarRender={() => [
          <Can key="add" code={Perm.ROLE_ADD}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              {t('roles.add')}
            </Button>
          </Can>,
        ]}
      />
      {editing !== undefined && (
        <RoleFormModal
          role={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            void actionRef.current?.reload();
          }}
        />
      )}
      <RolePermissionDrawer role={granting} readOnly={granting ? readOnly(granting) || !has(Perm.ROLE_GRANT) : true} onClose={() => setGranting(null)} />
    </>
  );
}
