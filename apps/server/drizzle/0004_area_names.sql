-- Issue 9: one name per area. Permission codes take their area's name as prefix (`<area>:<action>`), and export kinds
-- are list names. Renamed in place, so role and department grants (by permission id) and an operator's disabled
-- status or retitling survive; the start-up seed then updates names, paths and components from the domain.
UPDATE "permission" SET "perms" = CASE "perms"
  WHEN 'home:menu' THEN 'dashboard:menu'
  WHEN 'user:menu' THEN 'users:menu'
  WHEN 'user:add' THEN 'users:add'
  WHEN 'user:edit' THEN 'users:edit'
  WHEN 'user:freeze' THEN 'users:freeze'
  WHEN 'user:resetPassword' THEN 'users:resetPassword'
  WHEN 'role:menu' THEN 'roles:menu'
  WHEN 'role:add' THEN 'roles:add'
  WHEN 'role:edit' THEN 'roles:edit'
  WHEN 'role:grant' THEN 'roles:grant'
  WHEN 'depart:menu' THEN 'departments:menu'
  WHEN 'depart:add' THEN 'departments:add'
  WHEN 'depart:edit' THEN 'departments:edit'
  WHEN 'depart:delete' THEN 'departments:delete'
  WHEN 'announcement:menu' THEN 'announcements:menu'
  WHEN 'announcement:publish' THEN 'announcements:publish'
  WHEN 'permission:menu' THEN 'permissions:menu'
  WHEN 'permission:edit' THEN 'permissions:edit'
  WHEN 'dict:menu' THEN 'dictionaries:menu'
  WHEN 'dict:edit' THEN 'dictionaries:edit'
  WHEN 'mailOutbox:menu' THEN 'mail-outbox:menu'
  WHEN 'collection:menu' THEN 'collections:menu'
  WHEN 'refund:menu' THEN 'refunds:menu'
  WHEN 'refund:add' THEN 'refunds:add'
  WHEN 'callback:resend' THEN 'callbacks:resend'
  WHEN 'paymentLink:menu' THEN 'payment-links:menu'
  WHEN 'paymentLink:add' THEN 'payment-links:add'
  WHEN 'paymentLink:void' THEN 'payment-links:void'
  WHEN 'balance:menu' THEN 'balances:menu'
  WHEN 'balance:limit' THEN 'balances:limit'
  WHEN 'balanceRecord:menu' THEN 'balance-records:menu'
  WHEN 'settlement:menu' THEN 'settlements:menu'
  WHEN 'settlement:run' THEN 'settlements:run'
  WHEN 'export:list' THEN 'exports:list'
  WHEN 'product:menu' THEN 'products:menu'
  WHEN 'productSummary:menu' THEN 'products:summary'
  WHEN 'fee:edit' THEN 'fees:edit'
  ELSE "perms" END
WHERE "perms" IN ('home:menu', 'user:menu', 'user:add', 'user:edit', 'user:freeze', 'user:resetPassword', 'role:menu', 'role:add',
  'role:edit', 'role:grant', 'depart:menu', 'depart:add', 'depart:edit', 'depart:delete', 'announcement:menu', 'announcement:publish',
  'permission:menu', 'permission:edit', 'dict:menu', 'dict:edit', 'mailOutbox:menu', 'collection:menu', 'refund:menu', 'refund:add',
  'callback:resend', 'paymentLink:menu', 'paymentLink:add', 'paymentLink:void', 'balance:menu', 'balance:limit', 'balanceRecord:menu',
  'settlement:menu', 'settlement:run', 'export:list', 'product:menu', 'productSummary:menu', 'fee:edit');
--> statement-breakpoint
UPDATE "export_job" SET "kind" = replace("kind", '_', '-') WHERE "kind" IN ('balance_records', 'payment_links');
