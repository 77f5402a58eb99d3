import { Award } from 'lucide-react';

export function PatentNotice() {
  return (
    <section aria-labelledby="patent-title" className="bg-slate-100 py-10">
      <div className="mx-auto flex max-w-4xl items-start gap-4 px-4 sm:px-6 lg:px-8">
        <Award className="mt-1 size-7 shrink-0 text-slate-700" aria-hidden="true" />
        <div>
          <h2 id="patent-title" className="text-lg font-semibold text-slate-900">
            Patent notice
          </h2>
          <p className="mt-1 text-slate-700">
            Patent pending. CIFER's method for converting a multi-factor security and compliance assessment into dollar loss estimates is
            the subject of a pending patent application. CIFER and its logo are trademarks of their owner.
          </p>
        </div>
      </div>
    </section>
  );
}
