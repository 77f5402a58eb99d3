import { ShieldAlert } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/client/components/ui/button.tsx';

export function ForbiddenPage() {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-6 text-center">
      <ShieldAlert className="size-12 text-red-700" aria-hidden="true" />
      <h1 className="text-3xl font-bold text-slate-900">Access Denied</h1>
      <p className="max-w-md text-slate-700">This page is for administrators only.</p>
      <Button asChild>
        <Link href="/">Go Home</Link>
      </Button>
    </div>
  );
}
