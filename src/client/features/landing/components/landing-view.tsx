import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { QUICK_ACTIONS_THRESHOLD } from '../content/breach-statistics.ts';
import { useNearViewport } from '../hooks/use-near-viewport.ts';
import { useScrolledPast } from '../hooks/use-scrolled-past.ts';
import { ApproachSection } from './approach-section.tsx';
import { AssessmentPathsSection } from './assessment-paths-section.tsx';
import { AudienceSection } from './audience-section.tsx';
import { ConsultationServicesSection } from './consultation-services-section.tsx';
import { DifferentiatorsSection } from './differentiators-section.tsx';
import { IndustriesSection } from './industries-section.tsx';
import { LandingHero } from './landing-hero.tsx';
import { LandingNav } from './landing-nav.tsx';
import { PatentNotice } from './patent-notice.tsx';
import { PricingSection } from './pricing-section.tsx';
import { QuickActionsBar } from './quick-actions-bar.tsx';
import { SectionHeading } from './section-heading.tsx';
import { StatisticsSection } from './statistics-section.tsx';

/**
 * Below-the-fold sections skip rendering work until they come near the viewport (a long page on
 * a slow phone spends most of its start-up in style and layout otherwise).
 */
const DEFER_RENDERING = '[content-visibility:auto] [contain-intrinsic-size:auto_900px]';

/**
 * The public landing page (spec section 2), in the spec's section order. The consultation form
 * and the account dialogs belong to other features; app/routes/landing-page.tsx passes them in.
 */
export function LandingView({
  consultationForm,
  onRequestAccess,
  onForgotPassword,
}: {
  consultationForm: ReactNode;
  onRequestAccess: () => void;
  onForgotPassword: () => void;
}) {
  const headerRef = useRef<HTMLElement>(null);
  const isPastHeader = useScrolledPast(headerRef, QUICK_ACTIONS_THRESHOLD);
  const contactRef = useRef<HTMLElement>(null);
  // First paint gets the navigation and hero only; the rest renders right after in an
  // interruptible transition, so no single long task blocks the main thread on a slow phone.
  const [isRestShown, setRestShown] = useState(false);
  useEffect(() => {
    startTransition(() => setRestShown(true));
  }, []);
  const isContactNear = useNearViewport(contactRef, isRestShown);
  useEffect(() => {
    if (!isRestShown) return;
    // The page rendered after the browser tried to jump to the URL's #anchor: jump now.
    const target = window.location.hash.length > 1 ? document.getElementById(decodeURIComponent(window.location.hash.slice(1))) : null;
    target?.scrollIntoView();
  }, [isRestShown]);
  return (
    <div className="bg-white">
      <LandingNav />
      <LandingHero headerRef={headerRef} onRequestAccess={onRequestAccess} onForgotPassword={onForgotPassword} />
      {isRestShown ? (
        <>
          <AudienceSection />
          <div className={DEFER_RENDERING}>
            <ApproachSection />
          </div>
          <div className={DEFER_RENDERING}>
            <StatisticsSection />
          </div>
          <div className={DEFER_RENDERING}>
            <PricingSection />
          </div>
          <div className={DEFER_RENDERING}>
            <AssessmentPathsSection />
          </div>
          <div className={DEFER_RENDERING}>
            <ConsultationServicesSection />
          </div>
          <div className={DEFER_RENDERING}>
            <section ref={contactRef} id="contact" aria-labelledby="contact-title" className="scroll-mt-24 bg-slate-900 py-16">
              <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
                <SectionHeading id="contact-title" eyebrow="Contact" title="Request a consultation" inverted>
                  Tell us about your organization. A CIFER consultant will reply by e-mail, usually within one business day.
                </SectionHeading>
                <div className="mt-8 min-h-[38rem] rounded-2xl bg-white p-6 shadow-lg sm:min-h-[30rem] sm:p-8">
                  {isContactNear ? consultationForm : null}
                </div>
              </div>
            </section>
          </div>
          <div className={DEFER_RENDERING}>
            <IndustriesSection />
          </div>
          <div className={DEFER_RENDERING}>
            <DifferentiatorsSection />
          </div>
          <div className={DEFER_RENDERING}>
            <PatentNotice />
          </div>
        </>
      ) : null}
      <QuickActionsBar isVisible={isPastHeader} onRequestAccess={onRequestAccess} />
    </div>
  );
}
