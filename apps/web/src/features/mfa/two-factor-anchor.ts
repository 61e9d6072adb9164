/** The address of the two-factor section on /settings, where a new administrator is sent to set up a factor. */
export const TWO_FACTOR_ANCHOR = 'two-factor';
