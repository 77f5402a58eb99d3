import { Link } from 'wouter';
import { Button } from '@/client/components/ui/button.tsx';

export function NotFoundPage() {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-6xl font-bold text-blue-700">404</p>
      <h1 className="text-3xl font-bold text-slate-900">Page Not Found</h1>
      <p className="max-w-md text-slate-700">The page you are looking for does not exist or has moved.</p>
      <Button asChild>
        <Link href="/">Go Home</Link>
      </Button>
    </div>
  );
}
