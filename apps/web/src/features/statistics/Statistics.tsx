/**
 * Home statistics (issue 4): a range of whole days in the session zone (the last 7 days by default, so the first
 * screen shows a trend; at most QUERY_RANGE_MONTHS), the figures of that range in the session currency and the charts (a lazy chunk).
 */
import { Suspense, lazy, memo, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Col, DatePicker, Empty, Row, Skeleton, Tooltip, Typography } from 'antd';
import { InfoCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Opts } from 'echarts-for-react/esm/types';
import { DATE_FORMAT, QUERY_RANGE_ERROR_KEYS, QUERY_RANGE_MONTHS, WALL_CLOCK_RE } from '@mg/domain';
import { LoadFailed } from '../../components/LoadFailed';
import { useFormatters } from '../../components/format';
import { useLocale } from '../../i18n/LocaleProvider';
import { useUrlFilters } from '../../components/list/paging';
import { useMoney } from '../../components/list/money';
import { addDays, dayBounds, dayRangeProblem, monthStart, todayIn } from '../../components/list/range';
import type { DayVolume, Statistics as StatisticsAnswer } from './api';
import { useStatistics } from './hooks';

const StatisticsCharts = lazy(() => import('./StatisticsCharts'));

/** Days of a preset range before today ("last 7 days" = today and the 6 before). */
const LAST_WEEK_DAYS_BEFORE = 6;
const PERCENT_DIGITS = 1;
const COMPACT_DIGITS = 1;
const URL_FROM = 'from';
const URL_TO = 'to';

type DayRange = [string, string];

function isDay(s: string | undefined): s is string {
  return typeof s === 'string' && s.length === DATE_FORMAT.length && WALL_CLOCK_RE.test(s);
}

