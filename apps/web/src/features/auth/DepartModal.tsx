import { useState } from 'react';
import { Form, Modal, Select } from 'antd';
import { ApartmentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LAYOUT } from '@mg/domain';
import { identityApi, type Depart } from '../../api/identity';
import { getDepartChoice, setDepartChoice, setUserInfo } from '../../session/store';

/**
 * Spec §4: a user of several departments chooses one after sign-in (width 450). PUT /sys/selectDepart; the choice
 * is kept 7 days and preselected next time.
 */
export function DepartModal({ open, departs, username, onDone }: { open: boolean; departs: Depart[]; username: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ orgCode: string }>();
  const [saving, setSaving] = useState(false);
  const stored = getDepartChoice();
  const initial = departs.some((d) => d.orgCode === stored) ? stored : undefined;

  const submit = async () => {
    const { orgCode } = await form.validateFields();
    setSaving(true);
    try {
      const res = await identityApi.selectDepart(orgCode, username);
      if (res?.userInfo) setUserInfo(res.userInfo);
      setDepartChoice(orgCode);
      onDone();
    } catch {
      // The API client showed the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      width={LAYOUT.departModalWidth}
      title={
        <span>
          <ApartmentOutlined aria-hidden /> {t('auth.depart.title')}
        </span>
      }
      closable={false}
      maskClosable={false}
      keyboard={false}
      cancelButtonProps={{ style: { display: 'none' } }}
      okText={t('common.actions.confirm')}
      okButtonProps={{ loading: saving, 'data-testid': 'depart-confirm' }}
      onOk={() => void submit().catch(() => undefined)}
      destroyOnHidden
    >
      <p className="mg-muted">{t('auth.depart.hint')}</p>
      <Form form={form} layout="vertical" initialValues={{ orgCode: initial ?? undefined }}>
        <Form.Item name="orgCode" label={t('auth.depart.label')} rules={[{ required: true, message: t('auth.depart.required') }]}>
          <Select
            data-testid="depart-select"
            placeholder={t('auth.depart.placeholder')}
            options={departs.map((d) => ({ value: d.orgCode, label: d.departName }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
