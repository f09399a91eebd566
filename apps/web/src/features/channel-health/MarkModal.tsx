/**
 * Marking a channel degraded or down (or operational again) with a message for merchants. Down refuses new
 * collections on the channel through the open API and the cashier, so it asks for a confirmation first.
 */
import { Alert, App, Form, Input, Radio, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { CHANNEL_HEALTH, CHANNEL_STATES, ChannelState, type ChannelHealthRow, type ChannelStateValue, type CurrencyCode } from '@mg/domain';
import { FormModal, useFormSubmit } from '../../components/forms';
import { useMarkChannel } from './hooks';

interface Values {
  state: ChannelStateValue;
  message: string;
}

export function MarkModal({ row, currency, channelName, onClose }: { row: ChannelHealthRow; currency: CurrencyCode; channelName: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const mark = useMarkChannel();
  const [form] = Form.useForm<Values>();
  const state = Form.useWatch('state', form) ?? row.state;

  const confirmDown = () =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title: t('channel-health.confirmDownTitle', { channel: channelName, currency }),
        content: t('channel-health.confirmDown'),
        okText: t('channel-health.markDown'),
        okButtonProps: { danger: true, 'data-testid': 'confirm-mark-down' } as ButtonProps,
        cancelText: t('common.actions.cancel'),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });

  const submitter = useFormSubmit(form, async (values) => {
    if (values.state === ChannelState.DOWN && !(await confirmDown())) return;
    await mark.mutateAsync({ currency, channel: row.channel, state: values.state, message: values.state === ChannelState.OPERATIONAL ? '' : values.message.trim() });
    message.success(t('channel-health.marked', { channel: channelName, state: t(`channel-health.states.${values.state}`) }));
    onClose();
  });

  return (
    <FormModal title={t('channel-health.markTitle', { channel: channelName, currency })} submitter={submitter} onClose={onClose} serverErrorTestId="mark-error">
      <Form form={form} layout="vertical" name="channelMark" initialValues={{ state: row.state, message: row.message }} autoComplete="off">
        <Form.Item name="state" label={t('channel-health.state')}>
          <Radio.Group optionType="button" buttonStyle="solid" data-testid="mark-state" options={CHANNEL_STATES.map((s) => ({ value: s, label: t(`channel-health.states.${s}`) }))} />
        </Form.Item>
        {state === ChannelState.DOWN && <Alert type="warning" showIcon message={t('channel-health.downEffect')} style={{ marginBottom: 16 }} />}
        {state !== ChannelState.OPERATIONAL && (
          <Form.Item
            name="message"
            label={t('channel-health.message')}
            extra={t('channel-health.messageHint')}
            rules={[{ required: true, whitespace: true, message: t('channel-health.messageRequired') }, { max: CHANNEL_HEALTH.MESSAGE_MAX_LENGTH }]}
          >
            <Input.TextArea rows={3} maxLength={CHANNEL_HEALTH.MESSAGE_MAX_LENGTH} showCount data-testid="mark-message" />
          </Form.Item>
        )}
      </Form>
    </FormModal>
  );
}
