/**
 * Actions of the security history (audit log). The server writes only these; the audit screen offers them as a
 * filter with the label `audit.action.<name>`.
 */
export const AUDIT_ACTIONS = [
  'login',
  'login_failed',
  'logout',
  '2fa_enabled',
  '2fa_disabled',
  'password_changed',
  'password_reset',
  'user_created',
  'role_changed',
  'permission_changed',
  'user_frozen',
  'user_unfrozen',
  'sub_merchant_switched',
  'country_switched',
  'depart_selected',
  'register',
  'callback_resent',
  // Dashboard money actions (docs/payments-api.md)
  'refund_created',
  'balance_limit_changed',
  'settlement_run',
  'payout_created',
  'payout_approved',
  'payout_rejected',
  'payout_cancelled',
  'payout_policy_changed',
  'balance_transferred',
  'top_up_created',
  'withdrawal_account_added',
  'withdrawal_account_deleted',
  'withdrawal_account_verified',
  'withdrawal_limits_changed',
  'withdrawal_auto_changed',
  'withdrawal_created',
  'withdrawal_approved',
  'withdrawal_rejected',
  'mandate_created',
  'mandate_changed',
  'crypto_address_added',
  'crypto_address_deleted',
  // Developer parameters and fees (H3)
  'api_key_created',
  'api_key_rolled',
  'api_key_revoked',
  'callback_urls_changed',
  'ip_whitelist_changed',
  'webhook_secret_revealed',
  'webhook_secret_rolled',
  'fee_rule_changed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditActionKey = (action: string) => `audit.action.${action}`;
