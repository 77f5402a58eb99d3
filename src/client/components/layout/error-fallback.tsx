import { AlertTriangle } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@/client/components/ui/button.tsx';
import { SUPPORT_EMAIL } from '@/client/lib/constants.ts';

interface ErrorFallbackProps {
  error: Error | null;
  componentStack?: string | null | undefined;
  showDetails?: boolean;
  onReset: () => void;
  onReload?: () => void;
  onGoHome?: () => void;
}

/** Spec section 2: the screen shown when the interface crashes. */
export function ErrorFallback({ error, componentStack, showDetails = false, onReset, onReload, onGoHome }: ErrorFallbackProps) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-6">
      <div role="alert" className="w-full max-w-lg rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <div className="mb-4 flex items-center gap-3">
          <AlertTriangle className="size-8 text-red-700" aria-hidden="true" />
          <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
        </div>
        <p className="text-slate-700">We're sorry, but something unexpected happened. Our team has been notified.</p>
        <p className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-900">{error?.message || 'An unexpected error occurred'}</p>
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
          <Button onClick={onReset}>Try Again</Button>
          <Button variant="outline" onClick={onReload ?? (() => window.location.reload())}>
            Reload Page
          </Button>
          <Button variant="outline" onClick={onGoHome ?? (() => window.location.assign('/'))}>
            Go Home
          </Button>
        </div>
        <p className="mt-6 border-t border-slate-200 pt-4 text-sm text-slate-600">
          If the problem continues, please contact support at{' '}
          <a className="font-medium text-blue-700 underline" href={`mailto:${SUPPORT_EMAIL}`}>
            {SUPPORT_EMAIL}
          </a>
          .
        </p>
      </div>
    </main>
  );
}

interface ErrorBoundaryState {
  error: Error | null;
  componentStack: string | null;
}

/** Catches render errors anywhere below it: normal → error screen → Try Again → normal. */
export class ErrorBoundary extends Component<{ children: ReactNode; showDetails?: boolean }, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, componentStack: null };

  static getDerivedStateFromError(error: Error): Partial<ErrorBoundaryState> {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    this.setState({ componentStack: info.componentStack ?? null });
    console.error('Uncaught interface error', error);
  }

  override render() {
    if (this.state.error) {
      return (
        <ErrorFallback
          error={this.state.error}
          componentStack={this.state.componentStack}
          showDetails={this.props.showDetails ?? false}
          onReset={() => this.setState({ error: null, componentStack: null })}
        />
      );
    }
    return this.props.children;
  }
}
