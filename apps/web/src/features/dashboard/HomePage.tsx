import { useEffect, useState } from 'react';
import { Alert, Card, Col, Descriptions, Empty, List, Row, Skeleton, Tag, Typography } from 'antd';
import { CheckCircleOutlined, ClockCircleOutlined, HistoryOutlined, CloseCircleOutlined, EnvironmentOutlined, SafetyCertificateOutlined, ShopOutlined, TeamOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AREAS, Perm, getCurrency, wallClockParts } from '@mg/domain';
import { Can } from '../../components/Can';
import { OnboardingHomeCard } from '../onboarding/flow/OnboardingHomeCard';
import { useRecentSignIns, type AuditRecord } from '../audit/hooks';
import { formatInstant, useFormatters, utcOffsetLabel } from '../../components/format';
import { useSession } from '../../session/store';
import { usePermission } from '../../session/usePermission';
import { menuHas } from '../../session/permission';
import type { Opts } from 'echarts-for-react/esm/types';
import Statistics from '../statistics/Statistics';

const ACCOUNT_SECURITY_PATH = '/account/security';
/** The screen of a menu code, as the areas declare it (a menu built by the server names screens, not codes). */
const componentOf = (perm: string) => AREAS.flatMap((a) => a.pages ?? []).find((p) => p.perm === perm)?.component;
const AUDIT_COMPONENT = componentOf(Perm.AUDIT_MENU);
const COLLECTIONS_COMPONENT = componentOf(Perm.COLLECTION_MENU);

/** Current time, re-read every second. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function greetingKey(hour: number): string {
  if (hour < 12) return 'dashboard.greeting.morning';
  if (hour < 18) return 'dashboard.greeting.afternoon';
  return 'dashboard.greeting.evening';
}

function RecentSignIns() {
  const { t } = useTranslation();
  const { zone } = useFormatters();
  const { userInfo } = useSession();
  const query = useRecentSignIns(userInfo?.username);
  return (
    <Card title={<span><HistoryOutlined aria-hidden /> {t('dashboard.recentSignIns')}</span>} className="mg-home__card" data-testid="home-signins">
      {query.isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : query.isError ? (
        <Alert type="warning" showIcon message={t('dashboard.signInsUnavailable')} />
      ) : (query.data?.records ?? []).length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.noSignIns')} />
      ) : (
        <List<AuditRecord>
          size="small"
          dataSource={query.data?.records ?? []}
          renderItem={(r) => {
            const ok = r.success !== false;
            return (
              <List.Item>
                <span className="mg-home__signin">
                  {ok ? <CheckCircleOutlined className="mg-ok" aria-hidden /> : <CloseCircleOutlined className="mg-bad" aria-hidden />}
                  <span>{formatInstant(r.createdAt, zone)}</span>
                </span>
                <span className="mg-muted">{r.ip ?? ''}</span>
                <Tag color={ok ? 'success' : 'error'}>{t(ok ? 'dashboard.signInOk' : 'dashboard.signInFailed')}</Tag>
              </List.Item>
            );
          }}
        />
      )}
    </Card>
  );
}

/**
 * The signed-in home (spec §2 "dashboard"): who is signed in for which merchant, the session country with its
 * zone and local time, roles, 2FA status and the latest sign-ins; for users who see payments, the collection
 * statistics of a chosen range (Statistics.tsx). `chartOpts` reaches echarts' init (tests use the SVG renderer).
 */
