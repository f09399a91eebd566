import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Empty,
  Form,
  Input,
  Popconfirm,
  Row,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import {
  AlertOutlined,
  DeleteOutlined,
  EditOutlined,
  ReloadOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MONEY_ERROR_KEYS, Perm, isCurrencyCode, parseAmount } from '@mg/domain';
import { LoadFailed } from '../../components/LoadFailed';
import { Can } from '../../components/Can';
import { FormModal, useFormSubmit } from '../../components/forms';
import { useBalances, useSetLimit, type BalanceRow } from './hooks';
import { MoneyActions } from './MoneyActions';
import { minorOf, useIsPlatform, useMoney } from '../../components/list';

const POSITIVE_INTEGER = /^\d+$/;

/**
 * Spec §5 limit balance rule: required, a positive integer (major units), within the amount bound. Returns the
 * canonical digits or the message key of the problem.
 */
export function checkLimit(
  input: unknown,
  currency: string,
): { ok: true; value: string } | { ok: false; key: string } {
  const s = typeof input === 'string' ? input.trim() : '';
  if (s === '') return { ok: false, key: 'balances.limit.required' };
  if (!POSITIVE_INTEGER.test(s) || /^0+$/.test(s))
    return { ok: false, key: 'balances.limit.positiveInteger' };
  const value = s.replace(/^0+/, '');
  if (isCurrencyCode(currency)) {
    const r = parseAmount(value, currency);
    if (!r.ok) return { ok: false, key: MONEY_ERROR_KEYS[r.error] };
  }
  return { ok: true, value };
}

/** True when available < limit (the server's flag, or compared here in minor units when it is absent). */
function isBelowLimit(row: BalanceRow): boolean {
  if (typeof row.belowLimit === 'boolean') return row.belowLimit;
  if (!row.limitBalance || !isCurrencyCode(row.currency)) return false;
  const available = minorOf(row.available, row.currency);
  const limit = minorOf(row.limitBalance, row.currency);
  return available !== null && limit !== null && available < limit;
}

function LimitModal({
  row,
  merchantId,
  onClose,
}: {
  row: BalanceRow;
  merchantId: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const setLimit = useSetLimit(merchantId);
  const [form] = Form.useForm<{ limitBalance: string }>();
  const submitter = useFormSubmit(form, async (values) => {
    const checked = checkLimit(values.limitBalance, row.currency);
    if (!checked.ok) return;
    await setLimit.mutateAsync({ currency: row.currency, limitBalance: checked.value });
    message.success(t('balances.limitSaved'));
    onClose();
  });
  return (
    <FormModal
      title={t('balances.setLimitOf', { currency: row.currency })}
      submitter={submitter}
      onClose={onClose}
      serverErrorTestId="limit-server-error"
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ limitBalance: row.limitBalance ?? '' }}
      >
        <Form.Item
          name="limitBalance"
          label={t('balances.limit')}
          extra={t('balances.limitHint')}
          required
          rules={[
            {
              validator: (_: unknown, value: unknown) => {
                const r = checkLimit(value, row.currency);
                return r.ok ? Promise.resolve() : Promise.reject(new Error(t(r.key)));
              },
            },
          ]}
        >
          <Input inputMode="numeric" suffix={row.currency} autoFocus data-testid="limit-input" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

function Figure({
  label,
  value,
  currency,
  strong,
  testId,
}: {
  label: string;
  value: string;
  currency: string;
  strong?: boolean;
  testId: string;
}) {
  return (
    <div>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <div
        style={{
          fontSize: strong ? 26 : 18,
          fontWeight: strong ? 700 : 600,
          fontVariantNumeric: 'tabular-nums',
          whiteSpace: 'nowrap',
        }}
        data-testid={testId}
      >
        {value}
        <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 400, marginLeft: 6 }}>
          {currency}
        </Typography.Text>
      </div>
    </div>
  );
}

const MERCHANT_ID = /^\d{1,10}$/;

/** Platform staff: which merchant's balances (none: every merchant's together, as their home page sums them). */
function MerchantChooser({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(value === undefined ? '' : String(value));
  const apply = () => {
    const s = text.trim();
    onChange(MERCHANT_ID.test(s) ? Number(s) : undefined);
  };
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Input
        allowClear
        inputMode="numeric"
        placeholder={t('common.fields.merchantId')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value === '') onChange(undefined);
        }}
        onPressEnter={apply}
        style={{ width: 180 }}
        data-testid="balances-merchant"
      />
      <Button onClick={apply} data-testid="balances-merchant-show">
        {t('balances.showMerchant')}
      </Button>
    </Space>
  );
}

