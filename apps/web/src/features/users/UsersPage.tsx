import { useEffect, useMemo, useState } from 'react';
import { App, Button, Form, Input, Modal, Popconfirm, Select, Space, Tag, TreeSelect, Typography, Alert } from 'antd';
import type { Rule } from 'antd/es/form';
import { LockOutlined, PlusOutlined, StopOutlined, CheckCircleOutlined, EditOutlined, KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEBOUNCE_MS, Perm, USER_REALNAME_MAX_LENGTH, UserStatus, emailSchema, phoneSchema, usernameSchema, usersList } from '@mg/domain';
import { isApiError } from '../../api';
import { Can } from '../../components/Can';
import { useZodRule } from '../../components/useZodRule';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { ListPage } from '../../components/list';
import { useCurrentUser, useFormSubmit, FormModal } from '../../components/forms';
import type { DepartNode } from '../departments/hooks';
import type { RoleRecord } from '../roles/hooks';
import { checkUnique, useAssignableRoles, useDepartTree, useFreezeUsers, useResetPassword, useSaveUser, useUserRoleIds, type UserRecord } from './hooks';

const isFrozen = (u: UserRecord) => u.status === UserStatus.FROZEN;

function departTreeData(nodes: DepartNode[] | undefined): { value: number; title: string; children?: ReturnType<typeof departTreeData> }[] {
  return (nodes ?? []).map((n) => ({ value: Number(n.id ?? n.key), title: n.departName ?? n.title ?? '', children: n.children?.length ? departTreeData(n.children) : undefined }));
}

/** Live uniqueness check (GET /sys/user/checkOnlyUser) as an antd rule; the field's debounce spaces the calls. */
function useUniqueRule(field: 'username' | 'email' | 'phone', excludeId: number | undefined): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const v = typeof value === 'string' ? value.trim() : '';
      if (!v) return;
      try {
        await checkUnique(field, v, excludeId);
      } catch (e) {
        if (isApiError(e) && e.httpStatus === 0) return; // network trouble: the server checks again on save
        throw new Error(e instanceof Error ? e.message : String(e));
      }
    },
  };
}

interface UserFormValues {
  username: string;
  realname: string;
  email?: string;
  phone?: string;
  password?: string;
  confirmpassword?: string;
  roleIds?: number[];
  departIds?: number[];
}

