/** A setting that is missing, malformed or contradicts another; `npm start` prints it and exits. */
export class ConfigError extends Error {}
