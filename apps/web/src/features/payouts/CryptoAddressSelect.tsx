/**
 * The address of a crypto payout: chosen from the merchant's address book on the payout's network, never typed, so
 * nothing goes to an address that was not whitelisted. Addresses still cooling are shown, disabled, with the time
 * they become usable; with none usable the form says where to add one.
 */
import { Alert, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CRYPTO_ADDRESS_COOLING_HOURS, NETWORKS, type CryptoNetworkValue } from '@mg/domain';
import { useFormatters } from '../../components/format';
import { useCryptoAddresses } from '../crypto/hooks';

export function CryptoAddressSelect({ network, value, onChange }: { network: CryptoNetworkValue; value?: string; onChange?: (v: string) => void }) {
  const { t } = useTranslation();
  const { instant } = useFormatters();
  const addresses = useCryptoAddresses(network);
  const rows = addresses.data ?? [];
  const usable = rows.filter((a) => a.usable);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Select
        value={value}
        onChange={onChange}
        loading={addresses.isLoading}
        placeholder={t('crypto.form.chooseAddress')}
        data-testid="payout-crypto-address"
        optionLabelProp="label"
        options={rows.map((a) => ({
          value: a.address,
          disabled: !a.usable,
          label: `${a.label} · ${a.address}`,
          title: a.address,
          desc: a.usable ? null : `${t('crypto.fields.usableAt')} ${instant(a.usableAt)}`,
        }))}
        optionRender={(o) => (
          <Space direction="vertical" size={0}>
            <span>{o.data.label}</span>
            {o.data.desc && <Typography.Text type="secondary">{o.data.desc}</Typography.Text>}
          </Space>
        )}
      />
      {!addresses.isLoading && usable.length === 0 && (
        <Alert type="warning" showIcon message={t('crypto.form.noUsable', { network: NETWORKS[network].name, hours: CRYPTO_ADDRESS_COOLING_HOURS })} data-testid="payout-no-usable-address" />
      )}
    </Space>
  );
}
