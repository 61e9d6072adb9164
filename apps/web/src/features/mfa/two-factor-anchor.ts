/** The address of the two-factor section on /settings, where a new administrator is sent to set up a factor. */
export const TWO_FACTOR_ANCHOR = 'two-factor';

/** The one page open to an administrator who must still set up a second factor. */
export const TWO_FACTOR_PAGE = '/settings';

/** Where an administrator who must set up a second factor is taken (RouteGuard, LoginPage, first run). */
export const TWO_FACTOR_PATH = `${TWO_FACTOR_PAGE}#${TWO_FACTOR_ANCHOR}`;
