/** The header's dot for the realtime socket: green when live, amber while it reconnects, grey when off. */
import { Badge, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { RealtimeState, type RealtimeStateValue } from '../../session/realtime';

const STATUS = {
  [RealtimeState.LIVE]: 'success',
  [RealtimeState.CONNECTING]: 'processing',
  [RealtimeState.WAITING]: 'warning',
  [RealtimeState.ENDED]: 'default',
} as const;

export function RealtimeIndicator({ state }: { state: RealtimeStateValue }) {
  const { t } = useTranslation();
  const label = t(`shell.realtime.${state}`);
  return (
    <Tooltip title={label}>
      <span className="mg-realtime" data-testid="realtime-state" data-state={state} role="status" aria-label={label}>
        <Badge status={STATUS[state]} />
      </span>
    </Tooltip>
  );
}
