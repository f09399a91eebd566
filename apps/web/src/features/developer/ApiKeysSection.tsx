import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  Modal,
  Radio,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { ButtonProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { KeyOutlined, PlusOutlined, RetweetOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  API_KEY_MAX_ACTIVE,
  API_KEY_MODES,
  API_KEY_NAME_MAX_LENGTH,
  API_KEY_ROLL_GRACE_HOURS,
  ApiKeyMode,
  ApiKeyStatus,
  googleCodeSchema,
  type ApiKeyModeValue,
} from '@mg/domain';
import { CodeInput } from '../../components/CodeInput';
import { useFormatters } from '../../components/format';
import { useZodRule } from '../../components/useZodRule';
import { applyServerErrors, useFormSubmit } from '../../components/forms';
import type { ApiKey, CreatedKey, RolledKey } from './api';
import { useCreateKey, useRevokeKey, useRollKey } from './hooks';
import { FormError, IconTitle, SecretBlock, putCodeError, useGoogleCodeGate } from './_gate';

/** The secret of a new or rolled key, shown this once; closing the dialog drops it from the page. */
function SecretOnceModal({ shown, onClose }: { shown: CreatedKey | RolledKey; onClose: () => void }) {
  const { t } = useTranslation();
  const { instant } = useFormatters();
  const rolled = 'oldKeyExpiresAt' in shown;
  return (
    <Modal
      open
      title={t(rolled ? 'developer.rolledTitle' : 'developer.createdTitle')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      width={560}
      footer={
        <Button type="primary" onClick={onClose} data-testid="secret-saved">
          {t('developer.secretSaved')}
        </Button>
      }
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Alert
          type="warning"
          showIcon
          message={t('developer.secretOnce')}
          data-testid="secret-once-warning"
        />
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('developer.keyId')}>
            <Typography.Text copyable>{shown.key.id}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('developer.secret')}>
            <SecretBlock value={shown.secret} testId="new-secret" />
          </Descriptions.Item>
        </Descriptions>
        {rolled && (
          <Alert
            type="info"
            showIcon
            data-testid="old-key-expiry"
            message={t('developer.oldKeyUntil', { time: instant(shown.oldKeyExpiresAt) })}
          />
        )}
      </Space>
    </Modal>
  );
}

interface CreateValues {
  name: string;
  mode: ApiKeyModeValue;
  googleCode?: string;
}