/** Every day of [from, to] with the answer's figures, zeros for the days without payments. */
export function fillDays(from: string, to: string, byDay: readonly DayVolume[]): DayVolume[] {
  const known = new Map(byDay.map((d) => [d.date, d]));
  const out: DayVolume[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(known.get(d) ?? { date: d, amount: '0', count: 0 });
  return out;
}

function hasCollections(s: StatisticsAnswer): boolean {
  return s.collected.count > 0 || s.byDay.some((d) => d.count > 0) || s.byPaymentType.some((p) => p.count > 0);
}

interface StatCardProps {
  title: string;
  hint?: string;
  value: string;
  suffix?: string;
  foot?: ReactNode;
  testId: string;
}

/** Where a card sits in the grid: six in a row on the widest screens. */
const CARD_COL = { xs: 24, sm: 12, xl: 8, xxl: 4 } as const;

function StatCard({ title, hint, value, suffix, foot, testId }: StatCardProps) {
  return (
    <Card className="mg-home__card" size="small" data-testid={testId}>
      <Typography.Text type="secondary">
        {title}
        {hint && (
          <Tooltip title={hint}>
            <InfoCircleOutlined style={{ marginLeft: 6 }} aria-label={hint} />
          </Tooltip>
        )}
      </Typography.Text>
      {/* The currency goes under a figure too long for a narrow card rather than past its edge. */}
      <div className="mg-stat__value" data-testid={`${testId}-value`}>
        <span className="mg-stat__figure">{value}</span>
        {suffix && (
          <Typography.Text type="secondary" className="mg-stat__suffix">
            {suffix}
          </Typography.Text>
        )}
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={`${testId}-foot`}>
        {foot ?? '\u00a0'}
      </Typography.Text>
    </Card>
  );
}

function ChartsSkeleton() {
  return (
    <Row gutter={[16, 16]} data-testid="home-charts-loading">
      <Col xs={24} xl={15}>
        <Card className="mg-home__card">
          <Skeleton active paragraph={{ rows: 7 }} />
        </Card>
      </Col>
      <Col xs={24} xl={9}>
        <Card className="mg-home__card">
          <Skeleton active paragraph={{ rows: 7 }} />
        </Card>
      </Col>
    </Row>
  );
}

function Statistics({ chartOpts }: { chartOpts?: Opts }) {
  const { t } = useTranslation();
  const { zone, currency } = useFormatters();
  const { language } = useLocale();
  const money = useMoney();
  const { initial, write } = useUrlFilters();
  const today = todayIn(zone);
  const weekStart = addDays(today, -LAST_WEEK_DAYS_BEFORE);
  const [range, setRange] = useState<DayRange>(() => {
    const from = initial[URL_FROM];
    const to = initial[URL_TO];
    return isDay(from) && isDay(to) ? [from, to] : [weekStart, today];
  });
  const [from, to] = range;
  const problem = dayRangeProblem(from, to, zone);
  const bounds = problem ? null : dayBounds(from, to, zone);

  // The range lives in the URL (a refreshed tab keeps it); the default leaves the URL clean.
  useEffect(() => {
    write(from === weekStart && to === today ? {} : { [URL_FROM]: from, [URL_TO]: to });
  }, [from, to, today, weekStart, write]);

  const query = useStatistics(bounds, currency, { zone, from, to });

  const percent = useMemo(() => new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: PERCENT_DIGITS }), [language]);
  const compactFormat = useMemo(() => new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: COMPACT_DIGITS }), [language]);
  const compact = useMemo(() => (v: number) => compactFormat.format(v), [compactFormat]);
  const share = useMemo(() => (r: number) => percent.format(r), [percent]);
  const rate = (r: number | null | undefined) => (typeof r === 'number' && Number.isFinite(r) ? percent.format(r) : '-');

  const presets = useMemo(() => {
    const d = (s: string) => dayjs(s);
    const yesterday = addDays(today, -1);
    return [
      { label: t('statistics.today'), value: [d(today), d(today)] as [Dayjs, Dayjs] },
      { label: t('statistics.yesterday'), value: [d(yesterday), d(yesterday)] as [Dayjs, Dayjs] },
      { label: t('statistics.last7Days'), value: [d(addDays(today, -LAST_WEEK_DAYS_BEFORE)), d(today)] as [Dayjs, Dayjs] },
      { label: t('statistics.thisMonth'), value: [d(monthStart(today)), d(today)] as [Dayjs, Dayjs] },
    ];
  }, [t, today]);

  const disabledDate = (current: Dayjs, info?: { from?: Dayjs }) => {
    const day = current.format(DATE_FORMAT);
    if (day > today) return true;
    if (!info?.from) return false;
    const other = info.from.format(DATE_FORMAT);
    const [a, b] = other <= day ? [other, day] : [day, other];
    return dayRangeProblem(a, b, zone) !== null;
  };

  const data = query.data;
  // Every amount of the cards names its currency, the lines under a figure too: on a phone a card is read alone.
  const withCurrency = useMemo(() => (v: string) => `${money(v, data?.currency)} ${data?.currency ?? currency}`, [money, data?.currency, currency]);
  const days = useMemo(() => (data ? fillDays(from, to, data.byDay) : []), [data, from, to]);

  const cards: StatCardProps[] = data
    ? [
        {
          testId: 'stat-collected',
          title: t('statistics.collected'),
          value: money(data.collected.amount),
          suffix: data.currency,
          foot: (
            <>
              {t('statistics.payments', { count: data.collected.count })}
              <br />
              {t('statistics.todayLine', { amount: withCurrency(data.today.collected.amount), count: data.today.collected.count })}
            </>
          ),
        },
        {
          testId: 'stat-success-rate',
          title: t('statistics.successRate'),
          hint: t('statistics.successRateHint'),
          value: rate(data.successRate),
          foot: t('statistics.todayRate', { rate: rate(data.today.successRate) }),
        },
        {
          testId: 'stat-refunds',
          title: t('statistics.refunds'),
          value: money(data.refunds.amount),
          suffix: data.currency,
          foot: t('statistics.refundCount', { count: data.refunds.count }),
        },
        {
          testId: 'stat-fees',
          title: t('statistics.fees'),
          value: money(data.fees),
          suffix: data.currency,
          foot: t('statistics.feesHint'),
        },
        {
          testId: 'stat-payouts',
          title: t('statistics.payouts'),
          hint: t('statistics.payoutsHint'),
          value: money(data.payouts.paid.amount),
          suffix: data.currency,
          foot: (
            <>
              {t('statistics.payoutCount', { count: data.payouts.paid.count })}
              <br />
              {t('statistics.pendingReviewLine', { amount: withCurrency(data.payouts.pendingReview.amount), count: data.payouts.pendingReview.count })}
            </>
          ),
        },
        {
          testId: 'stat-available',
          title: t('statistics.available'),
          value: money(data.balance.available),
          suffix: data.currency,
          foot: t('statistics.balanceNow'),
        },
        {
          testId: 'stat-pending',
          title: t('statistics.pending'),
          hint: t('statistics.pendingHint'),
          value: money(data.balance.pending),
          suffix: data.currency,
          foot: t('statistics.balanceNow'),
        },
      ]
    : [];

  return (
    <section className="mg-home__stats" data-testid="home-stats" style={{ marginBottom: 16 }}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center', justifyContent: 'space-between', marginBottom: 12 }}>
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('statistics.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('statistics.rangeHint', { count: QUERY_RANGE_MONTHS, zone, currency })}</Typography.Text>
        </div>
        <div style={{ display: 'flex', gap: 8, alignItems: 'center' }} data-testid="home-range">
          <DatePicker.RangePicker
            allowClear={false}
            format={DATE_FORMAT}
            value={[dayjs(from), dayjs(to)]}
            presets={presets}
            disabledDate={disabledDate}
            onChange={(values) => {
              const [a, b] = values ?? [];
              if (a && b) setRange([a.format(DATE_FORMAT), b.format(DATE_FORMAT)]);
            }}
          />
          <Tooltip title={t('common.actions.reload')}>
            <Button icon={<ReloadOutlined />} aria-label={t('common.actions.reload')} onClick={() => void query.refetch()} disabled={bounds === null} data-testid="home-stats-reload" />
          </Tooltip>
        </div>
      </div>

      {problem ? (
        <Alert type="error" showIcon message={t(QUERY_RANGE_ERROR_KEYS[problem], { months: QUERY_RANGE_MONTHS, count: QUERY_RANGE_MONTHS })} data-testid="home-range-error" />
      ) : query.isError ? (
        <LoadFailed message={t('statistics.loadFailed')} onRetry={() => void query.refetch()} testId="home-stats-error" />
      ) : !data ? (
        <Row gutter={[16, 16]} data-testid="home-stats-loading">
          {Array.from({ length: 6 }, (_, i) => (
            <Col key={i} {...CARD_COL}>
              <Card className="mg-home__card" size="small">
                <Skeleton active title={false} paragraph={{ rows: 3 }} />
              </Card>
            </Col>
          ))}
        </Row>
      ) : (
        <>
          <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
            {cards.map((card) => (
              <Col key={card.testId} {...CARD_COL}>
                <StatCard {...card} />
              </Col>
            ))}
          </Row>
          {hasCollections(data) ? (
            <Suspense fallback={<ChartsSkeleton />}>
              <StatisticsCharts days={days} byPaymentType={data.byPaymentType} money={withCurrency} compact={compact} percent={share} opts={chartOpts} />
            </Suspense>
          ) : (
            <Card className="mg-home__card" data-testid="home-stats-empty">
              <Empty description={t('statistics.empty')} />
            </Card>
          )}
        </>
      )}
    </section>
  );
}

/** Memoised: the home around it re-renders every second (its clock). */
export default memo(Statistics);
