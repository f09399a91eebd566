/**
 * The payer's cashier page (/pay/{token}): brand-themed, in the payer's language, with the countdown, the payment
 * instructions per method and the sandbox actions.
 *
 * Long file: the page's states (loading, open, paid, failed, expired, not found) share their layout pieces here;
 * splitting the instruction panels into their own files is planned with the crypto cashier (issue 13).
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import {
  App,
  Badge,
  Button,
  Card,
  ConfigProvider,
  Divider,
  Form,
  Modal,
  QRCode,
  Result,
  Select,
  Space,
  Spin,
  Typography,
} from 'antd';
import { CheckCircleFilled, ClockCircleOutlined, CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  COLLECTION_FAILURE_REASONS,
  CollectionFailureReason,
  LANGUAGES,
  PAYMENT_TYPES,
  PaymentStatus,
  PaymentType,
  collectionFailureKey,
  findBrand,
  findChannel,
  findEnumEntry,
  languagesOffered,
  type Brand,
  type CollectionFailureReasonValue,
  type CurrencyCode,
} from '@mg/domain';
import { isApiError } from '../../api';
import { BrandLogo, BrandProvider, useBrand, brandStyle } from '../../brands';
import { LanguageSwitcher } from '../../app/components/LanguageSwitcher';
import { Footer } from '../../app/layouts/Footer';
import { usePageTitle } from '../../app/usePageTitle';
import { antdThemeOf } from '../../app/antdTheme';
import { failureReasonText, formatInstant, utcOffsetLabel } from '../../components/format';
import { useLocale } from '../../i18n/LocaleProvider';
import { formatMajor } from '../products/_format';
import { cashierCurrency, type CashierPayBody, type CashierView } from './api';
import { useCancelAtCashier, useCashierView, usePayAtCashier, useSetCashierView } from './hooks';
import { useCopyToClipboard } from '../../components/copy';
import { splitRemaining, useNow } from '../../components/remaining';
import { CryptoPanel, DepositProgress } from './CryptoDeposit';
import './cashier.css';

/** EMVCo merchant-presented QR payloads (QRIS, PromptPay, PIX ...) start with "Payload format indicator 01". */
const EMV_QR_PREFIX = '000201';
const UPI_INTENT_PREFIX = 'upi://';

const OPEN_STATUSES: readonly string[] = [
  PaymentStatus.PENDING,
  PaymentStatus.PROCESSING,
  PaymentStatus.UNKNOWN,
];
const PAID_STATUSES: readonly string[] = [
  PaymentStatus.SUCCESS,
  PaymentStatus.REFUNDED,
  PaymentStatus.RETURNED,
];
const FAILED_STATUSES: readonly string[] = [PaymentStatus.FAILED, PaymentStatus.REJECTED];
/** Reasons the payer may pick when simulating a failure (EXPIRED is the expiry job's, not a payer's). */
const SIMULATED_REASONS = COLLECTION_FAILURE_REASONS.filter((r) => r !== CollectionFailureReason.EXPIRED);

export type CashierPhase = 'open' | 'paid' | 'partial' | 'failed' | 'expired' | 'closed';

/**
 * What the page shows for a view at an instant: an open order past its deadline is expired even before the server
 * says so; a partial payment is not a paid one (the payer still owes the rest).
 */
export function phaseOf(view: CashierView, now: number): CashierPhase {
  if (view.status === PaymentStatus.PARTIAL) return 'partial';
  if (PAID_STATUSES.includes(view.status)) return 'paid';
  if (FAILED_STATUSES.includes(view.status)) return 'failed';
  if (OPEN_STATUSES.includes(view.status))
    return new Date(view.expiresAt).getTime() <= now ? 'expired' : 'open';
  return view.expired ? 'expired' : 'closed';
}

/** The payer's own zone (the browser's), not the merchant's. */
function payerZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

function CopyButton({ value, testId }: { value: string; testId?: string }) {
  const { t } = useTranslation();
  const copy = useCopyToClipboard(t('cashier.copied'), t('cashier.copyFailed'));
  return (
    <Button size="small" icon={<CopyOutlined />} onClick={() => void copy(value)} data-testid={testId}>
      {t('cashier.copy')}
    </Button>
  );
}

type CodeKind = 'qr' | 'va' | 'otc' | 'wallet' | 'slip' | 'reference';