/** Balances per currency (available, pending, frozen) with the low-balance threshold (spec "limit balance"). */
export default function Balances() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const money = useMoney();
  const platform = useIsPlatform();
  const [merchantId, setMerchantId] = useState<number | undefined>(undefined);
  // Every merchant's money together has no threshold of its own: limits are set on one merchant.
  const allMerchants = platform && merchantId === undefined;
  const setLimit = useSetLimit(merchantId);
  const [editing, setEditing] = useState<BalanceRow | null>(null);
  const query = useBalances(merchantId);
  const rows = query.data ?? [];
  const below = rows.filter(isBelowLimit);

  const clearLimit = async (row: BalanceRow) => {
    await setLimit.mutateAsync({ currency: row.currency, limitBalance: null });
    message.success(t('balances.limitCleared'));
  };

  return (
    <div data-testid="balances">
      <div
        style={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          flexWrap: 'wrap',
          gap: 12,
          marginBottom: 16,
        }}
      >
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('balances.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('balances.hint')}</Typography.Text>
        </div>
        <Space wrap>
          {!platform && <MoneyActions />}
          <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} loading={query.isFetching}>
            {t('common.actions.reload')}
          </Button>
        </Space>
      </div>

      {platform && <MerchantChooser value={merchantId} onChange={setMerchantId} />}
      {allMerchants && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('balances.allMerchants')}
          data-testid="balances-all-merchants"
        />
      )}

      {below.map((row) => (
        <Alert
          key={row.currency}
          type="warning"
          showIcon
          icon={<AlertOutlined />}
          style={{ marginBottom: 12 }}
          message={t('balances.belowLimit', {
            currency: row.currency,
            available: money(row.available, row.currency),
            limit: money(row.limitBalance, row.currency),
          })}
          data-testid={`below-limit-${row.currency}`}
        />
      ))}

      {query.isLoading ? (
        <Card>
          <Skeleton active paragraph={{ rows: 4 }} />
        </Card>
      ) : query.isError ? (
        <LoadFailed message={t('common.messages.loadFailed')} onRetry={() => void query.refetch()} />
      ) : rows.length === 0 ? (
        <Card>
          <Empty description={t('balances.empty')} />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          {rows.map((row) => (
            <Col key={row.currency} xs={24} xl={12} xxl={8}>
              <Card
                data-testid={`balance-${row.currency}`}
                title={
                  <Space>
                    <WalletOutlined aria-hidden />
                    {row.currency}
                    {isCurrencyCode(row.currency) && (
                      <Typography.Text type="secondary">
                        {t(`currency.${row.currency.toLowerCase()}`)}
                      </Typography.Text>
                    )}
                    {isBelowLimit(row) && <Tag color="warning">{t('balances.belowLimitTag')}</Tag>}
                  </Space>
                }
              >
                <Row gutter={[16, 16]}>
                  <Col span={24}>
                    <Figure
                      label={t('balances.available')}
                      value={money(row.available, row.currency)}
                      currency={row.currency}
                      strong
                      testId={`available-${row.currency}`}
                    />
                  </Col>
                  <Col span={12}>
                    <Figure
                      label={t('balances.pending')}
                      value={money(row.pending, row.currency)}
                      currency={row.currency}
                      testId={`pending-${row.currency}`}
                    />
                  </Col>
                  <Col span={12}>
                    <Figure
                      label={t('balances.frozen')}
                      value={money(row.frozen, row.currency)}
                      currency={row.currency}
                      testId={`frozen-${row.currency}`}
                    />
                  </Col>
                </Row>
                {!allMerchants && (
                  <div
                    style={{
                      display: 'flex',
                      justifyContent: 'space-between',
                      alignItems: 'center',
                      flexWrap: 'wrap',
                      gap: 8,
                      marginTop: 16,
                      paddingTop: 12,
                      borderTop: '1px solid #f0f0f0',
                    }}
                  >
                    <span data-testid={`limit-${row.currency}`}>
                      <Typography.Text type="secondary">{t('balances.limit')}: </Typography.Text>
                      {row.limitBalance ? (
                        <Typography.Text strong>
                          {money(row.limitBalance, row.currency)} {row.currency}
                        </Typography.Text>
                      ) : (
                        <Typography.Text type="secondary">{t('balances.limitNotSet')}</Typography.Text>
                      )}
                    </span>
                    <Can code={Perm.BALANCE_LIMIT_EDIT}>
                      <Space>
                        {row.limitBalance && (
                          <Popconfirm
                            title={t('balances.clearLimitConfirm', { currency: row.currency })}
                            okText={t('common.actions.confirm')}
                            cancelText={t('common.actions.cancel')}
                            onConfirm={() => clearLimit(row)}
                          >
                            <Button
                              size="small"
                              icon={<DeleteOutlined />}
                              data-testid={`clear-limit-${row.currency}`}
                            >
                              {t('balances.clearLimit')}
                            </Button>
                          </Popconfirm>
                        )}
                        <Button
                          size="small"
                          type="primary"
                          icon={<EditOutlined />}
                          onClick={() => setEditing(row)}
                          data-testid={`set-limit-${row.currency}`}
                        >
                          {t('balances.setLimit')}
                        </Button>
                      </Space>
                    </Can>
                  </div>
                )}
              </Card>
            </Col>
          ))}
        </Row>
      )}
      {editing && <LimitModal row={editing} merchantId={merchantId} onClose={() => setEditing(null)} />}
    </div>
  );
}
