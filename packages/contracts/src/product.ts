/** The product's name and version as shown on every screen and reported by /status. */
export const PRODUCT_NAME = 'Argus';
export const PRODUCT_VERSION = '2.0.0';
export const SUPPORT_EMAIL = 'support@argus.localhost';
