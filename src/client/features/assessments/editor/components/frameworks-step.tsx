import type { DraftRiskInput } from '@/contracts/assessments.ts';
import { FRAMEWORK_STATUS_LABELS, FRAMEWORKS, NIST_CSF_FUNCTIONS, type FrameworkId, type FrameworkStatus, type NistCsfFunction } from '@/engine/frameworks.ts';

type FrameworkStates = NonNullable<DraftRiskInput['frameworks']>;
type FrameworkState = NonNullable<FrameworkStates[FrameworkId]>;

const STATUS_LABELS = FRAMEWORK_STATUS_LABELS;

function isMandatory(id: FrameworkId, draft: DraftRiskInput): string | null {
  const r = draft.organisation?.records;
  if (id === 'hipaa' && (r?.health ?? 0) > 0) return 'Required because you hold health records.';
  if (id === 'pciDss' && (r?.paymentCard ?? 0) > 0) return 'Required because you hold payment card numbers.';
  if (id === 'glba' && (r?.consumerFinancial ?? 0) > 0) return 'Required because you hold consumer financial data.';
  if (id === 'sox' && draft.organisation?.isPubliclyTraded) return 'Required because you are publicly traded.';
  return null;
}

const selectClass = 'h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none';

type Framework = (typeof FRAMEWORKS)[number];
type SetFramework = (id: FrameworkId, state: FrameworkState | undefined) => void;

/** Compliance frameworks: their status pre-fills the factor answers they give evidence for. */
export function FrameworksStep({ draft, onChange }: { draft: DraftRiskInput; onChange: (frameworks: FrameworkStates) => void }) {
  const states: FrameworkStates = draft.frameworks ?? {};
  const set: SetFramework = (id, state) => {
    const next: FrameworkStates = { ...states };
    if (state === undefined) delete next[id];
    else next[id] = state;
    onChange(next);
  };
  return (
    <div className="grid gap-4">
      {FRAMEWORKS.map((f) => (
        <FrameworkCard key={f.id} framework={f} state={states[f.id]} mandatory={isMandatory(f.id, draft)} set={set} />
      ))}
    </div>
  );
}

/** One framework: its status, the certificate date when compliant, the NIST CSF tiers. */
function FrameworkCard({ framework: f, state, mandatory, set }: { framework: Framework; state: FrameworkState | undefined; mandatory: string | null; set: SetFramework }) {
  const statusId = `fw-${f.id}`;
  // A status not yet chosen is not an answer: never shown as "not started" (ADR 214).
  const status = state?.status ?? (mandatory ? 'unknown' : 'notApplicable');
  return (
    <section aria-labelledby={`${statusId}-title`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 id={`${statusId}-title`} className="font-semibold text-slate-900">
        {f.name}
      </h3>
      <p className="mb-2 text-sm text-slate-700">{f.description}</p>
      {mandatory ? <p className="mb-2 text-sm font-medium text-amber-900">{mandatory}</p> : null}
      <div className="flex flex-wrap items-end gap-4">
        <div className="grid gap-1">
          <label htmlFor={statusId} className="text-sm font-medium text-slate-900">
            Status
          </label>
          <select
            id={statusId}
            className={selectClass}
            value={status}
            onChange={(e) => {
              const next = e.target.value as FrameworkStatus;
              set(f.id, next === 'notApplicable' && !mandatory ? undefined : { ...state, status: next });
            }}
          >
            {(['notApplicable', 'unknown', 'notStarted', 'inProgress', 'compliant'] as const).map((s) => (
              <option key={s} value={s}>
                {s === 'compliant' ? `${STATUS_LABELS[s]}: ${f.compliantLabel}` : STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        {status === 'compliant' && f.id !== 'nistCsf' ? (
          <div className="grid gap-1">
            <label htmlFor={`${statusId}-since`} className="text-sm font-medium text-slate-900">
              Date of certificate or attestation
            </label>
            <input
              id={`${statusId}-since`}
              type="date"
              className={selectClass}
              value={state?.since ?? ''}
              onChange={(e) => set(f.id, { ...(state ?? { status }), status, ...(e.target.value ? { since: e.target.value } : { since: undefined }) })}
            />
          </div>
        ) : null}
      </div>
      {f.id === 'nistCsf' && status !== 'notApplicable' ? <NistCsfTiers state={state} status={status} set={set} /> : null}
    </section>
  );
}

function NistCsfTiers({ state, status, set }: { state: FrameworkState | undefined; status: FrameworkStatus; set: SetFramework }) {
  return (
    <fieldset className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
      <legend className="mb-1 text-sm font-medium text-slate-900">Self-assessed tier per function (1 = partial, 4 = adaptive)</legend>
      {NIST_CSF_FUNCTIONS.map((fn: NistCsfFunction) => (
        <div key={fn} className="grid gap-1">
          <label htmlFor={`nist-${fn}`} className="text-sm text-slate-900 capitalize">
            {fn}
          </label>
          <select
            id={`nist-${fn}`}
            className={selectClass}
            value={state?.nistCsfTiers?.[fn] ?? ''}
            onChange={(e) => {
              const tiers = { ...state?.nistCsfTiers };
              if (e.target.value === '') delete tiers[fn];
              else tiers[fn] = Number(e.target.value);
              set('nistCsf', { ...(state ?? { status }), status, nistCsfTiers: tiers });
            }}
          >
            <option value="">Not assessed</option>
            {[1, 2, 3, 4].map((tier) => (
              <option key={tier} value={tier}>
                Tier {tier}
              </option>
            ))}
          </select>
        </div>
      ))}
    </fieldset>
  );
}
