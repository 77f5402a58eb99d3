import { Suspense, useEffect, type ReactNode } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { CONSENT_PAGE_PATH } from '@/contracts/oauth.ts';
import { takeResumePath } from '@/client/lib/resume-after-sign-in.ts';
import { LoadingState } from '@/client/components/layout/loading-overlay.tsx';
import { useAuth } from '@/client/features/auth/hooks/use-auth.ts';
import { RequireAdmin, RequireSignedIn, INITIALIZING_MESSAGE } from './guards.tsx';
import { NotFoundPage } from './routes/not-found-page.tsx';
import { lazyComponent, lazyModule } from './lazy-module.ts';
import { presentationPageModule } from './page-modules.ts';

/** Pages load on demand so the landing page pays only for itself; one that has arrived renders without suspending (ADR 126). */
function lazyPage<T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T) {
  return lazyComponent(lazyModule(load), name);
}

const LandingPage = lazyPage(() => import('./routes/landing-page.tsx'), 'LandingPage');
// A visitor's first page is usually '/': start fetching it while the session check runs. Not through
// the page's module object: the landing page is revealed in a task of its own after the session
// check's render, which keeps the first load's longest task shorter (ADR 164).
if (typeof window !== 'undefined' && window.location.pathname === '/') void import('./routes/landing-page.tsx');
const AuthPage = lazyPage(() => import('./routes/auth-page.tsx'), 'AuthPage');
const AssessmentPage = lazyPage(() => import('./routes/assessment-page.tsx'), 'AssessmentPage');
const HistoryPage = lazyPage(() => import('./routes/history-page.tsx'), 'HistoryPage');
const AssessmentDetailPage = lazyPage(() => import('./routes/assessment-detail-page.tsx'), 'AssessmentDetailPage');
const MethodologyPage = lazyPage(() => import('./routes/methodology-page.tsx'), 'MethodologyPage');
const AssessmentDemoPage = lazyPage(() => import('./routes/assessment-demo-page.tsx'), 'AssessmentDemoPage');
const HeatmapDemoPage = lazyPage(() => import('./routes/heatmap-demo-page.tsx'), 'HeatmapDemoPage');
const PresentationPage = lazyComponent(presentationPageModule, 'PresentationPage');
const AdminPage = lazyPage(() => import('./routes/admin-page.tsx'), 'AdminPage');
const ResetPasswordPage = lazyPage(() => import('./routes/reset-password-page.tsx'), 'ResetPasswordPage');
const AccountPage = lazyPage(() => import('./routes/account-page.tsx'), 'AccountPage');
const MonitoringPage = lazyPage(() => import('./routes/monitoring-page.tsx'), 'MonitoringPage');
const MfaSettingsPage = lazyPage(() => import('./routes/mfa-pages.tsx'), 'MfaSettingsPage');
const MfaVerificationPage = lazyPage(() => import('./routes/mfa-pages.tsx'), 'MfaVerificationPage');
const MfaTestPage = lazyPage(() => import('./routes/mfa-pages.tsx'), 'MfaTestPage');
const SubscribePage = lazyPage(() => import('./routes/billing-pages.tsx'), 'SubscribePage');
const CheckoutPage = lazyPage(() => import('./routes/billing-pages.tsx'), 'CheckoutPage');
const PaymentSuccessPage = lazyPage(() => import('./routes/billing-pages.tsx'), 'PaymentSuccessPage');
const ClaimSubscriptionPage = lazyPage(() => import('./routes/billing-pages.tsx'), 'ClaimSubscriptionPage');
const TestPaymentPage = lazyPage(() => import('./routes/billing-pages.tsx'), 'TestPaymentPage');
const TestSubscriptionPage = lazyPage(() => import('./routes/billing-pages.tsx'), 'TestSubscriptionPage');
const AccountManagementPage = lazyPage(() => import('./routes/account-management-page.tsx'), 'AccountManagementPage');
const OrganizationsPage = lazyPage(() => import('./routes/organizations-page.tsx'), 'OrganizationsPage');
const InvitationPage = lazyPage(() => import('./routes/invitation-page.tsx'), 'InvitationPage');
const RiskProfilePage = lazyPage(() => import('./routes/risk-profile-page.tsx'), 'RiskProfilePage');
const ConnectAssistantPage = lazyPage(() => import('./routes/connect-assistant-page.tsx'), 'ConnectAssistantPage');

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingState message="Loading..." />}>{children}</Suspense>;
}

function HomeRoute() {
  const { user, isLoading } = useAuth();
  const [, navigate] = useLocation();
  // A sign-in started from an assistant's consent page goes back there (ADR 294).
  useEffect(() => {
    if (!user) return;
    const resume = takeResumePath();
    if (resume) navigate(resume, { replace: true });
  }, [user, navigate]);
  if (isLoading) return <LoadingState message={INITIALIZING_MESSAGE} />;
  if (!user) return <LandingPage />;
  return (
    <RequireSignedIn>
      <AssessmentPage />
    </RequireSignedIn>
  );
}

const signedIn = (page: ReactNode) => () => <RequireSignedIn>{page}</RequireSignedIn>;
const adminOnly = (page: ReactNode) => () => <RequireAdmin>{page}</RequireAdmin>;

/** The route table of spec section 2, complete. */
export function AppRouter() {
  return (
    <Lazy>
      <Switch>
        <Route path="/" component={HomeRoute} />
        <Route path="/auth" component={AuthPage} />
        <Route path="/reset-password" component={ResetPasswordPage} />
        <Route path="/account" component={signedIn(<AccountPage />)} />
        <Route path="/subscribe" component={SubscribePage} />
        <Route path="/checkout" component={CheckoutPage} />
        <Route path="/payment-success" component={PaymentSuccessPage} />
        <Route path="/claim-subscription/:token?" component={ClaimSubscriptionPage} />
        <Route path="/test-payment" component={TestPaymentPage} />
        <Route path="/test-subscription" component={TestSubscriptionPage} />
        <Route path="/mfa-verification" component={MfaVerificationPage} />
        <Route path="/mfa-test" component={MfaTestPage} />
        <Route path="/mfa-settings" component={MfaSettingsPage} />
        <Route path="/risk-assessment" component={signedIn(<AssessmentPage />)} />
        <Route path="/heatmap-demo" component={signedIn(<HeatmapDemoPage />)} />
        <Route path="/history" component={signedIn(<HistoryPage />)} />
        <Route path="/history/:id" component={signedIn(<AssessmentDetailPage />)} />
        <Route path="/methodology" component={signedIn(<MethodologyPage />)} />
        <Route path="/presentation" component={signedIn(<PresentationPage />)} />
        <Route path="/assessment-demo" component={signedIn(<AssessmentDemoPage />)} />
        <Route path="/monitoring" component={signedIn(<MonitoringPage />)} />
        <Route path="/risk-profile" component={signedIn(<RiskProfilePage />)} />
        <Route path="/admin" component={adminOnly(<AdminPage />)} />
        <Route path="/account-management" component={adminOnly(<AccountManagementPage />)} />
        <Route path="/organizations" component={signedIn(<OrganizationsPage />)} />
        <Route path="/invitation" component={InvitationPage} />
        <Route path={CONSENT_PAGE_PATH} component={ConnectAssistantPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Lazy>
  );
}