/** Name and mode of a new key; the Google code in the same form when 2FA is on. */
function CreateKeyModal({
  totpEnabled,
  onClose,
  onCreated,
}: {
  totpEnabled: boolean;
  onClose: () => void;
  onCreated: (created: CreatedKey) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CreateValues>();
  const codeRule = useZodRule(googleCodeSchema);
  const createKey = useCreateKey();
  const { submit, saving, serverError: error } = useFormSubmit(
    form,
    async (values) => onCreated(await createKey.mutateAsync({ name: values.name.trim(), mode: values.mode, googleCode: values.googleCode })),
    (e) => {
      const text = applyServerErrors(form, e);
      return totpEnabled && putCodeError(form, e, text) ? null : text;
    },
  );
  return (
    <Modal
      open
      title={t('developer.createKey')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('developer.create')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'create-key-ok' } as ButtonProps}
      destroyOnHidden
    >
      <FormError message={error} testId="create-key-error" />
      <Form
        form={form}
        name="createKeyForm"
        layout="vertical"
        initialValues={{ name: '', mode: ApiKeyMode.SANDBOX }}
        autoComplete="off"
      >
        <Form.Item
          name="name"
          label={t('developer.keyName')}
          rules={[{ required: true, whitespace: true, message: t('developer.keyNameRequired') }]}
        >
          <Input maxLength={API_KEY_NAME_MAX_LENGTH} data-testid="key-name" />
        </Form.Item>
        <Form.Item name="mode" label={t('developer.mode')} extra={t('developer.modeHint')}>
          <Radio.Group
            optionType="button"
            options={API_KEY_MODES.map((m) => ({ value: m, label: t(`developer.mode.${m}`) }))}
          />
        </Form.Item>
        {totpEnabled && (
          <Form.Item name="googleCode" label={t('developer.codeLabel')} rules={[codeRule]}>
            <CodeInput data-testid="google-code" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

function keyState(key: ApiKey, now: number): 'active' | 'rolled' | 'expired' | 'revoked' {
  if (key.status === ApiKeyStatus.REVOKED) return 'revoked';
  if (key.expiresAt) return new Date(key.expiresAt).getTime() <= now ? 'expired' : 'rolled';
  return 'active';
}

const STATE_COLOURS = { active: 'green', rolled: 'orange', expired: 'default', revoked: 'red' } as const;

/** API keys: list, create (secret shown once), roll (new secret once, old key kept for the grace period), revoke. */
export function ApiKeysSection({
  keys,
  totpEnabled,
}: {
  keys: ApiKey[];
  totpEnabled: boolean;
}) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const { instant } = useFormatters();
  const gate = useGoogleCodeGate(totpEnabled);
  const rollKey = useRollKey();
  const revokeKey = useRevokeKey();
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<CreatedKey | RolledKey | null>(null);
  const now = Date.now();
  const activeCount = keys.filter((k) => keyState(k, now) === 'active').length;

  const roll = (key: ApiKey) =>
    modal.confirm({
      title: t('developer.rollConfirmTitle', { name: key.name || key.id }),
      content: t('developer.rollConfirm', { hours: API_KEY_ROLL_GRACE_HOURS }),
      okText: t('developer.roll'),
      cancelText: t('common.actions.cancel'),
      onOk: () =>
        gate.run({
          title: t('developer.roll'),
          okText: t('developer.roll'),
          action: async (code) => {
            const rolled = await rollKey.mutateAsync({ id: key.id, googleCode: code });
            setShown(rolled);
          },
        }),
    });

  const revoke = (key: ApiKey) =>
    modal.confirm({
      title: t('developer.revokeConfirmTitle', { name: key.name || key.id }),
      content: t('developer.revokeConfirm'),
      okText: t('developer.revoke'),
      okButtonProps: { danger: true },
      cancelText: t('common.actions.cancel'),
      onOk: () =>
        gate.run({
          title: t('developer.revoke'),
          okText: t('developer.revoke'),
          danger: true,
          action: async (code) => {
            await revokeKey.mutateAsync({ id: key.id, googleCode: code });
            message.success(t('developer.revoked'));
          },
        }),
    });

  const revokeButton = (k: ApiKey) => (
    <Button type="link" size="small" danger icon={<StopOutlined />} onClick={() => revoke(k)} data-testid={`revoke-${k.id}`}>
      {t('developer.revoke')}
    </Button>
  );

  const columns: ColumnsType<ApiKey> = [
    {
      title: t('developer.keyId'),
      dataIndex: 'id',
      render: (id: string) => (
        <Typography.Text copyable code>
          {id}
        </Typography.Text>
      ),
    },
    { title: t('developer.keyName'), dataIndex: 'name', render: (v: string) => v || '-' },
    {
      title: t('developer.mode'),
      dataIndex: 'mode',
      render: (m: ApiKeyModeValue) => (
        <Tag color={m === ApiKeyMode.LIVE ? 'blue' : 'gold'}>{t(`developer.mode.${m}`)}</Tag>
      ),
    },
    {
      title: t('developer.secret'),
      dataIndex: 'secretLast4',
      render: (last4: string) => (
        <Typography.Text code data-testid="masked-secret">
          {`••••${last4}`}
        </Typography.Text>
      ),
    },
    {
      title: t('developer.status'),
      key: 'status',
      render: (_: unknown, k) => {
        const state = keyState(k, now);
        return <Tag color={STATE_COLOURS[state]}>{t(`developer.keyState.${state}`)}</Tag>;
      },
    },
    {
      title: t('developer.expiresAt'),
      dataIndex: 'expiresAt',
      render: (v: string | null) => instant(v),
    },
    {
      title: t('developer.lastUsedAt'),
      dataIndex: 'lastUsedAt',
      render: (v: string | null) => (v ? instant(v) : t('developer.neverUsed')),
    },
    { title: t('common.fields.createdAt'), dataIndex: 'createdAt', render: (v: string) => instant(v) },
    {
      title: t('common.fields.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, k) =>
        keyState(k, now) === 'active' ? (
          <Space size={0} wrap>
            <Button
              type="link"
              size="small"
              icon={<RetweetOutlined />}
              onClick={() => roll(k)}
              data-testid={`roll-${k.id}`}
            >
              {t('developer.roll')}
            </Button>
            {revokeButton(k)}
          </Space>
        ) : keyState(k, now) === 'rolled' ? (
          revokeButton(k)
        ) : null,
    },
  ];

  return (
    <Card
      title={<IconTitle icon={<KeyOutlined />}>{t('developer.keysTitle')}</IconTitle>}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setCreating(true)}
          disabled={activeCount >= API_KEY_MAX_ACTIVE}
          data-testid="create-key"
        >
          {t('developer.createKey')}
        </Button>
      }
      data-testid="keys-section"
    >
      <Typography.Paragraph type="secondary">
        {t('developer.keysHint', { max: API_KEY_MAX_ACTIVE })}
      </Typography.Paragraph>
      <Table<ApiKey>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={keys}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('developer.noKeys') }}
      />
      {creating && (
        <CreateKeyModal
          totpEnabled={totpEnabled}
          onClose={() => setCreating(false)}
          onCreated={(created) => {
            setCreating(false);
            setShown(created);
          }}
        />
      )}
      {shown && <SecretOnceModal shown={shown} onClose={() => setShown(null)} />}
      {gate.element}
    </Card>
  );
}
