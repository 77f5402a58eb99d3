import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Page } from '@/client/components/layout/page.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs.tsx';
import { LoginForm } from '@/client/features/auth/components/login-form.tsx';
import { SignUpForm } from '@/client/features/auth/components/sign-up-form.tsx';
import { CheckoutView } from '@/client/features/billing/components/checkout-view.tsx';
import { ClaimView } from '@/client/features/billing/components/claim-view.tsx';
import { PaymentSuccessView } from '@/client/features/billing/components/payment-success-view.tsx';
import { SubscribeView } from '@/client/features/billing/components/subscribe-view.tsx';
import { TestPaymentView, TestSubscriptionView } from '@/client/features/billing/components/test-run-views.tsx';
import { ConsultationForm } from '@/client/features/consultations/components/consultation-form.tsx';
import { useAuth } from '@/client/features/auth/hooks/use-auth.ts';
import { FACTOR_COUNT } from '@/engine/factors.ts';

/** Visitor pages have no app header: a way back to the main page instead. */
function BillingPage({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const { user } = useAuth();
  return (
    <Page title={title} description={description} className="max-w-5xl pt-14">
      {user ? null : (
        <Link href="/" className="mb-6 inline-flex items-center gap-2 rounded-md text-sm font-medium text-blue-700 hover:underline focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none">
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to main page
        </Link>
      )}
      {children}
    </Page>
  );
}

export function SubscribePage() {
  return (
    <BillingPage title="Subscribe to CIFER" description={`From $250/month, or an annual assessment plan. Every plan includes the full ${FACTOR_COUNT}-factor risk assessment.`}>
      <SubscribeView salesForm={<ConsultationForm />} />
    </BillingPage>
  );
}

export function CheckoutPage() {
  return (
    <BillingPage title="Checkout">
      <CheckoutView />
    </BillingPage>
  );
}

export function PaymentSuccessPage() {
  return (
    <BillingPage title="Payment">
      <PaymentSuccessView />
    </BillingPage>
  );
}

export function ClaimSubscriptionPage({ params }: { params: { token?: string } }) {
  return (
    <BillingPage title="Claim your subscription">
      <ClaimView
        token={params.token}
        renderAuth={(onSignedIn) => (
          <div className="max-w-xl rounded-xl border border-slate-200 bg-white p-6">
            <Tabs defaultValue="signup">
              <TabsList>
                <TabsTrigger value="signup">Sign Up</TabsTrigger>
                <TabsTrigger value="login">Log In</TabsTrigger>
              </TabsList>
              <TabsContent value="signup">
                <SignUpForm onSignedUp={onSignedIn} />
              </TabsContent>
              <TabsContent value="login">
                <LoginForm onLoggedIn={onSignedIn} />
              </TabsContent>
            </Tabs>
          </div>
        )}
      />
    </BillingPage>
  );
}

export function TestPaymentPage() {
  return (
    <BillingPage title="Test Payment" description="Check this deployment's billing set-up end to end.">
      <TestPaymentView />
    </BillingPage>
  );
}

export function TestSubscriptionPage() {
  return (
    <BillingPage title="Test Subscription" description="Check that subscription changes reach CIFER.">
      <TestSubscriptionView />
    </BillingPage>
  );
}
