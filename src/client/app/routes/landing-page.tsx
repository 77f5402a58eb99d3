import { Link } from 'wouter';
import { Button } from '@/client/components/ui/button.tsx';
import { APP_SUBTITLE } from '@/client/lib/constants.ts';

export function LandingPage() {
  return (
    <div className="mx-auto flex min-h-[70vh] max-w-4xl flex-col items-center justify-center gap-6 p-6 text-center">
      <h1 className="text-4xl font-bold text-slate-900">CIFER</h1>
      <p className="text-xl text-slate-700">{APP_SUBTITLE}</p>
      <div className="flex gap-3">
        <Button asChild>
          <Link href="/auth">Sign In</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/subscribe">Start Assessment</Link>
        </Button>
      </div>
    </div>
  );
}