function codeKindOf(view: CashierView): CodeKind {
  const code = view.paymentCode ?? '';
  if (code.startsWith(EMV_QR_PREFIX) || code.startsWith(UPI_INTENT_PREFIX)) return 'qr';
  switch (view.paymentType) {
    case PaymentType.VA:
      return 'va';
    case PaymentType.OTC:
      return 'otc';
    case PaymentType.CRYPTO:
      return 'wallet';
    case PaymentType.INVOICE:
      return 'slip';
    default:
      return 'reference';
  }
}

/** How to pay: the payment method and its code (VA number, store code, QR payload as a code and as text). */
function PaymentInstructions({ view }: { view: CashierView }) {
  const { t } = useTranslation();
  const type = findEnumEntry(PAYMENT_TYPES, view.paymentType);
  const channel = view.channel !== null ? findChannel(view.channel) : undefined;
  const method = [
    type ? t(type.i18nKey) : null,
    channel ? t(channel.i18nKey, { defaultValue: channel.name }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const code = view.paymentCode;
  const kind = codeKindOf(view);
  return (
    <div className="mg-cashier__section" data-testid="cashier-method">
      <div className="mg-cashier__label">{t('cashier.method')}</div>
      <div className="mg-cashier__value">{method || t('cashier.methodAtPayment')}</div>
      {code && (
        <div className="mg-cashier__code-box">
          <div className="mg-cashier__label">{t(`cashier.code.${kind}`)}</div>
          {kind === 'qr' || view.paymentType === PaymentType.CRYPTO ? (
            <Space direction="vertical" size="small" style={{ width: '100%' }} align="center">
              <QRCode value={code} size={200} bordered={false} data-testid="cashier-qr" />
              <pre className="mg-cashier__qr-text" data-testid="cashier-code">
                {code}
              </pre>
              <CopyButton value={code} testId="copy-code" />
            </Space>
          ) : (
            <Space wrap align="center">
              <span
                className={
                  kind === 'va' || kind === 'otc'
                    ? 'mg-cashier__code'
                    : 'mg-cashier__code mg-cashier__code--small'
                }
                data-testid="cashier-code"
              >
                {code}
              </span>
              <CopyButton value={code} testId="copy-code" />
            </Space>
          )}
        </div>
      )}
    </div>
  );
}

function Countdown({ expiresAt, now }: { expiresAt: string; now: number }) {
  const { t } = useTranslation();
  const zone = payerZone();
  const at = new Date(expiresAt);
  const { days, time } = splitRemaining(at.getTime() - now);
  return (
    <div className="mg-cashier__section mg-cashier__expiry" data-testid="cashier-expiry">
      <ClockCircleOutlined aria-hidden />
      <div>
        <div>
          {t('cashier.timeLeft')}{' '}
          <strong className="mg-cashier__countdown" data-testid="cashier-countdown">
            {days > 0 ? t('cashier.daysAndTime', { days, time }) : time}
          </strong>
        </div>
        <Typography.Text type="secondary" data-testid="cashier-expires-at">
          {t('cashier.payBefore', {
            time: `${formatInstant(at, zone)} (${utcOffsetLabel(zone, at)})`,
          })}
        </Typography.Text>
      </div>
    </div>
  );
}

function FailureModal({
  onClose,
  onSubmit,
}: {
  onClose: () => void;
  onSubmit: (reason: CollectionFailureReasonValue) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<CollectionFailureReasonValue>(
    CollectionFailureReason.INSUFFICIENT_FUNDS,
  );
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      open
      title={t('cashier.simulateFailure')}
      onCancel={onClose}
      okText={t('cashier.fail')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.actions.cancel')}
      confirmLoading={saving}
      onOk={async () => {
        setSaving(true);
        try {
          await onSubmit(reason);
        } finally {
          setSaving(false);
        }
      }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('cashier.simulateFailureHint')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('cashier.failureReason')}>
          <Select<CollectionFailureReasonValue>
            value={reason}
            onChange={setReason}
            data-testid="failure-reason"
            options={SIMULATED_REASONS.map((r) => ({ value: r, label: t(collectionFailureKey(r)) }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}


/** The order: merchant, amount, description, expiry, method and code, and (sandbox) the payer's buttons. */
function OpenOrder({
  view,
  now,
  token,
  onView,
}: {
  view: CashierView;
  now: number;
  token: string;
  onView: (v: CashierView) => void;
}) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const payAtCashier = usePayAtCashier(token);
  const cancelAtCashier = useCancelAtCashier(token);
  const [busy, setBusy] = useState<'pay' | null>(null);
  const [failing, setFailing] = useState(false);
  const run = async (call: () => Promise<CashierView>) => {
    try {
      const next = await call();
      onView(next);
      if (OPEN_STATUSES.includes(next.status)) message.info(t('cashier.stillPending'));
    } catch (e) {
      message.error(e instanceof Error ? e.message : String(e));
      throw e;
    }
  };
  const pay = async (body: CashierPayBody) => {
    await run(() => payAtCashier.mutateAsync(body));
  };
  const cancel = () =>
    modal.confirm({
      title: t('cashier.cancelTitle'),
      content: t('cashier.cancelConfirm'),
      okText: t('cashier.cancelPayment'),
      okButtonProps: { danger: true },
      cancelText: t('cashier.keepPaying'),
      onOk: () => run(() => cancelAtCashier.mutateAsync()).catch(() => undefined),
    });
  const retryNotice = FAILED_STATUSES.includes(view.status) ? failureReasonText(t, view.failureReason) : null;
  const crypto = view.paymentType === PaymentType.CRYPTO;
  return (
    <>
      {retryNotice && (
        <Typography.Paragraph type="danger" data-testid="cashier-retry-notice">
          {t('cashier.lastAttemptFailed', { reason: retryNotice })}
        </Typography.Paragraph>
      )}
      <Countdown expiresAt={view.expiresAt} now={now} />
      <Divider style={{ margin: '16px 0' }} />
      <PaymentInstructions view={view} />
      {view.sandbox && view.payable && !crypto && (
        <Typography.Paragraph type="secondary" className="mg-cashier__hint">
          {t('cashier.sandboxHint')}
        </Typography.Paragraph>
      )}
      {crypto && <CryptoPanel view={view} token={token} onView={onView} />}
      <Space direction="vertical" size="small" style={{ width: '100%', marginTop: 16 }}>
        {view.payable && !crypto && (
          <>
            <Button
              type="primary"
              size="large"
              block
              loading={busy === 'pay'}
              data-testid="cashier-pay"
              onClick={async () => {
                setBusy('pay');
                try {
                  await pay({ outcome: 'success' });
                } catch {
                  /* shown by run() */
                } finally {
                  setBusy(null);
                }
              }}
            >
              {t('cashier.pay')}
            </Button>
            {view.sandbox && (
              <Button block danger onClick={() => setFailing(true)} data-testid="cashier-fail">
                {t('cashier.simulateFailure')}
              </Button>
            )}
          </>
        )}
        {!view.payable && !crypto && (
          <Typography.Paragraph type="secondary">{t('cashier.payWithCode')}</Typography.Paragraph>
        )}
        {view.cancellable && (
          <Button block type="text" onClick={cancel} data-testid="cashier-cancel">
            {t('cashier.cancelPayment')}
          </Button>
        )}
      </Space>
      {failing && (
        <FailureModal
          onClose={() => setFailing(false)}
          onSubmit={async (reason) => {
            try {
              await pay({ outcome: 'fail', failureReason: reason });
              setFailing(false);
            } catch {
              /* shown by run(); the dialog stays */
            }
          }}
        />
      )}
    </>
  );
}

/**
 * The finished states: paid (with the way back to the merchant), partly paid (what arrived, what is still due and
 * what happens to the rest), failed (with the reason), expired, closed.
 */
function Finished({
  view,
  phase,
  onRetry,
}: {
  view: CashierView;
  phase: Exclude<CashierPhase, 'open'>;
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const money = (v: string | null) => `${view.currency} ${formatMajor(v, cashierCurrency(view), language)}`;
  if (phase === 'partial') {
    // Less arrived than was asked: a warning, never "Payment successful". The figures are the server's (paid, due).
    // Neither a crypto address nor a fiat order takes a second payment, so the payer is told not to pay the rest
    // with this order's details: the merchant, notified, arranges it.
    const crypto = view.paymentType === PaymentType.CRYPTO;
    return (
      <Result
        status="warning"
        title={<span data-testid="cashier-result">{t('cashier.partial.title')}</span>}
        subTitle={
          <Space direction="vertical" size={2} className="mg-cashier__partial">
            <span data-testid="cashier-arrived">{t('cashier.partial.arrived', { amount: money(view.paidAmount) })}</span>
            {view.dueAmount && (
              <strong className="mg-cashier__due" data-testid="cashier-due">
                {t('cashier.partial.due', { amount: money(view.dueAmount) })}
              </strong>
            )}
            {view.paidAt && (
              <span>{t('cashier.partial.at', { time: formatInstant(view.paidAt, payerZone()) })}</span>
            )}
            <span data-testid="cashier-rest">
              {t('cashier.partial.merchantContacts', { merchant: view.merchantName })}{' '}
              {t(crypto ? 'cashier.partial.cryptoNoResend' : 'cashier.partial.noSecondPayment')}
            </span>
            {view.deposit && <DepositProgress deposit={view.deposit} />}
          </Space>
        }
        extra={
          view.returnUrl ? (
            <Button type="primary" size="large" href={view.returnUrl} data-testid="cashier-return">
              {t('cashier.returnToMerchant')}
            </Button>
          ) : undefined
        }
      />
    );
  }
  if (phase === 'paid') {
    return (
      <Result
        status="success"
        icon={<CheckCircleFilled />}
        title={<span data-testid="cashier-result">{t('cashier.paidTitle')}</span>}
        subTitle={
          <Space direction="vertical" size={2}>
            {view.paidAt && (
              <span>{t('cashier.paidAt', { time: formatInstant(view.paidAt, payerZone()) })}</span>
            )}
            <span>{t('cashier.paidHint', { merchant: view.merchantName })}</span>
            {view.deposit && <DepositProgress deposit={view.deposit} />}
          </Space>
        }
        extra={
          view.returnUrl ? (
            <Button type="primary" size="large" href={view.returnUrl} data-testid="cashier-return">
              {t('cashier.returnToMerchant')}
            </Button>
          ) : undefined
        }
      />
    );
  }
  if (phase === 'failed') {
    const reason = failureReasonText(t, view.failureReason);
    return (
      <Result
        status="error"
        title={<span data-testid="cashier-result">{t('cashier.failedTitle')}</span>}
        subTitle={
          <span data-testid="cashier-failure-reason">
            {reason ? t('cashier.failedReason', { reason }) : t('cashier.failedHint')}
          </span>
        }
        extra={
          <Space wrap>
            {onRetry && (
              <Button type="primary" onClick={onRetry} data-testid="cashier-retry">
                {t('cashier.tryAgain')}
              </Button>
            )}
            {view.returnUrl && (
              <Button href={view.returnUrl} data-testid="cashier-return">
                {t('cashier.returnToMerchant')}
              </Button>
            )}
          </Space>
        }
      />
    );
  }
  return (
    <Result
      status="warning"
      title={
        <span data-testid="cashier-result">
          {t(phase === 'expired' ? 'cashier.expiredTitle' : 'cashier.closedTitle')}
        </span>
      }
      subTitle={t(phase === 'expired' ? 'cashier.expiredHint' : 'cashier.closedHint', {
        merchant: view.merchantName,
      })}
      extra={
        view.returnUrl ? (
          <Button href={view.returnUrl} data-testid="cashier-return">
            {t('cashier.returnToMerchant')}
          </Button>
        ) : undefined
      }
    />
  );
}

/** The page frame: the merchant's brand logo and colour, the language switcher, the footer. */
function CashierFrame({
  brand,
  languages,
  children,
}: {
  brand: Brand;
  languages: readonly (typeof LANGUAGES)[number][];
  children: ReactNode;
}) {
  // The merchant's brand theme, derived as the app's own (its text-safe shades: app/antdTheme.ts).
  const theme = useMemo(() => antdThemeOf(brand), [brand]);
  return (
    <BrandProvider brand={brand}>
      <ConfigProvider theme={theme}>
        <App>
          <div
            className="mg-plain mg-cashier"
            style={brandStyle(brand)}
            data-testid="cashier-page"
          >
            <header className="mg-plain__bar">
              <BrandLogo height={32} />
              <LanguageSwitcher offered={languages} />
            </header>
            <main className="mg-cashier__main">{children}</main>
            <Footer />
          </div>
        </App>
      </ConfigProvider>
    </BrandProvider>
  );
}

function PageTitle() {
  usePageTitle('cashier.pageTitle');
  return null;
}

/**
 * The public cashier at /pay/:token: what a payer sees of a collection or a payment link, themed with the merchant's
 * brand. Sandbox orders carry a ribbon and let the payer pay, simulate a failure or cancel.
 */
export default function CashierPage() {
  const { token = '' } = useParams();
  const { t } = useTranslation();
  const { brand: hostBrand } = useBrand();
  const { offered } = useLocale();
  const query = useCashierView(token);
  const storeView = useSetCashierView(token);
  const view = query.data;
  const [showRetry, setShowRetry] = useState(false);
  const ticking = Boolean(view && OPEN_STATUSES.includes(view.status) && !view.expired);
  const now = useNow(ticking);
  const phase = view ? phaseOf(view, now) : null;

  // The deadline passed while the page was open: ask the server once, it answers closed / expired.
  const refetched = useRef(false);
  useEffect(() => {
    if (view && phase === 'expired' && OPEN_STATUSES.includes(view.status) && !refetched.current) {
      refetched.current = true;
      void query.refetch();
    }
  }, [view, phase, query]);

  const brand = (view?.brand ? findBrand(view.brand) : undefined) ?? hostBrand;
  const languages = useMemo(() => {
    const set = new Set([...offered, ...(view ? languagesOffered(view.currency) : [])]);
    return LANGUAGES.filter((l) => set.has(l));
  }, [offered, view]);
  const setView = (next: CashierView) => {
    storeView(next);
    setShowRetry(false);
  };

  let body: ReactNode;
  if (query.isLoading) {
    body = (
      <div className="mg-cashier__loading" data-testid="cashier-loading">
        <Spin size="large" />
      </div>
    );
  } else if (query.isError || !view) {
    const missing = isApiError(query.error) && query.error.httpStatus === 404;
    body = (
      <Card className="mg-cashier__card">
        <Result
          status={missing ? '404' : 'warning'}
          title={
            <span data-testid="cashier-result">
              {t(missing ? 'cashier.notFoundTitle' : 'cashier.loadFailed')}
            </span>
          }
          subTitle={missing ? t('cashier.notFoundHint') : undefined}
          extra={
            missing ? undefined : (
              <Button type="primary" onClick={() => void query.refetch()}>
                {t('common.actions.reload')}
              </Button>
            )
          }
        />
      </Card>
    );
  } else {
    const summary = (
      <div className="mg-cashier__summary">
        <div className="mg-cashier__merchant" data-testid="cashier-merchant">
          {view.merchantName}
        </div>
        <div className="mg-cashier__amount" data-testid="cashier-amount">
          <span className="mg-cashier__currency">{view.currency}</span>{' '}
          <LocaleAmount amount={view.amount} currency={cashierCurrency(view)} />
        </div>
        {view.description && (
          <div className="mg-cashier__description" data-testid="cashier-description">
            {view.description}
          </div>
        )}
        {view.recurring && (
          <div className="mg-cashier__description" data-testid="cashier-recurring">
            {`${t('cashier.recurring.every', { count: view.recurring.intervalPeriod, unit: t(`cashier.recurring.unit.${view.recurring.intervalUnit}`) })} · ${
              view.recurring.repetitions ? t('cashier.recurring.times', { count: view.recurring.repetitions }) : t('cashier.recurring.untilStopped')
            }`}
            <br />
            <small>{t('cashier.recurring.hint')}</small>
          </div>
        )}
      </div>
    );
    const card = (
      <Card className="mg-cashier__card">
        {summary}
        <Divider style={{ margin: '16px 0' }} />
        {phase === 'open' || (phase === 'failed' && view.payable && showRetry) ? (
          <OpenOrder view={view} now={now} token={token} onView={setView} />
        ) : (
          <Finished
            view={view}
            phase={phase as Exclude<CashierPhase, 'open'>}
            onRetry={phase === 'failed' && view.payable ? () => setShowRetry(true) : undefined}
          />
        )}
      </Card>
    );
    body = view.sandbox ? (
      <Badge.Ribbon
        text={<span data-testid="cashier-sandbox">{t('cashier.sandbox')}</span>}
        color="orange"
        className="mg-cashier__ribbon"
      >
        {card}
      </Badge.Ribbon>
    ) : (
      card
    );
  }

  return (
    <CashierFrame brand={brand} languages={languages}>
      <PageTitle />
      <div className="mg-cashier__wrap">{body}</div>
    </CashierFrame>
  );
}

function LocaleAmount({ amount, currency }: { amount: string; currency: CurrencyCode }) {
  const { language } = useLocale();
  return <span className="mg-cashier__figure">{formatMajor(amount, currency, language)}</span>;
}
