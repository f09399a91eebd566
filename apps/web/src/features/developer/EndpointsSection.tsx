/**
 * Webhook endpoint health (issue 15): each address the merchant's callbacks went to in the last days with the share
 * of attempts answered 2xx, the last success, the deliveries given up and the latest errors; "send test event" to
 * the collection or payout address, answered with what the endpoint replied; and, once an endpoint works again,
 * the failed callbacks of a period sent once more. Times are in the session zone.
 */
import { useState } from 'react';
import { App, Button, Card, DatePicker, Empty, Form, List, Progress, Space, Table, Tag, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ApiOutlined, RedoOutlined, SendOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CALLBACK_ENDPOINT, CHANNEL_HEALTH, HealthLevel, Perm, healthLevel, parseWallClock } from '@mg/domain';
import { applyServerErrors, FormModal, useFormSubmit } from '../../components/forms';
import { useFormatters } from '../../components/format';
import { LoadFailed } from '../../components/LoadFailed';
import { usePermission } from '../../session/usePermission';
import { IconTitle } from './_gate';
import { useEnableEndpoint, useEndpointHealth, useReplayFailed, useSendTestEvent, type EndpointHealth } from './hooks';

type Endpoint = EndpointHealth['endpoints'][number];
const WALL_CLOCK = 'YYYY-MM-DD HH:mm:ss';
const PERCENT = 100;
/** Endpoints are coloured like channels, by the default health thresholds. */
const ENDPOINT_THRESHOLDS = { greenMin: CHANNEL_HEALTH.GREEN_MIN_RATE, amberMin: CHANNEL_HEALTH.AMBER_MIN_RATE };

function ReplayModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { zone } = useFormatters();
  const replay = useReplayFailed();
  const [form] = Form.useForm<{ period: [Dayjs, Dayjs] }>();
  // The picked wall clocks are the session zone's, not the browser's.
  const instant = (d: Dayjs) => parseWallClock(d.format(WALL_CLOCK), zone)?.toISOString() ?? '';
  const submitter = useFormSubmit(form, async (v) => {
    const r = await replay.mutateAsync({ from: instant(v.period[0]), to: instant(v.period[1]), url: null });
    message.success(t('developer.endpoints.replayed', { count: r.replayed }));
    onClose();
  });
  return (
    <FormModal title={t('developer.endpoints.replayTitle')} submitter={submitter} onClose={onClose} okText={t('developer.endpoints.replay')}>
      <Typography.Paragraph type="secondary">{t('developer.endpoints.replayHint', { max: CALLBACK_ENDPOINT.REPLAY_MAX })}</Typography.Paragraph>
      <Form form={form} layout="vertical" name="replayFailed">
        <Form.Item name="period" label={`${t('developer.endpoints.period')} (${zone})`} rules={[{ required: true, message: t('developer.endpoints.periodRequired') }]}>
          <DatePicker.RangePicker showTime format={WALL_CLOCK} style={{ width: '100%' }} data-testid="replay-period" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

export function EndpointsSection() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { has } = usePermission();
  const { instant } = useFormatters();
  const { token } = theme.useToken();
  const levelColor = { [HealthLevel.GREEN]: token.colorSuccess, [HealthLevel.AMBER]: token.colorWarning, [HealthLevel.RED]: token.colorError, [HealthLevel.NONE]: token.colorBorder };
  const health = useEndpointHealth();
  const test = useSendTestEvent();
  const enable = useEnableEndpoint();
  const [replaying, setReplaying] = useState(false);
  const configured = new Set((health.data?.endpoints ?? []).flatMap((e) => e.configuredFor));

  const sendTest = async (target: 'collection' | 'payout') => {
    try {
      const d = await test.mutateAsync(target);
      const last = [...d.attemptsLog].sort((a, b) => b.id - a.id)[0];
      if (d.status === 'notified') message.success(t('developer.endpoints.testOk', { status: d.lastResponseStatus ?? '' }));
      else message.error(t('developer.endpoints.testFailed', { reason: last?.responseStatus ? `HTTP ${last.responseStatus}` : last?.errorKey ? t(last.errorKey, { detail: last.errorDetail ?? '' }) : (last?.error ?? '-') }));
    } catch (e) {
      message.error(applyServerErrors(undefined, e));
    }
  };

  const confirmEnable = (url: string) =>
    modal.confirm({
      title: t('developer.endpoints.enable'),
      content: t('developer.endpoints.enableConfirm', { url }),
      okText: t('developer.endpoints.enable'),
      cancelText: t('common.actions.cancel'),
      onOk: async () => {
        try {
          const r = await enable.mutateAsync(url);
          message.success(t('developer.endpoints.enabled', { count: r.released }));
        } catch (err) {
          message.error(applyServerErrors(undefined, err));
        }
      },
    });

  const columns: ColumnsType<Endpoint> = [
    {
      title: t('developer.endpoints.url'),
      key: 'url',
      render: (_v, e) => (
        <Space direction="vertical" size={0}>
          <Typography.Text copyable style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
            {e.url}
          </Typography.Text>
          <Space size={4} wrap>
            {e.configuredFor.map((k) => (
              <Tag key={k}>{t(k === 'payout' ? 'developer.endpoints.forPayouts' : 'developer.endpoints.forCollections')}</Tag>
            ))}
            {e.disabledAt && (
              <Tag color="red" data-testid={`endpoint-disabled-${e.url}`}>
                {t('developer.endpoints.disabled', { at: instant(e.disabledAt) })}
              </Tag>
            )}
            {e.disabledAt && has(Perm.DEVELOPER_CALLBACK_EDIT) && (
              <Button size="small" type="primary" onClick={() => confirmEnable(e.url)} data-testid={`endpoint-enable-${e.url}`}>
                {t('developer.endpoints.enable')}
              </Button>
            )}
          </Space>
        </Space>
      ),
    },
    {
      title: t('developer.endpoints.successRate'),
      key: 'rate',
      width: 200,
      render: (_v, e) => {
        const level = healthLevel(e.succeeded, e.attempts, ENDPOINT_THRESHOLDS);
        return e.successRate === null ? (
          <Typography.Text type="secondary">-</Typography.Text>
        ) : (
          <div data-testid={`endpoint-rate-${e.url}`} data-level={level}>
            <Progress percent={Math.round(e.successRate * PERCENT * 10) / 10} size="small" strokeColor={levelColor[level]} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('developer.endpoints.attempts', { succeeded: e.succeeded, attempts: e.attempts })}
            </Typography.Text>
          </div>
        );
      },
    },
    { title: t('developer.endpoints.lastSuccess'), key: 'last', render: (_v, e) => (e.lastSuccessAt ? instant(e.lastSuccessAt) : t('developer.endpoints.never')) },
    { title: t('developer.endpoints.failedDeliveries'), dataIndex: 'failedDeliveries', align: 'right', render: (n: number) => (n > 0 ? <Tag color="red">{n}</Tag> : 0) },
  ];

  return (
    <Card
      title={<IconTitle icon={<ApiOutlined />}>{t('developer.endpoints.title')}</IconTitle>}
      data-testid="endpoints-section"
      extra={
        <Space wrap>
          {has(Perm.DEVELOPER_CALLBACK_EDIT) && configured.has('collection') && (
            <Button icon={<SendOutlined />} loading={test.isPending && test.variables === 'collection'} onClick={() => void sendTest('collection')} data-testid="test-collection">
              {t('developer.endpoints.testCollection')}
            </Button>
          )}
          {has(Perm.DEVELOPER_CALLBACK_EDIT) && configured.has('payout') && (
            <Button icon={<SendOutlined />} loading={test.isPending && test.variables === 'payout'} onClick={() => void sendTest('payout')} data-testid="test-payout">
              {t('developer.endpoints.testPayout')}
            </Button>
          )}
          {has(Perm.CALLBACK_RESEND) && (
            <Button icon={<RedoOutlined />} onClick={() => setReplaying(true)} data-testid="replay-failed">
              {t('developer.endpoints.replay')}
            </Button>
          )}
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('developer.endpoints.hint', { days: health.data?.windowDays ?? CALLBACK_ENDPOINT.WINDOW_DAYS })}</Typography.Paragraph>
      {health.isError ? (
        <LoadFailed message={t('developer.loadFailed')} onRetry={() => void health.refetch()} />
      ) : (
        <Table<Endpoint>
          rowKey="url"
          size="small"
          loading={health.isLoading}
          columns={columns}
          dataSource={health.data?.endpoints ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('developer.endpoints.none')} /> }}
          expandable={{
            rowExpandable: (e) => e.recentErrors.length > 0,
            expandedRowRender: (e) => (
              <List
                size="small"
                header={<Typography.Text strong>{t('developer.endpoints.recentErrors')}</Typography.Text>}
                dataSource={e.recentErrors}
                renderItem={(r) => (
                  <List.Item>
                    <Space wrap>
                      <Typography.Text type="secondary">{instant(r.at)}</Typography.Text>
                      <Tag>{r.eventType}</Tag>
                      {r.responseStatus !== null ? <Tag color="red">HTTP {r.responseStatus}</Tag> : <Typography.Text type="danger">{r.error}</Typography.Text>}
                    </Space>
                  </List.Item>
                )}
              />
            ),
          }}
        />
      )}
      {replaying && <ReplayModal onClose={() => setReplaying(false)} />}
    </Card>
  );
}
