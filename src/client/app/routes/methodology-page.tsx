import { Link } from 'wouter';
import { Page } from '@/client/components/layout/page.tsx';
import { MethodologyContent } from '@/client/features/methodology/components/methodology-content.tsx';

/** /methodology: how CIFER computes the results, reachable from every results page. */
export function MethodologyPage() {
  return (
    <Page
      title="Methodology"
      description="The risk model in plain words, every number with its source, and its limits."
      actions={
        <Link href="/" className="text-sm font-medium text-blue-800 underline">
          Back to your assessment
        </Link>
      }
    >
      <MethodologyContent />
    </Page>
  );
}
