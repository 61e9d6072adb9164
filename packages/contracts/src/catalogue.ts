import { PRODUCT_NAME } from './product';

/** Every user-facing text of docs/specification.md section 8 (and the shared screens of section 2), verbatim. */
export const TEXT = {
  login: {
    failedTitle: 'Login failed',
    invalidCredentials: 'Invalid email or password',
    authenticationFailed: 'Authentication failed',
    serviceUnavailable: 'Authentication service unavailable',
    successTitle: 'Login successful',
    welcome: (name: string) => `Welcome ${name}!`,
  },
  logout: {
    title: 'Logged out',
    description: 'You have been successfully logged out.',
  },
  session: {
    expiredTitle: 'Session expired',
    expiredDescription: 'Session expired due to inactivity',
    verifyFailed: 'Unable to verify your access permissions.',
  },
  switching: {
    accessDeniedTitle: 'Access denied',
    accessDeniedDescription: 'Only administrators can switch users',
    failedTitle: 'Switch failed',
    targetNotFound: 'Target user not found',
    targetInactive: 'Cannot switch to inactive user',
    switchedTitle: 'User switched',
    switchedBackTitle: 'Switched back',
    switchBackFailedTitle: 'Switch back failed',
    loadUsersFailed: 'Error loading users',
  },
  guard: {
    validating: 'Validating secure access...',
  },
  loading: {
    defaultMessage: `Initializing ${PRODUCT_NAME} Platform...`,
    progress: (percent: number) => `${percent}% Complete`,
    detailedIcons: ['Surveillance', 'Communication', 'Security'] as const,
  },
  errorScreen: {
    title: `${PRODUCT_NAME} System Error`,
    body: `An unexpected error occurred in the ${PRODUCT_NAME} platform. Our team has been notified.`,
    retry: 'Retry',
    reset: 'Reset',
    goHome: 'Go Home',
    reportBug: 'Report Bug',
  },
  router: {
    unexpected: 'Unexpected Application Error!',
  },
  root: {
    notFound: 'Root element not found',
  },
} as const;
