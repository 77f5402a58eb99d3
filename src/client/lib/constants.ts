/** Where people write when something breaks; shown on the error screen and in help texts. */
export const SUPPORT_EMAIL = 'support@cifer-risk.com';
export const COPYRIGHT_YEAR = 2025;
export const MINIMUM_AGE = 18;
export const APP_SUBTITLE = 'Cybersecurity Risk Assessment';
