import { useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LAYOUT, passwordChangeSchema } from '@mg/domain';
import { identityApi } from '../../api/identity';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { zodMessage } from '../../components/zodRule';
import { useSession } from '../../session/store';

interface Values {
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

/** Spec §2 "Change password": three password fields, width 800, strength meter; POST sys/user/updatePassword. */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { userInfo } = useSession();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const values = await form.validateFields();
    // The whole-object schema too (old required, policy, confirmation), so the rules cannot drift from the domain.
    const whole = zodMessage(passwordChangeSchema, values, t);
    if (whole) return;
    if (!userInfo?.username) {
      message.warning(t('error.noCurrentUser'));
      return;
    }
    setSaving(true);
    try {
      await identityApi.updatePassword({ username: userInfo.username, ...values });
      message.success(t('auth.password.changed'));
      form.resetFields();
      onClose();
    } catch {
      // The API client showed the server's message (old password wrong, policy ...).
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      width={LAYOUT.changePasswordModalWidth}
      title={t('auth.password.changeTitle')}
      okText={t('common.actions.confirm')}
      cancelText={t('common.actions.cancel')}
      okButtonProps={{ loading: saving, 'data-testid': 'change-password-submit' }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
      data-testid="change-password-modal"
    >
      <Form form={form} layout="horizontal" labelCol={{ span: 6 }} wrapperCol={{ span: 16 }} requiredMark>
        <Form.Item name="oldpassword" label={t('auth.password.old')} required rules={[{ required: true, message: t('validation.password.oldRequired') }]}>
          <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="current-password" data-testid="change-password-old" />
        </Form.Item>
        <NewPasswordFields
          passwordLabel={t('auth.password.new')}
          confirmLabel={t('auth.password.confirm')}
          required
          testIds={{ password: 'change-password-new', confirm: 'change-password-confirm' }}
        />
      </Form>
    </Modal>
  );
}
