import { MINIMUM_AGE } from '@/client/lib/constants.ts';

/** Height of the fixed notice; the spacer keeps it from covering the page's first line. */
const AGE_NOTICE_HEIGHT_CLASS = 'h-8';

/** Spec section 2: the fixed age-requirement notice at the top of every page. */
export function AgeNotice() {
  return (
    <>
      <aside
        aria-label="Age requirement"
        className={`fixed inset-x-0 top-0 z-[45] flex ${AGE_NOTICE_HEIGHT_CLASS} items-center justify-center bg-slate-900 px-3 text-xs text-white sm:text-sm`}
      >
        <p className="truncate">
          <span className="sm:hidden">For users aged {MINIMUM_AGE}+ only. </span>
          <span className="hidden sm:inline">CIFER is for business professionals aged {MINIMUM_AGE} and over. </span>
          <a
            href="/coppa-compliance.html"
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium underline underline-offset-2 hover:text-blue-200"
          >
            Children's Privacy<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
      </aside>
      <div className={AGE_NOTICE_HEIGHT_CLASS} aria-hidden="true" />
    </>
  );
}
