export const COPYRIGHT_YEAR = 2025;
export const MINIMUM_AGE = 18;
export const APP_SUBTITLE = 'Cybersecurity Risk Assessment';
