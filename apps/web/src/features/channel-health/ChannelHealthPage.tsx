/**
 * Channel health (spec §2 /common/channelHealth, tikipayStuff only; issue 15): every channel of the session's
 * country with its success rate and time to final status over 5, 15 and 60 minutes and 24 hours, coloured by the
 * thresholds; a row opens its last day as a chart with its top failure reasons. Staff mark a channel degraded or
 * down (merchants see it on the product list; a down channel takes no collection). Reloads itself every 30 s.
 */
import { lazy, Suspense, useCallback, useState } from 'react';
import { Alert, Button, Card, Empty, List, Space, Spin, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { ReloadOutlined } from '@ant-design/icons';
import {
  CHANNEL_HEALTH,
  CHANNEL_STATE_COLORS,
  ChannelState,
  HEALTH_LEVEL_COLORS,
  Perm,
  type ChannelHealthRow,
  type CurrencyCode,
  type HealthThresholds,
  type HealthWindow,
} from '@mg/domain';
import { Can } from '../../components/Can';
import { useFormatters } from '../../components/format';
import { LoadFailed } from '../../components/LoadFailed';
import { useChannelName } from '../products/_format';
import { useHealthFormat } from './_format';
import { useChannelHealth, useChannelSeries } from './hooks';
import { MarkModal } from './MarkModal';
import { ThresholdsModal } from './ThresholdsModal';

const HealthChart = lazy(() => import('./HealthChart'));
const MINUTES_PER_HOUR = 60;
/** `YYYY-MM-DD HH:mm:ss` -> `HH:mm`. */
const HOUR_FROM = 11;
const HOUR_TO = 16;

const rowKey = (r: ChannelHealthRow) => `${r.kind}-${r.channel}`;

function WindowCell({ w, testId }: { w: HealthWindow; testId: string }) {
  const { t } = useTranslation();
  const f = useHealthFormat();
  if (w.total === 0)
    return (
      <Typography.Text type="secondary" data-testid={testId} data-level={w.level}>
        {t('channel-health.noData')}
      </Typography.Text>
    );
  return (
    <div data-testid={testId} data-level={w.level}>
      <Tag color={HEALTH_LEVEL_COLORS[w.level]} style={{ marginInlineEnd: 4 }}>
        {f.rate(w.rate)}
      </Tag>
      <Typography.Text type="secondary">{t('channel-health.ofTotal', { succeeded: w.succeeded, total: w.total })}</Typography.Text>
      <div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('channel-health.times', { p50: f.duration(w.p50Ms), p95: f.duration(w.p95Ms) })}
        </Typography.Text>
      </div>
    </div>
  );
}

function ChannelDetail({ row, currency, thresholds }: { row: ChannelHealthRow; currency: CurrencyCode; thresholds: HealthThresholds }) {
  const { t } = useTranslation();
  const series = useChannelSeries(currency, row.kind, row.channel);
  const { instant } = useFormatters();
  const f = useHealthFormat();
  const hourLabel = useCallback((iso: string) => instant(iso).slice(HOUR_FROM, HOUR_TO), [instant]);
  return (
    <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap' }} data-testid={`channel-detail-${rowKey(row)}`}>
      <div style={{ flex: '2 1 420px', minWidth: 0 }}>
        <Typography.Text strong>{t('channel-health.lastDay')}</Typography.Text>
        {series.isError ? (
          <LoadFailed message={t('channel-health.loadFailed')} onRetry={() => void series.refetch()} />
        ) : !series.data ? (
          <Spin />
        ) : (
          <Suspense fallback={<Spin />}>
            <HealthChart buckets={series.data} thresholds={thresholds} hourLabel={hourLabel} rate={f.rate} />
          </Suspense>
        )}
      </div>
      <div style={{ flex: '1 1 240px' }}>
        <Typography.Text strong>{t('channel-health.topReasons')}</Typography.Text>
        {row.topReasons.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('channel-health.noFailures')} />
        ) : (
          <List
            size="small"
            dataSource={row.topReasons}
            renderItem={(r) => (
              <List.Item>
                <Typography.Text>{t(r.reasonKey, { defaultValue: r.reasonKey })}</Typography.Text>
                <Typography.Text strong>{r.count}</Typography.Text>
              </List.Item>
            )}
          />
        )}
      </div>
    </div>
  );
}

