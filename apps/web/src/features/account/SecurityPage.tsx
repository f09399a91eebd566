import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Form, Input, Modal, QRCode, Space, Spin, Steps, Tag, Typography } from 'antd';
import { CopyOutlined, DownloadOutlined, LockOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { googleCodeSchema } from '@mg/domain';
import { saveBlob } from '../../api';
import { useBrand } from '../../brands';
import { CodeInput } from '../../components/CodeInput';
import { useCopyToClipboard } from '../../components/copy';
import { useZodRule } from '../../components/useZodRule';
import { useCurrentUser, useFormSubmit } from '../../components/forms';
import { ChangePasswordEntry } from './changePassword';
import { useConfirmTwoFactor, useDisableTwoFactor, useTwoFactorEnrolment, useTwoFactorStatus } from './hooks';

/** The secret in groups of four, easier to type. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const text = codes.join('\n');
  const copy = useCopyToClipboard(t('account.security.copied'), t('account.security.copyFailed'));
  const download = () => {
    saveBlob(new Blob([`${text}\n`], { type: 'text/plain' }), `${brand.value}-recovery-codes.txt`);
  };
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Alert type="warning" showIcon message={t('account.security.recoveryTitle')} description={t('account.security.recoveryHint')} />
      <div data-testid="recovery-codes" style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 160px))', gap: 8 }}>
        {codes.map((c) => (
          <Typography.Text key={c} code style={{ fontSize: 15 }}>
            {c}
          </Typography.Text>
        ))}
      </div>
      <Space wrap>
        <Button icon={<CopyOutlined />} onClick={() => void copy(text)}>
          {t('account.security.copy')}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={download}>
          {t('account.security.download')}
        </Button>
        <Button type="primary" onClick={onDone}>
          {t('account.security.savedCodes')}
        </Button>
      </Space>
    </Space>
  );
}

function EnrolFlow({ onFinished, onCancel }: { onFinished: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();
  const codeRule = useZodRule(googleCodeSchema);
  const enrol = useTwoFactorEnrolment();
  const confirmCode = useConfirmTwoFactor();
  const [codes, setCodes] = useState<string[] | null>(null);
  const {
    submit: confirm,
    saving,
    serverError: error,
  } = useFormSubmit(form, async (v) => {
    const r = await confirmCode.mutateAsync(v.code);
    setCodes(r.recoveryCodes ?? []);
  });

  return (
    <Card>
      <Steps
        size="small"
        current={codes ? 2 : 0}
        style={{ marginBottom: 24 }}
        items={[{ title: t('account.security.stepScan') }, { title: t('account.security.stepConfirm') }, { title: t('account.security.stepRecovery') }]}
      />
      {codes ? (
        <RecoveryCodes codes={codes} onDone={onFinished} />
      ) : enrol.isLoading ? (
        <Spin />
      ) : enrol.isError || !enrol.data ? (
        <Alert type="error" showIcon message={t('account.security.enrolFailed')} action={<Button onClick={onCancel}>{t('common.actions.back')}</Button>} />
      ) : (
        <Space align="start" size="large" wrap>
          <div data-testid="totp-qr">
            <QRCode value={enrol.data.otpauthUrl} size={200} bordered />
          </div>
          <Space direction="vertical" style={{ maxWidth: 420 }}>
            <Typography.Paragraph>{t('account.security.scanHint')}</Typography.Paragraph>
            <Typography.Text type="secondary">{t('account.security.secretHint')}</Typography.Text>
            <Typography.Text code copyable={{ text: enrol.data.secret }} data-testid="totp-secret" style={{ fontSize: 15 }}>
              {grouped(enrol.data.secret)}
            </Typography.Text>
            {error && <Alert type="error" showIcon message={error} data-testid="confirm-error" />}
            <Form form={form} name="enrol2faForm" layout="vertical" onFinish={() => void confirm()}>
              <Form.Item name="code" label={t('account.security.codeLabel')} rules={[codeRule]}>
                <CodeInput />
              </Form.Item>
              <Space>
                <Button onClick={onCancel}>{t('common.actions.cancel')}</Button>
                <Button type="primary" htmlType="submit" loading={saving} data-testid="confirm-2fa">
                  {t('account.security.confirmEnable')}
                </Button>
              </Space>
            </Form>
          </Space>
        </Space>
      )}
    </Card>
  );
}

function DisableModal({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ code: string }>();
  const disable = useDisableTwoFactor();
  const { submit, saving, serverError: error } = useFormSubmit(form, async (v) => {
    await disable.mutateAsync(v.code);
    message.success(t('account.security.disabled'));
    onDone();
  });
  return (
    <Modal
      open={open}
      title={t('account.security.disableTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('account.security.disable')}
      okButtonProps={{ danger: true, 'data-testid': 'disable-2fa-submit' }}
      cancelText={t('common.actions.cancel')}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('account.security.disableHint')}</Typography.Paragraph>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      <Form form={form} name="disable2faForm" layout="vertical" preserve={false}>
        <Form.Item name="code" label={t('account.security.codeOrRecovery')} rules={[{ required: true, whitespace: true, message: t('validation.googleCode.required') }]}>
          <Input maxLength={32} autoComplete="one-time-code" data-testid="disable-2fa-code" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Account security for every user: Google Authenticator (enrol, confirm, recovery codes, disable) and password. */
export default function Security() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const status = useTwoFactorStatus();
  const [enrolling, setEnrolling] = useState(false);
  const [disabling, setDisabling] = useState(false);
  const enabled = status.data?.enabled === true;

  return (
    <Space direction="vertical" size="large" style={{ width: '100%', maxWidth: 960 }}>
      <Card
        title={
          <Space>
            <SafetyCertificateOutlined />
            {t('account.security.twoFactorTitle')}
          </Space>
        }
        loading={status.isLoading}
      >
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('account.security.status')}>
            {enabled ? (
              <Tag color="green" data-testid="2fa-status">
                {t('account.security.enabled')}
              </Tag>
            ) : (
              <Tag data-testid="2fa-status">{t('account.security.notEnabled')}</Tag>
            )}
          </Descriptions.Item>
          {enabled && <Descriptions.Item label={t('account.security.recoveryLeft')}>{status.data?.recoveryCodesLeft ?? 0}</Descriptions.Item>}
        </Descriptions>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          {t('account.security.twoFactorHint')}
        </Typography.Paragraph>
        {!enrolling &&
          (enabled ? (
            <Button danger onClick={() => setDisabling(true)} data-testid="disable-2fa">
              {t('account.security.disable')}
            </Button>
          ) : (
            <Button type="primary" onClick={() => setEnrolling(true)} data-testid="enable-2fa">
              {t('account.security.enable')}
            </Button>
          ))}
      </Card>
      {enrolling && (
        <EnrolFlow
          onCancel={() => setEnrolling(false)}
          // The confirmation refreshed the status (hooks.ts).
          onFinished={() => setEnrolling(false)}
        />
      )}
      <Card
        title={
          <Space>
            <LockOutlined />
            {t('account.security.passwordTitle')}
          </Space>
        }
      >
        <Typography.Paragraph type="secondary">{t('account.security.passwordHint', { username: me.data?.username ?? '' })}</Typography.Paragraph>
        <ChangePasswordEntry />
      </Card>
      <DisableModal
        open={disabling}
        onClose={() => setDisabling(false)}
        onDone={() => setDisabling(false)}
      />
    </Space>
  );
}
