import { Link } from 'wouter';
import { Button } from '@/client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import type { AssessmentListItem, AssessmentPath } from '@/contracts/assessments.ts';
import { BUSINESS_QUESTIONS } from '@/contracts/business-questions.ts';
import { formatDate, formatUsd } from '../../shared/lib/format.ts';
import { FACTOR_COUNT } from '@/engine/factors.ts';

/** The two ways in (spec section 2), plus starting the detailed path from a business leader's assessment. */
export function PathChooser({
  businessAssessments,
  onStart,
  onRefine,
  isBusy,
}: {
  businessAssessments: readonly AssessmentListItem[];
  onStart: (path: AssessmentPath) => void;
  onRefine: (id: string) => void;
  isBusy: boolean;
}) {
  return (
    <section aria-labelledby="paths-heading" className="flex flex-col gap-4">
      <h2 id="paths-heading" className="text-xl font-semibold text-slate-900">
        Start an assessment
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Business leader</CardTitle>
            <CardDescription>
              For a CEO, CFO or practice manager. About 10 minutes: your organisation, then {BUSINESS_QUESTIONS.length} plain questions. “I don't know” is a fine answer: it widens the range, and you can hand it to your
              security lead afterwards.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button size="lg" onClick={() => onStart('business')} disabled={isBusy}>
              Start the 10-minute assessment
            </Button>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Security lead</CardTitle>
            <CardDescription>
              For whoever runs IT or security. The {FACTOR_COUNT} risk factors in detail, your compliance frameworks, and an optional evidence note on each answer. About 30 minutes.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col items-start gap-3">
            <Button size="lg" variant="outline" onClick={() => onStart('commercial')} disabled={isBusy}>
              Start the detailed assessment
            </Button>
            {businessAssessments.length > 0 ? (
              <div className="w-full">
                <p className="text-sm font-medium text-slate-900">Or start from a business leader's assessment:</p>
                <ul className="mt-2 flex flex-col gap-2">
                  {businessAssessments.slice(0, 3).map((a) => (
                    <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-2 text-sm">
                      <span className="min-w-0 text-slate-800">
                        {a.title} ({formatDate(a.completedAt ?? a.updatedAt)}
                        {a.summary ? `, ${formatUsd(a.summary.aleUsd)} a year` : ''})
                      </span>
                      <Button size="sm" variant="outline" onClick={() => onRefine(a.id)} disabled={isBusy}>
                        Refine it
                      </Button>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </CardContent>
        </Card>
      </div>
      <p className="text-sm text-slate-700">
        Not sure yet?{' '}
        <Link href="/assessment-demo" className="font-medium text-blue-800 underline">
          See a sample result first
        </Link>
        .
      </p>
    </section>
  );
}
