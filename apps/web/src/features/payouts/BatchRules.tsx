/**
 * The banks and wallets a batch of the currency may pay, with what each cell of their rows takes (issue 40: the
 * template said nothing of Mandiri's 13 digits or a wallet's 08): the template's second sheet, in the upload dialog.
 * The rules are the domain's, the ones the check applies.
 */
import { Collapse, List, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountRuleText, batchAmountRule, batchDestinationsOf, fieldLabelKey, fieldRuleText, type CurrencyCode, type PayoutDestination, type RuleText } from '@mg/domain';
import { CARD_LAYOUT_MAX_WIDTH, useMoney } from '../../components/list';
import { useMediaQuery } from '../../components/useMediaQuery';

/** The banks and wallets of the currency with what each cell of their rows takes: the template's second sheet, here. */
export function BatchRules({ currency }: { currency: CurrencyCode }) {
  const { t } = useTranslation();
  const money = useMoney();
  const narrow = useMediaQuery(`(max-width: ${CARD_LAYOUT_MAX_WIDTH}px)`, false);
  const rule = (r: RuleText) => t(r.key, r.params);
  const account = (d: PayoutDestination) => `${t(fieldLabelKey(d, 'accountNumber'))}: ${rule(accountRuleText(d.account))}`;
  const extras = (d: PayoutDestination) => d.extra.map((f) => `${t(fieldLabelKey(d, f))}: ${rule(fieldRuleText(currency, f))}`);
  const limits = (d: PayoutDestination) => `${money(d.minAmount, currency)} – ${money(d.maxAmount, currency)} ${currency}`;
  const destinations = batchDestinationsOf(currency);
  return (
    <Collapse
      size="small"
      style={{ marginBottom: 12 }}
      data-testid="batch-rules"
      items={[
        {
          key: 'rules',
          label: t('payouts.batch.rulesTitle'),
          children: (
            <>
              <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
                {`${t('payouts.batch.rulesHint')} ${rule(batchAmountRule(currency))}`}
              </Typography.Paragraph>
              {narrow ? (
                // A phone: one block per bank, the table's cells one under the other.
                <List<PayoutDestination>
                  size="small"
                  dataSource={destinations}
                  renderItem={(d) => (
                    <List.Item key={d.bankCode}>
                      <div>
                        <Typography.Text code>{d.bankCode}</Typography.Text> <Typography.Text strong>{d.name}</Typography.Text>
                        {[account(d), ...extras(d), `${t('payouts.batch.amountLimits')}: ${limits(d)}`].map((line) => (
                          <div key={line}>{line}</div>
                        ))}
                      </div>
                    </List.Item>
                  )}
                />
              ) : (
                // No horizontal scroll: the rules wrap in their columns, so every one is read without scrolling.
                <Table<PayoutDestination>
                  size="small"
                  rowKey="bankCode"
                  pagination={false}
                  dataSource={destinations}
                  columns={[
                    { title: t('payouts.batch.column.bankCode'), dataIndex: 'bankCode', width: 120, render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
                    { title: t('payouts.batch.bankName'), dataIndex: 'name', width: 170 },
                    { title: t('payouts.batch.accountRule'), key: 'account', render: (_, d) => account(d) },
                    { title: t('payouts.batch.otherColumns'), key: 'extra', render: (_, d) => (d.extra.length === 0 ? '—' : extras(d).map((line) => <div key={line}>{line}</div>)) },
                    { title: t('payouts.batch.amountLimits'), key: 'limits', width: 190, render: (_, d) => limits(d) },
                  ]}
                />
              )}
            </>
          ),
        },
      ]}
    />
  );
}
