/** Permission codes of the announcements. */
export const ANNOUNCEMENTS_PERM = { ANNOUNCEMENT_MENU: 'announcements:menu', ANNOUNCEMENT_PUBLISH: 'announcements:publish' } as const;