export function UserFormModal({ open, user, onClose }: { open: boolean; user: UserRecord | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<UserFormValues>();
  const isEdit = user !== null;
  const roles = useAssignableRoles(open);
  const departs = useDepartTree(open);
  const save = useSaveUser();
  const roleIds = useUserRoleIds(open && user ? user.id : null);
  useEffect(() => {
    if (roleIds.data) form.setFieldValue('roleIds', roleIds.data);
  }, [form, roleIds.data]);
  const usernameRule = useZodRule(usernameSchema);
  const emailRule = useZodRule(emailSchema, true);
  const phoneRule = useZodRule(phoneSchema, true);
  const uniqueUsername = useUniqueRule('username', user?.id);
  const uniqueEmail = useUniqueRule('email', user?.id);
  const uniquePhone = useUniqueRule('phone', user?.id);

  const roleOptions = useMemo(
    () => (roles.data ?? []).map((r: RoleRecord) => ({ value: Number(r.id), label: r.roleName || r.roleCode })),
    [roles.data],
  );

  const submitter = useFormSubmit(form, async (values: UserFormValues) => {
    const common = {
      realname: values.realname.trim(),
      email: values.email?.trim() || null,
      phone: values.phone?.trim() || null,
      roleIds: values.roleIds ?? [],
      departIds: values.departIds ?? [],
    };
    await save.mutateAsync(isEdit ? { id: user.id, ...common } : { username: values.username.trim(), password: values.password ?? '', ...common });
    message.success(t('common.messages.saved'));
    onClose();
  });

  return (
    <FormModal
      open={open}
      width={640}
      forceRender
      title={t(isEdit ? 'users.edit' : 'users.add')}
      submitter={submitter}
      onClose={onClose}
      serverErrorTestId="server-error"
    >
      <Form
        form={form}
        name="userForm"
        layout="vertical"
        preserve={false}
        autoComplete="off"
        initialValues={
          user
            ? { username: user.username, realname: user.realname, email: user.email ?? '', phone: user.phone ?? '', departIds: user.departIds ?? [] }
            : { roleIds: [], departIds: [] }
        }
      >
        <Form.Item
          name="username"
          label={t('users.username')}
          required={!isEdit}
          rules={isEdit ? [] : [usernameRule, uniqueUsername]}
          validateDebounce={DEBOUNCE_MS}
          hasFeedback={!isEdit}
        >
          <Input disabled={isEdit} autoComplete="off" maxLength={64} />
        </Form.Item>
        <Form.Item name="realname" label={t('users.realname')} rules={[{ required: true, whitespace: true, message: t('users.realnameRequired') }]}>
          <Input maxLength={USER_REALNAME_MAX_LENGTH} />
        </Form.Item>
        <Form.Item name="email" label={t('users.email')} rules={[emailRule, uniqueEmail]} validateDebounce={DEBOUNCE_MS} hasFeedback>
          <Input type="email" autoComplete="off" maxLength={254} />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('users.phone')}
          rules={[phoneRule, uniquePhone]}
          validateDebounce={DEBOUNCE_MS}
          hasFeedback
        >
          <Input autoComplete="off" maxLength={16} />
        </Form.Item>
        {!isEdit && <NewPasswordFields passwordLabel={t('users.password')} confirmLabel={t('users.confirmPassword')} required />}
        <Form.Item name="roleIds" label={t('users.roles')} rules={[{ required: true, type: 'array', min: 1, message: t('users.roleRequired') }]}>
          <Select mode="multiple" options={roleOptions} loading={roles.isLoading} allowClear optionFilterProp="label" placeholder={t('users.rolesPlaceholder')} />
        </Form.Item>
        <Form.Item name="departIds" label={t('users.departments')}>
          <TreeSelect
            treeData={departTreeData(departs.data)}
            treeCheckable
            showCheckedStrategy={TreeSelect.SHOW_ALL}
            treeDefaultExpandAll
            allowClear
            loading={departs.isLoading}
            placeholder={t('users.departmentsPlaceholder')}
          />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

export function ResetPasswordModal({ user, onClose }: { user: UserRecord | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string; confirmpassword: string }>();
  const reset = useResetPassword();
  const { submit, saving, serverError } = useFormSubmit(form, async (values: { password: string }) => {
    await reset.mutateAsync({ username: user?.username ?? '', password: values.password });
    message.success(t('users.passwordReset'));
    onClose();
  });
  return (
    <Modal
      open={user !== null}
      title={t('users.resetPasswordOf', { username: user?.username ?? '' })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.actions.save')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('users.resetPasswordHint')}</Typography.Paragraph>
      {serverError && <Alert type="error" showIcon message={serverError} style={{ marginBottom: 16 }} />}
      <Form form={form} name="resetPasswordForm" layout="vertical" preserve={false} autoComplete="off">
        <NewPasswordFields passwordLabel={t('users.newPassword')} confirmLabel={t('users.confirmPassword')} required />
      </Form>
    </Modal>
  );
}

export default function UsersPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const me = useCurrentUser();
  const freezeUsers = useFreezeUsers();
  const [editing, setEditing] = useState<UserRecord | null | undefined>(undefined);
  const [resetting, setResetting] = useState<UserRecord | null>(null);
  const [selected, setSelected] = useState<UserRecord[]>([]);

  const freeze = async (users: UserRecord[], status: number) => {
    await freezeUsers.mutateAsync({ ids: users.map((u) => u.id), status });
    message.success(t(status === UserStatus.FROZEN ? 'users.frozenDone' : 'users.unfrozenDone'));
    setSelected([]);
  };
  const confirmBatch = (status: number) => {
    const targets = selected.filter((u) => u.username !== me.data?.username);
    modal.confirm({
      title: t(status === UserStatus.FROZEN ? 'users.freezeBatchTitle' : 'users.unfreezeBatchTitle', { count: targets.length }),
      content: targets.map((u) => u.username).join(', '),
      okText: t('common.actions.confirm'),
      cancelText: t('common.actions.cancel'),
      okButtonProps: { danger: status === UserStatus.FROZEN },
      onOk: () => freeze(targets, status),
    });
  };

  return (
    <>
      <ListPage
        list={usersList}
        selection={{ selected, onChange: setSelected }}
        overrides={{
          render: {
            roleNames: (r) => (
              <Space size={[0, 4]} wrap>
                {r.roleNames.map((name) => (
                  <Tag key={name} color="blue">
                    {name}
                  </Tag>
                ))}
              </Space>
            ),
            twoFactorEnabled: (r) => (r.twoFactorEnabled ? <Tag color="green">{t('common.status.on')}</Tag> : <Tag>{t('common.status.off')}</Tag>),
          },
        }}
        tools={[
          <Can key="freeze" code={Perm.USER_FREEZE}>
            <Space>
              <Button icon={<LockOutlined />} disabled={selected.length === 0} onClick={() => confirmBatch(UserStatus.FROZEN)} data-testid="batch-freeze">
                {t('users.freezeSelected')}
              </Button>
              <Button icon={<CheckCircleOutlined />} disabled={selected.length === 0} onClick={() => confirmBatch(UserStatus.NORMAL)}>
                {t('users.unfreezeSelected')}
              </Button>
            </Space>
          </Can>,
          <Can key="add" code={Perm.USER_ADD}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              {t('users.add')}
            </Button>
          </Can>,
        ]}
        actions={(r) => {
          const self = r.username === me.data?.username;
          const frozen = isFrozen(r);
          return [
            <Can key="edit" code={Perm.USER_EDIT}>
              <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)}>
                {t('common.actions.edit')}
              </Button>
            </Can>,
            <Can key="reset" code={Perm.USER_RESET_PASSWORD}>
              <Button type="link" size="small" icon={<KeyOutlined />} onClick={() => setResetting(r)}>
                {t('users.resetPassword')}
              </Button>
            </Can>,
            self ? null : (
              <Can key="freeze" code={Perm.USER_FREEZE}>
                <Popconfirm
                  title={t(frozen ? 'users.unfreezeConfirm' : 'users.freezeConfirm', { username: r.username })}
                  okText={t('common.actions.confirm')}
                  cancelText={t('common.actions.cancel')}
                  okButtonProps={{ danger: !frozen }}
                  onConfirm={() => freeze([r], frozen ? UserStatus.NORMAL : UserStatus.FROZEN)}
                >
                  <Button type="link" size="small" danger={!frozen} icon={frozen ? <CheckCircleOutlined /> : <StopOutlined />}>
                    {t(frozen ? 'users.unfreeze' : 'users.freeze')}
                  </Button>
                </Popconfirm>
              </Can>
            ),
          ];
        }}
      />
      {editing !== undefined && <UserFormModal open user={editing} onClose={() => setEditing(undefined)} />}
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
    </>
  );
}
