/** Permission codes of the developer parameters. */
export const DEVELOPER_PERM = {
  DEVELOPER_MENU: 'developer:menu',
  /** Create, reveal, roll and revoke open API keys; rotate the webhook secret. */
  DEVELOPER_KEY_EDIT: 'developer:key',
  /** Callback addresses (spec §6 "manage callback addresses"). */
  DEVELOPER_CALLBACK_EDIT: 'developer:callback',
  DEVELOPER_WHITELIST_EDIT: 'developer:whitelist',
  /** The open API documentation (spec §2 /document/document), filled with the merchant's id and key ids. */
  DEVELOPER_DOCS: 'developer:docs',
} as const;
