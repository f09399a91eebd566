import { useState } from 'react';
import { Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../brands';
import { identityApi } from '../../api/identity';
import { applyLoginResult, parseSubMerchants, useSession } from '../../session/store';

/** Spec §4 "Switching sub-merchant": PUT /sys/switchSubMId replaces token, user info and dictionaries, then reload. */
export function SwitchMerchantModal({ open, onClose, reload }: { open: boolean; onClose: () => void; reload?: () => void }) {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const { userInfo } = useSession();
  const options = parseSubMerchants(userInfo?.subMerchantInfos);
  const [target, setTarget] = useState<number | undefined>(undefined);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (!userInfo || target === undefined || target === userInfo.merchantId) {
      onClose();
      return;
    }
    setSaving(true);
    try {
      const result = await identityApi.switchSubMerchant(target, userInfo.username);
      applyLoginResult(brand, result);
      // The button stays busy until the page has gone: a second switch sent from the reloading page would replace
      // the token just stored, and the new page would open signed out.
      (reload ?? (() => window.location.reload()))();
    } catch {
      // shown by the API client
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('shell.switchMerchant')}
      okText={t('common.actions.confirm')}
      cancelText={t('common.actions.cancel')}
      okButtonProps={{ loading: saving, disabled: target === undefined || target === userInfo?.merchantId, 'data-testid': 'switch-merchant-confirm' }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p className="mg-muted">{t('shell.switchMerchantHint')}</p>
      <Select<number>
        style={{ width: '100%' }}
        data-testid="switch-merchant-select"
        value={target ?? userInfo?.merchantId}
        onChange={setTarget}
        options={options.map((o) => ({
          value: o.merchantId,
          label: `${o.name} (${o.merchantId})${o.merchantId === userInfo?.merchantId ? ` · ${t('shell.current')}` : ''}`,
        }))}
      />
    </Modal>
  );
}
