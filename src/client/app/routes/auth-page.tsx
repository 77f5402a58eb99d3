import { Link } from 'wouter';
import { NotYetAvailablePage } from './coming-soon-page.tsx';

export function AuthPage() {
  return (
    <div>
      <Link href="/" className="m-4 inline-block text-blue-700 underline">
        Back to main page
      </Link>
      <NotYetAvailablePage title="Log In" />
    </div>
  );
}
