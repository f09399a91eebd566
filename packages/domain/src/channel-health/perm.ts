/** Permission codes of channel health (spec §2 /common/channelHealth: platform staff). */
export const CHANNEL_HEALTH_PERM = {
  CHANNEL_HEALTH_MENU: 'channel-health:menu',
  /** Marking a channel degraded or down, and setting the health thresholds. */
  CHANNEL_HEALTH_MARK: 'channel-health:mark',
} as const;
