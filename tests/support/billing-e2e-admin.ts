/** The super administrator who may use the billing test pages (ADR 134): created by playwright.billing.config.ts before the server starts. */
export const BILLING_E2E_ADMIN = { email: 'billing-root@example.com', password: 'Billing-Root-Passphrase-42' };
