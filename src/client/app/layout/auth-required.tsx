import { Lock } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';

/** Shown instead of a signed-in page to a visitor (spec section 2). */
export function AuthRequired({ href = '/auth', description = 'Please log in to access this page.' }: { href?: string; description?: string }) {
  const isServerRoute = href.startsWith('/api/');
  return (
    <div className="flex min-h-[60vh] items-center justify-center p-6">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          <Lock className="mx-auto size-10 text-blue-700" aria-hidden="true" />
          <CardTitle>Authentication Required</CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild className="w-full">
            {isServerRoute ? <a href={href}>Log In</a> : <Link href={href}>Log In</Link>}
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
