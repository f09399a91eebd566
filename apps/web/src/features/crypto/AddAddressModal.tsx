/**
 * Adding a crypto withdrawal address: the network first, then the address checked as typed by that network's format
 * and checksum (an address of another network is named as such), and a label. The Google code is asked when 2FA is
 * on; the server checks everything again and tells every admin.
 */
import { useState } from 'react';
import { Alert, App, Form, Input, Modal, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { CRYPTO_ADDRESS_COOLING_HOURS, CRYPTO_ADDRESS_LABEL_MAX_LENGTH, NETWORKS, PAYABLE_NETWORKS, checkCryptoAddress, type CryptoNetworkValue, SecondFactorCall } from '@mg/domain';
import { applyServerErrors } from '../../components/forms';
import { isGoogleCodeProblem, useGoogleCodeGate } from '../developer/_gate';
import { useAsksSecondFactor } from '../../components/secondFactor';
import { useAddCryptoAddress, type AddressInput } from './hooks';

export function AddAddressModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<AddressInput>();
  const network = Form.useWatch('network', form) as CryptoNetworkValue | undefined;
  const add = useAddCryptoAddress();
  const gate = useGoogleCodeGate(useAsksSecondFactor(SecondFactorCall.CRYPTO_ADDRESS_ADD));
  const [error, setError] = useState<string | null>(null);

  const addressRule: Rule = {
    validator: async (_rule, value: string | undefined) => {
      const n = form.getFieldValue('network') as CryptoNetworkValue | undefined;
      if (!n) return;
      const c = checkCryptoAddress(n, value ?? '');
      if (!c.ok) throw new Error(t(c.messageKey, c.params));
    },
  };

  const submit = async () => {
    let v: AddressInput;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setError(null);
    await gate.run({
      title: t('crypto.addresses.add'),
      okText: t('common.actions.confirm'),
      action: async (googleCode) => {
        try {
          await add.mutateAsync({ network: v.network, address: v.address.trim(), label: v.label.trim(), googleCode });
        } catch (e) {
          if (isGoogleCodeProblem(e)) throw e;
          setError(applyServerErrors(form, e));
          return;
        }
        message.success(t('crypto.form.addressAdded'));
        onClose();
      },
    });
  };

  return (
    <Modal
      open
      title={t('crypto.addresses.add')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={add.isPending}
      okText={t('common.actions.confirm')}
      cancelText={t('common.actions.cancel')}
      okButtonProps={{ 'data-testid': 'address-save' } as never}
      destroyOnHidden
      maskClosable={false}
    >
      {gate.element}
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('crypto.addresses.coolingHint', { hours: CRYPTO_ADDRESS_COOLING_HOURS })} />
      <Form form={form} name="cryptoAddress" layout="vertical" autoComplete="off" data-testid="address-form">
        <Form.Item name="network" label={t('crypto.fields.network')} rules={[{ required: true, message: t('payouts.validation.required', { field: t('crypto.fields.network') }) }]}>
          <Select
            data-testid="address-network"
            options={PAYABLE_NETWORKS.map((n) => ({ value: n, label: NETWORKS[n].name }))}
            onChange={() => {
              if (form.getFieldValue('address')) void form.validateFields(['address']).catch(() => undefined);
            }}
          />
        </Form.Item>
        <Form.Item name="address" label={t('crypto.fields.address')} rules={[addressRule]} validateFirst>
          <Input placeholder={network ? NETWORKS[network].addressExample : undefined} spellCheck={false} maxLength={100} data-testid="address-input" />
        </Form.Item>
        <Form.Item name="label" label={t('crypto.fields.label')} rules={[{ required: true, whitespace: true, message: t('crypto.labelRequired') }, { max: CRYPTO_ADDRESS_LABEL_MAX_LENGTH, message: t('crypto.labelTooLong', { max: CRYPTO_ADDRESS_LABEL_MAX_LENGTH }) }]}>
          <Input maxLength={CRYPTO_ADDRESS_LABEL_MAX_LENGTH} data-testid="address-label" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
