import { AlertTriangle } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@/client/components/ui/button.tsx';
import { SupportEmail } from '@/client/components/ui/support-email.tsx';
import { isChunkLoadError, reportClientError, userFacingMessage } from '@/client/lib/client-error-report.ts';
import { knownSupportEmail, loadSupportEmail } from '@/client/lib/support-contact.ts';

/** Whether the server was told of the crash (POST /api/client-errors): the screen says only what is true. */
export type ReportState = 'sending' | 'sent' | 'failed';

const NOTICE: Record<ReportState, string> = {
  sending: 'Letting our team know…',
  sent: 'Our team has been notified.',
  failed: 'We could not notify our team just now, so please tell support what you were doing.',
};

interface ErrorFallbackProps {
  error: Error | null;
  componentStack?: string | null | undefined;
  showDetails?: boolean;
  report: ReportState;
  supportEmail: string | null;
  onReset: () => void;
  onReload?: () => void;
  onGoHome?: () => void;
}

/**
 * Spec section 2: the screen shown when the interface crashes. It names no internals (ADR 281):
 * the message is userFacingMessage's; the raw one only appears under the development-only details.
 * A page older than the deployed version (its scripts are gone) is told so and offered a reload first.
 */
export function ErrorFallback({ error, componentStack, showDetails = false, report, supportEmail, onReset, onReload, onGoHome }: ErrorFallbackProps) {
  const outdated = isChunkLoadError(error);
  const reload = onReload ?? (() => window.location.reload());
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-6">
      <div role="alert" className="w-full max-w-lg rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <div className="mb-4 flex items-center gap-3">
          <AlertTriangle className="size-8 text-red-700" aria-hidden="true" />
          <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
        </div>
        <p className="text-slate-700">
          We're sorry, but something unexpected happened. <span aria-live="polite">{NOTICE[report]}</span>
        </p>
        <p className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-900">{userFacingMessage(error)}</p>
        {showDetails ? (
          <details className="mt-4 text-xs text-slate-700">
            <summary className="cursor-pointer font-medium">Technical details</summary>
            <p className="mt-2 font-semibold">Message</p>
            <pre className="overflow-auto whitespace-pre-wrap">{error?.message}</pre>
            <p className="mt-2 font-semibold">Stack</p>
            <pre className="max-h-48 overflow-auto whitespace-pre-wrap">{error?.stack}</pre>
            <p className="mt-2 font-semibold">Component stack</p>
            <pre className="max-h-48 overflow-auto whitespace-pre-wrap">{componentStack}</pre>
          </details>
        ) : null}
        <div className="mt-6 flex flex-wrap gap-3">
          {outdated ? <Button onClick={reload}>Reload Page</Button> : null}
          <Button variant={outdated ? 'outline' : 'default'} onClick={onReset}>
            Try Again
          </Button>
          {outdated ? null : (
            <Button variant="outline" onClick={reload}>
              Reload Page
            </Button>
          )}
          <Button variant="outline" onClick={onGoHome ?? (() => window.location.assign('/'))}>
            Go Home
          </Button>
        </div>
        <p className="mt-6 border-t border-slate-200 pt-4 text-sm text-slate-600">
          If the problem continues, please contact support
          <SupportEmail address={supportEmail} lead="at" className="font-medium text-blue-700 underline" />
          .
        </p>
      </div>
    </main>
  );
}

interface ErrorBoundaryState {
  error: Error | null;
  componentStack: string | null;
  report: ReportState;
  supportEmail: string | null;
}

interface ErrorBoundaryProps {
  children: ReactNode;
  showDetails?: boolean;
  /** Tells the server; resolves with the support address, or null when it could not be told. */
  report?: (error: Error) => Promise<string | null>;
}

/** Catches render errors anywhere below it: normal → error screen → Try Again → normal. Each crash is reported once. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, componentStack: null, report: 'sending', supportEmail: null };

  static getDerivedStateFromError(error: Error): Partial<ErrorBoundaryState> {
    return { error, report: 'sending', supportEmail: knownSupportEmail() };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    this.setState({ componentStack: info.componentStack ?? null });
    const report = this.props.report ?? ((crash: Error) => reportClientError(crash));
    void report(error).then(async (supportEmail) => {
      if (this.state.error !== error) return;
      // Not told: the address may still be known (remembered, or the server answers this one).
      const address = supportEmail ?? this.state.supportEmail ?? (await loadSupportEmail());
      if (this.state.error === error) this.setState({ report: supportEmail ? 'sent' : 'failed', supportEmail: address });
    });
  }

  override render() {
    if (this.state.error) {
      return (
        <ErrorFallback
          error={this.state.error}
          componentStack={this.state.componentStack}
          showDetails={this.props.showDetails ?? false}
          report={this.state.report}
          supportEmail={this.state.supportEmail}
          onReset={() => this.setState({ error: null, componentStack: null })}
        />
      );
    }
    return this.props.children;
  }
}
