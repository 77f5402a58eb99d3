import type { FactorId, FactorLevel } from './factors.ts';

/** Compliance framework identifiers. */
export const FRAMEWORK_IDS = ['nistCsf', 'iso27001', 'soc2', 'pciDss', 'hipaa', 'sox', 'glba'] as const;
/** A framework identifier. */
export type FrameworkId = (typeof FRAMEWORK_IDS)[number];

/**
 * Framework statuses ("compliant" means compliant, certified or attested).
 * "unknown": the framework applies but its status was not asked or not known;
 * it is never read as "not started" and gives no evidence either way (ADR 214).
 */
export const FRAMEWORK_STATUSES = ['notApplicable', 'notStarted', 'inProgress', 'compliant', 'unknown'] as const;
/** A framework status. */
export type FrameworkStatus = (typeof FRAMEWORK_STATUSES)[number];

/** What the questionnaire calls each status: messages quote these, never the codes. */
export const FRAMEWORK_STATUS_LABELS: { readonly [S in FrameworkStatus]: string } = {
  notApplicable: 'Does not apply to us',
  notStarted: 'Applies, not started',
  inProgress: 'In progress',
  compliant: 'Compliant',
  unknown: 'Applies, status not known',
};

/** NIST CSF 2.0 functions, each self-assessed at Tier 1-4. */
export const NIST_CSF_FUNCTIONS = ['govern', 'identify', 'protect', 'detect', 'respond', 'recover'] as const;
/** A NIST CSF function. */
export type NistCsfFunction = (typeof NIST_CSF_FUNCTIONS)[number];

/** Evidence a framework gives for a factor: the least answer it supports. */
interface FrameworkEvidence {
  readonly factorId: FactorId;
  readonly minimumLevel: FactorLevel;
  readonly note: string;
}

/** One framework as the compliance section shows it. */
interface FrameworkDefinition {
  readonly id: FrameworkId;
  readonly name: string;
  readonly description: string;
  /** Label of the "compliant" status for this framework. */
  readonly compliantLabel: string;
  /** Independent third-party assurance (narrows severity uncertainty, docs/methodology.md). */
  readonly isIndependentAssurance: boolean;
  /** Mandatory for organisations that hold this data or are in this position. */
  readonly mandatoryWhen: string | null;
  /** Factors the framework supports when compliant (docs/methodology.md). NIST CSF uses tiers instead. */
  readonly evidence: readonly FrameworkEvidence[];
}

const partly = (factorId: FactorId, note: string): FrameworkEvidence => ({ factorId, minimumLevel: 'partial', note });
const fully = (factorId: FactorId, note: string): FrameworkEvidence => ({ factorId, minimumLevel: 'best', note });

/** The compliance frameworks (docs/methodology.md). */
export const FRAMEWORKS: readonly FrameworkDefinition[] = [
  {
    id: 'nistCsf', name: 'NIST CSF 2.0', compliantLabel: 'Self-assessed (tiers entered)',
    description: 'Voluntary framework of six functions (Govern, Identify, Protect, Detect, Respond, Recover). Enter a self-assessed tier (1-4) per function.',
    isIndependentAssurance: false, mandatoryWhen: null, evidence: [],
  },
  {
    id: 'iso27001', name: 'ISO/IEC 27001', compliantLabel: 'Certified',
    description: 'Certified information security management system with Annex A controls.',
    isIndependentAssurance: true, mandatoryWhen: null,
    evidence: [
      partly('M1', 'Annex A awareness training'), partly('M2', 'Annex A incident management and backup'), partly('M3', 'Annex A access control'),
      partly('M4', 'Annex A technical vulnerability management'), partly('M8', 'Annex A cryptography'), partly('M11', 'ISMS leadership and management review'),
      partly('A1', 'Annex A supplier relationships'),
    ],
  },
  {
    id: 'soc2', name: 'SOC 2 Type II', compliantLabel: 'Clean Type II opinion',
    description: 'Independent auditor opinion on security controls operating over a period.',
    isIndependentAssurance: true, mandatoryWhen: null,
    evidence: [
      partly('M3', 'CC6 logical access'), partly('M6', 'CC7 system monitoring'), partly('M7', 'CC7 system monitoring'),
      partly('M10', 'CC8 change management'), partly('A1', 'CC9 vendor risk management'),
    ],
  },
  {
    id: 'pciDss', name: 'PCI DSS', compliantLabel: 'Validated (SAQ or ROC)',
    description: 'Payment card industry data security standard, mandatory for anyone storing, processing or transmitting card data.',
    isIndependentAssurance: true, mandatoryWhen: 'payment card records are held',
    evidence: [
      partly('M3', 'Req. 7-8 access control and MFA into the cardholder environment'), partly('M4', 'Req. 6 and 11 patching and quarterly scans'),
      partly('M7', 'Req. 10 logging and monitoring'), partly('M8', 'Req. 3-4 protection of stored and transmitted card data'),
      partly('M1', 'Req. 12.6 security awareness'),
    ],
  },
  {
    id: 'hipaa', name: 'HIPAA Security Rule', compliantLabel: 'Risk analysis documented and current',
    description: 'US rule for electronic protected health information, mandatory for covered entities and business associates.',
    isIndependentAssurance: false, mandatoryWhen: 'health records are held',
    evidence: [partly('M11', 'Security official and documented risk analysis'), fully('A4', 'Documented risk analysis for the regulated data')],
  },
  {
    id: 'sox', name: 'SOX (ICFR / IT general controls)', compliantLabel: 'ITGCs tested, no material weakness',
    description: 'Sarbanes-Oxley internal control over financial reporting; binds public issuers.',
    isIndependentAssurance: false, mandatoryWhen: 'the company is publicly traded',
    evidence: [partly('M11', 'Management assessment and audit committee'), partly('M3', 'ITGC access controls'), partly('M10', 'ITGC change management')],
  },
  {
    id: 'glba', name: 'GLBA Safeguards Rule', compliantLabel: 'Written programme with qualified individual',
    description: 'US FTC Safeguards Rule for financial institutions holding consumer financial information.',
    isIndependentAssurance: false, mandatoryWhen: 'consumer financial records are held',
    evidence: [partly('M11', 'Qualified individual and written programme'), partly('M3', 'Access controls and MFA'), partly('M8', 'Encryption of customer information'), partly('A1', 'Service provider oversight')],
  },
];

/** NIST CSF function → factors it informs (docs/methodology.md). */
export const NIST_CSF_FUNCTION_FACTORS: { readonly [F in NistCsfFunction]: readonly FactorId[] } = {
  govern: ['M11', 'A4'],
  identify: ['A1', 'A7'],
  protect: ['M1', 'M3', 'M4', 'M5', 'M8'],
  detect: ['M6', 'M7'],
  respond: ['M2'],
  recover: ['M2'],
};
