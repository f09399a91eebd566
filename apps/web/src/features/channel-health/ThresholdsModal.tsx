/** The success rates at which a window turns amber and red, in percent (stored as shares of one). */
import { App, Form, InputNumber, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { HealthThresholds } from '@mg/domain';
import { FormModal, useFormSubmit } from '../../components/forms';
import { useSaveThresholds } from './hooks';

const PERCENT = 100;
const STEP = 0.1;

interface Values {
  green: number;
  amber: number;
}

export function ThresholdsModal({ current, onClose }: { current: HealthThresholds; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveThresholds();
  const [form] = Form.useForm<Values>();
  const submitter = useFormSubmit(form, async (values) => {
    await save.mutateAsync({ greenMin: values.green / PERCENT, amberMin: values.amber / PERCENT });
    message.success(t('channel-health.thresholdsSaved'));
    onClose();
  });

  const percentInput = (testId: string) => <InputNumber min={0} max={PERCENT} step={STEP} precision={1} addonAfter="%" style={{ width: 160 }} data-testid={testId} />;
  return (
    <FormModal title={t('channel-health.thresholds')} submitter={submitter} onClose={onClose}>
      <Typography.Paragraph type="secondary">{t('channel-health.thresholdsHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" name="healthThresholds" initialValues={{ green: current.greenMin * PERCENT, amber: current.amberMin * PERCENT }}>
        <Form.Item name="green" label={t('channel-health.greenMin')} rules={[{ required: true, message: t('channel-health.thresholdRequired') }]}>
          {percentInput('threshold-green')}
        </Form.Item>
        <Form.Item
          name="amber"
          label={t('channel-health.amberMin')}
          dependencies={['green']}
          rules={[
            { required: true, message: t('channel-health.thresholdRequired') },
            ({ getFieldValue }) => ({
              validator: (_r, v: number | null) => (v === null || v === undefined || v <= Number(getFieldValue('green')) ? Promise.resolve() : Promise.reject(new Error(t('channel-health.amberAboveGreen')))),
            }),
          ]}
        >
          {percentInput('threshold-amber')}
        </Form.Item>
      </Form>
    </FormModal>
  );
}
