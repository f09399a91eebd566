/** Permission codes of the API request logs. */
export const API_LOGS_PERM = { API_LOGS_MENU: 'api-logs:menu' } as const;
