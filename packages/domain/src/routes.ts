/**
 * First path segments of every signed-in screen: the menu's groups and its top-level pages. The sign-in bundle
 * decides "protected page (go to sign-in) or unknown (404)" from this list without loading the area registry that
 * builds the menu; catalogue.test.ts keeps it equal to the roots of MENU.
 */
export const MENU_ROOTS = ['/dashboard', '/system', '/payment', '/funds', '/common', '/developer', '/document', '/account'] as const;

/** `?new=1` on a records page opens its form for a new record (the Balances page's Transfer and Top up buttons). */
export const OPEN_FORM_PARAM = 'new';

/**
 * `?open=1` with a list's identifying filter (`?id=...`) opens that record's details once its row has loaded (the
 * header search's hits); the list takes it out of the address with its first query, so a reload does not reopen it.
 */
export const OPEN_RECORD_PARAM = 'open';