export default function ChannelHealth() {
  const { t } = useTranslation();
  const { currency, instant } = useFormatters();
  const channelName = useChannelName();
  const f = useHealthFormat();
  const health = useChannelHealth(currency);
  const [marking, setMarking] = useState<ChannelHealthRow | null>(null);
  const [editingThresholds, setEditingThresholds] = useState(false);
  const view = health.data;
  const nameOf = (r: ChannelHealthRow) => channelName(r.channel, String(r.channel));

  const windowTitle = (minutes: number) => (minutes < MINUTES_PER_HOUR * 24 ? t('channel-health.lastMinutes', { n: minutes }) : t('channel-health.last24h'));
  const columns: ColumnsType<ChannelHealthRow> = [
    {
      title: t('channel-health.channel'),
      key: 'channel',
      fixed: 'left',
      render: (_v, r) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{nameOf(r)}</Typography.Text>
          <Typography.Text type="secondary">{t(`channel-health.kinds.${r.kind}`)}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t('channel-health.state'),
      key: 'state',
      render: (_v, r) => (
        <Tooltip title={r.markedBy ? t('channel-health.markedBy', { user: r.markedBy, at: instant(r.markedAt) }) : undefined}>
          <Space direction="vertical" size={0} data-testid={`state-${rowKey(r)}`} data-state={r.state}>
            <Tag color={CHANNEL_STATE_COLORS[r.state]}>{t(`channel-health.states.${r.state}`)}</Tag>
            {r.message && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: r.message }}>
                {r.message}
              </Typography.Text>
            )}
          </Space>
        </Tooltip>
      ),
    },
    ...CHANNEL_HEALTH.WINDOWS_MIN.map((minutes, i) => ({
      title: windowTitle(minutes),
      key: `w${minutes}`,
      render: (_v: unknown, r: ChannelHealthRow) => <WindowCell w={r.windows[i]!} testId={`health-${rowKey(r)}-${minutes}`} />,
    })),
    {
      title: t('common.fields.actions'),
      key: 'action',
      fixed: 'right',
      render: (_v, r) => (
        <Can code={Perm.CHANNEL_HEALTH_MARK}>
          <Button size="small" onClick={() => setMarking(r)} data-testid={`mark-${rowKey(r)}`}>
            {t('channel-health.mark')}
          </Button>
        </Can>
      ),
    },
  ];

  return (
    <Card
      data-testid="channel-health"
      title={`${t('channel-health.title')} (${currency})`}
      extra={
        <Space wrap>
          {view && (
            <Typography.Text type="secondary" data-testid="health-updated">
              {t('channel-health.updatedAt', { at: instant(view.generatedAt) })}
            </Typography.Text>
          )}
          <Button icon={<ReloadOutlined spin={health.isFetching} />} onClick={() => void health.refetch()} data-testid="health-refresh">
            {t('common.actions.reload')}
          </Button>
          {view && (
            <Can code={Perm.CHANNEL_HEALTH_MARK}>
              <Button onClick={() => setEditingThresholds(true)} data-testid="health-thresholds">
                {t('channel-health.thresholds')}
              </Button>
            </Can>
          )}
        </Space>
      }
    >
      {view && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('channel-health.hint', { green: f.rate(view.thresholds.greenMin), amber: f.rate(view.thresholds.amberMin) })}
        />
      )}
      {health.isError && !view ? (
        <LoadFailed message={t('channel-health.loadFailed')} onRetry={() => void health.refetch()} testId="health-load-failed" />
      ) : (
        <Table<ChannelHealthRow>
          rowKey={rowKey}
          size="middle"
          loading={health.isLoading}
          columns={columns}
          dataSource={view?.rows ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          rowClassName={(r) => (r.state === ChannelState.DOWN ? 'channel-down' : '')}
          onRow={(r) => ({ 'data-testid': `channel-row-${rowKey(r)}` }) as object}
          expandable={{ expandedRowRender: (r) => view && <ChannelDetail row={r} currency={currency} thresholds={view.thresholds} />, rowExpandable: () => true }}
          locale={{ emptyText: <Empty description={t('channel-health.empty')} /> }}
        />
      )}
      {marking && <MarkModal row={marking} currency={currency} channelName={nameOf(marking)} onClose={() => setMarking(null)} />}
      {editingThresholds && view && <ThresholdsModal current={view.thresholds} onClose={() => setEditingThresholds(false)} />}
    </Card>
  );
}