export default function Home({ chartOpts }: { chartOpts?: Opts } = {}) {
  const { t } = useTranslation();
  const { userInfo, menu } = useSession();
  const { hasColumn } = usePermission();
  const { zone, currency } = useFormatters();
  const now = useNow();
  if (!userInfo) return null;

  const hour = wallClockParts(now, zone).hour;
  const local = formatInstant(now, zone);
  const country = getCurrency(currency);
  const roles = userInfo.roleCode
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  const securityInMenu = menuHas(menu ?? [], (m) => m.path === ACCOUNT_SECURITY_PATH);
  // The audit list needs its menu permission: granted in the user's codes, or its screen in the user's menu.
  const canAudit = hasColumn(Perm.AUDIT_MENU) || menuHas(menu ?? [], (m) => m.component === AUDIT_COMPONENT);
  // The statistics are payment data: shown to users who may read the collections.
  const seesPayments = hasColumn(Perm.COLLECTION_MENU) || menuHas(menu ?? [], (m) => m.component === COLLECTIONS_COMPONENT);

  return (
    <div className="mg-home" data-testid="home">
      <section className="mg-home__hero" data-testid="home-welcome">
        <div>
          <Typography.Title level={3} className="mg-home__title">
            {t(greetingKey(hour), { name: userInfo.realname || userInfo.username })}
          </Typography.Title>
          <Typography.Text type="secondary">{t('dashboard.subtitle', { company: userInfo.company })}</Typography.Text>
        </div>
        <div className="mg-home__clock" data-testid="home-clock">
          <ClockCircleOutlined aria-hidden />
          <div>
            <div className="mg-home__time">{local.slice(11)}</div>
            <div className="mg-muted">
              {local.slice(0, 10)} · {zone} ({utcOffsetLabel(zone, now)})
            </div>
          </div>
        </div>
      </section>

      {!userInfo.twoFactorEnabled && (
        <Alert
          className="mg-home__alert"
          type="warning"
          showIcon
          icon={<SafetyCertificateOutlined />}
          message={t('dashboard.twofaOff')}
          description={t('dashboard.twofaOffHint')}
          action={securityInMenu ? <Link to={ACCOUNT_SECURITY_PATH} data-testid="home-2fa-link">{t('dashboard.twofaSetUp')}</Link> : undefined}
          data-testid="home-2fa-off"
        />
      )}

      <Can code={Perm.ONBOARDING_APPLY}>
        <OnboardingHomeCard />
      </Can>

      {seesPayments && <Statistics chartOpts={chartOpts} />}

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={<span><ShopOutlined aria-hidden /> {t('dashboard.merchant')}</span>} className="mg-home__card" data-testid="home-merchant">
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('dashboard.company')}>{userInfo.company || '-'}</Descriptions.Item>
              <Descriptions.Item label={t('dashboard.merchantId')}>{userInfo.merchantId}</Descriptions.Item>
              <Descriptions.Item label={t('dashboard.username')}>{userInfo.username}</Descriptions.Item>
              <Descriptions.Item label={t('dashboard.email')}>{userInfo.email || '-'}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={<span><EnvironmentOutlined aria-hidden /> {t('dashboard.session')}</span>} className="mg-home__card" data-testid="home-session">
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('dashboard.country')}>
                {t(country.countryKey, { defaultValue: country.country })} · {currency}
              </Descriptions.Item>
              <Descriptions.Item label={t('dashboard.zone')}>
                {zone} ({utcOffsetLabel(zone, now)})
              </Descriptions.Item>
              <Descriptions.Item label={t('dashboard.localTime')}>{local}</Descriptions.Item>
              <Descriptions.Item label={t('dashboard.twofa')}>
                {userInfo.twoFactorEnabled ? <Tag color="success">{t('dashboard.twofaOn')}</Tag> : <Tag color="warning">{t('dashboard.twofaOffShort')}</Tag>}
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={<span><TeamOutlined aria-hidden /> {t('dashboard.roles')}</span>} className="mg-home__card" data-testid="home-roles">
            {roles.length ? roles.map((r) => <Tag key={r}>{t(`role.${r}`, { defaultValue: r })}</Tag>) : <span className="mg-muted">-</span>}
          </Card>
        </Col>
        {canAudit && (
          <Col xs={24} lg={12}>
            <RecentSignIns />
          </Col>
        )}
      </Row>
    </div>
  );
}
