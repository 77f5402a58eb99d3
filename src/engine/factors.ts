/**
 * The 19-factor questionnaire of docs/methodology.md as data: 11
 * mitigators (M1-M11) and 8 amplifiers (A1-A8). The client renders the
 * questionnaire from `FACTORS`; the model reads the multipliers from it.
 */

/** Factor identifiers, in questionnaire order. */
export const FACTOR_IDS = ['M1', 'M2', 'M3', 'M4', 'M5', 'M6', 'M7', 'M8', 'M9', 'M10', 'M11', 'A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8'] as const;
/** How many factors the questionnaire asks: every text that says "19 factors" reads it from here. */
export const FACTOR_COUNT = FACTOR_IDS.length;
/** A factor identifier. */
export type FactorId = (typeof FACTOR_IDS)[number];

/**
 * Answer levels, the same for every factor. For a mitigator `best` is "Yes"
 * (control in place); for an amplifier `best` is the low-exposure answer.
 * `partial` is the population average (multiplier 1.0, except A7).
 * `notApplicable` maps to 1.0 and is allowed only where `allowsNotApplicable`.
 * `unknown` is an honest "I don't know": each simulated year draws the level
 * from the factor's prevalence (`unknown-answers.ts`, ADR 101), so the
 * result's spread widens instead of guessing.
 */
export const FACTOR_ANSWERS = ['worst', 'partial', 'best', 'notApplicable', 'unknown'] as const;
/** A factor answer level. */
export type FactorAnswer = (typeof FACTOR_ANSWERS)[number];
/** The three graded levels (without "not applicable" and "unknown"). */
export type FactorLevel = Exclude<FactorAnswer, 'notApplicable' | 'unknown'>;
/** An answer the model can score directly (everything but "unknown", which is spread over the levels). */
export type KnownFactorAnswer = Exclude<FactorAnswer, 'unknown'>;

/** Factor kinds. */
type FactorKind = 'mitigator' | 'amplifier';

/** Questionnaire groups. */
export const FACTOR_GROUPS = [
  { id: 'people', label: 'People' },
  { id: 'protection', label: 'Protection' },
  { id: 'detectionAndResponse', label: 'Detection & response' },
  { id: 'governance', label: 'Governance' },
  { id: 'exposure', label: 'Exposure' },
] as const;
/** A questionnaire group id. */
export type FactorGroup = (typeof FACTOR_GROUPS)[number]['id'];

/** Multipliers by graded level. */
interface LevelMultipliers {
  readonly best: number;
  readonly partial: number;
  readonly worst: number;
}

/** One answer option as the questionnaire shows it. */
interface FactorOption {
  readonly value: FactorAnswer;
  readonly label: string;
}

/** One factor of the catalogue. */
export interface FactorDefinition {
  readonly id: FactorId;
  readonly kind: FactorKind;
  readonly group: FactorGroup;
  readonly name: string;
  /** The plain-English question. */
  readonly question: string;
  readonly helpText: string;
  /** Evidence shown under "why this matters", with its source. */
  readonly whyItMatters: { readonly text: string; readonly source: string };
  /** Options in display order (mitigators: No → Yes; amplifiers: low → high exposure). */
  readonly options: readonly FactorOption[];
  readonly allowsNotApplicable: boolean;
  /** Multiplier on loss per event (combined across factors with psi, see `computeSeverityMultiplier`). */
  readonly severityMultiplier: LevelMultipliers;
  /** Multiplier on expected incident frequency (only M3, M4, M5 differ from 1). */
  readonly frequencyMultiplier: LevelMultipliers;
  /** Where the multipliers come from. */
  readonly source: string;
  readonly isAssumption: boolean;
}

const NO_FREQUENCY_EFFECT: LevelMultipliers = { best: 1, partial: 1, worst: 1 };
const RULE_2385 = ' via the 2.385e delta-to-spread rule (derived; symmetric split is an assumption)';

function mitigatorOptions(worst: string, partial: string, best: string, notApplicable?: string): readonly FactorOption[] {
  const options: FactorOption[] = [
    { value: 'worst', label: worst },
    { value: 'partial', label: partial },
    { value: 'best', label: best },
  ];
  if (notApplicable !== undefined) options.push({ value: 'notApplicable', label: notApplicable });
  return options;
}

function amplifierOptions(low: string, medium: string, high: string): readonly FactorOption[] {
  return [
    { value: 'best', label: low },
    { value: 'partial', label: medium },
    { value: 'worst', label: high },
  ];
}

/** The factor catalogue (docs/methodology.md; multipliers from calibration.json `proposed_factors`). */
export const FACTORS: readonly FactorDefinition[] = [
  {
    id: 'M1', kind: 'mitigator', group: 'people', name: 'Security awareness training',
    question: 'Do all staff complete security training at least yearly, with phishing simulations?',
    helpText: 'Count everyone with an email account, including part-time staff and contractors. Phishing simulations are fake phishing emails sent to test and teach staff.',
    whyItMatters: { text: 'Organisations with extensive training had breaches costing $4.15M on average against $5.10M with little training; the human element is in about 60% of breaches.', source: 'IBM/Ponemon Cost of a Data Breach Report 2024 Fig 28; Verizon DBIR 2025' },
    options: mitigatorOptions('No', 'Some staff or ad hoc', 'All staff + phishing simulations'), allowsNotApplicable: false,
    severityMultiplier: { best: 0.85, partial: 1, worst: 1.045 }, frequencyMultiplier: NO_FREQUENCY_EFFECT,
    source: 'derived from IBM/Ponemon Cost of a Data Breach Report 2024 Fig 28: 4.15/4.88, 5.10/4.88', isAssumption: false,
  },
  {
    id: 'M2', kind: 'mitigator', group: 'detectionAndResponse', name: 'Incident response plan, tested',
    question: 'Do you have a written incident response plan that you rehearse (tabletop) at least once a year, including restoring from backup?',
    helpText: 'A tabletop exercise walks the team through a realistic incident. Restoring from backup means actually recovering systems from a backup copy, not just taking backups.',
    whyItMatters: { text: 'High use of incident response planning and testing cut average breach cost by $1.49M (34%) against low use. Backups are the main defence against ransomware, present in 88% of SMB breaches.', source: 'IBM/Ponemon Cost of a Data Breach Report 2023; Verizon DBIR 2025' },
    options: mitigatorOptions('None', 'Written, untested', 'Written + tested yearly'), allowsNotApplicable: false,
    severityMultiplier: { best: 0.815, partial: 1, worst: 1.149 }, frequencyMultiplier: NO_FREQUENCY_EFFECT,
    source: 'derived from IBM/Ponemon Cost of a Data Breach Report 2023 IR planning/testing high-low diff 1.49M (34.1% of midpoint 4.37M) over 4.45M', isAssumption: false,
  },
  {
    id: 'M3', kind: 'mitigator', group: 'protection', name: 'MFA and access control',
    question: 'Is multi-factor login required for email, remote access, admin accounts and key systems, and are admin rights limited?',
    helpText: 'Multi-factor login asks for a second proof (app prompt, code or key) besides the password. "Admin rights limited" means staff use normal accounts day to day.',
    whyItMatters: { text: 'MFA on all critical data, remote and admin access made a claim 1.4 times less likely; identity and access management lowered breach cost by about $190K.', source: "Marsh McLennan Cyber Risk Analytics Center 2023; IBM/Ponemon Cost of a Data Breach Report 2025 Fig 39" },
    options: mitigatorOptions('No', 'Some systems', 'All four + least privilege'), allowsNotApplicable: false,
    severityMultiplier: { best: 0.907, partial: 1, worst: 1.093 }, frequencyMultiplier: { best: 0.916, partial: 1, worst: 1.084 },
    source: `severity: IBM/Ponemon Cost of a Data Breach Report 2025 Fig 39 IAM -189,838${RULE_2385}; frequency: Marsh McLennan 2023 MFA 1.4x, shrunk, prevalence 0.5 assumed`, isAssumption: true,
  },
  {
    id: 'M4', kind: 'mitigator', group: 'protection', name: 'Vulnerability & patch management',
    question: 'Are critical security updates applied within 7 days, and do you run vulnerability scans or a yearly penetration test?',
    helpText: 'Count the slowest systems, not the average: servers, firewalls, VPNs and business applications as well as laptops.',
    whyItMatters: { text: 'Patching critical vulnerabilities within 7 days halved the likelihood of a claim, yet only 24% of firms do it; half of actively exploited vulnerabilities are still open after 55 days.', source: 'Marsh McLennan Cyber Risk Analytics Center 2023; Verizon DBIR 2024 Fig 19' },
    options: mitigatorOptions('More than 30 days', '8-30 days', '7 days or less + testing'), allowsNotApplicable: false,
    severityMultiplier: { best: 0.91, partial: 1, worst: 1.09 }, frequencyMultiplier: { best: 0.76, partial: 1, worst: 1.075 },
    source: `severity: IBM/Ponemon Cost of a Data Breach Report 2025 offensive security testing -184,109${RULE_2385}; frequency: Marsh McLennan 2023 patching 2x, prevalence 0.24, shrunk`, isAssumption: true,
  },
  {
    id: 'M5', kind: 'mitigator', group: 'protection', name: 'Hardening / secure configuration',
    question: 'Do you apply standard secure settings to all laptops and servers (e.g. CIS baselines, blocking unapproved software, disabling macros)?',
    helpText: '"Enforced automatically" means a management tool applies and re-applies the settings, so a user cannot switch them off.',
    whyItMatters: { text: 'Firms with automated hardening were nearly six times less likely to suffer a cyber claim.', source: 'Marsh McLennan Cyber Risk Analytics Center 2023' },
    options: mitigatorOptions('No', 'Partly', 'Enforced automatically'), allowsNotApplicable: false,
    severityMultiplier: { best: 1, partial: 1, worst: 1 }, frequencyMultiplier: { best: 0.58, partial: 1, worst: 1.42 },
    source: 'frequency: Marsh McLennan 2023 "nearly 6x", shrunk (exponent 0.5), prevalence 0.5 assumed; no IBM severity factor', isAssumption: true,
  },
  {
    id: 'M6', kind: 'mitigator', group: 'detectionAndResponse', name: 'Endpoint detection & response',
    question: 'Do all computers run EDR or managed detection & response that someone watches 24/7?',
    helpText: 'EDR records and blocks suspicious behaviour on each device; MDR is an outside team that watches the EDR alerts around the clock.',
    whyItMatters: { text: 'EDR tools lowered average breach cost by about $168K; a managed security service provider by about $128K.', source: 'IBM/Ponemon Cost of a Data Breach Report 2025 Fig 39' },
    options: mitigatorOptions('Antivirus only', 'EDR, not watched 24/7', 'EDR + 24/7 monitoring (MDR/MSSP)'), allowsNotApplicable: false,
    severityMultiplier: { best: 0.918, partial: 1, worst: 1.082 }, frequencyMultiplier: NO_FREQUENCY_EFFECT,
    source: `derived from IBM/Ponemon Cost of a Data Breach Report 2025 Fig 39 EDR -168,361${RULE_2385}`, isAssumption: true,
  },
  {
    id: 'M7', kind: 'mitigator', group: 'detectionAndResponse', name: 'Central logging & monitoring',
    question: 'Are security logs collected in one place and reviewed or alerted on (SIEM or managed SOC)?',
    helpText: 'Logs from email, firewalls, servers and cloud services sent to one system that raises alerts someone acts on.',
    whyItMatters: { text: 'Breaches at organisations using SIEM cost $3.91M against $4.83M without; breaches found by the own team cost about $1M less than those disclosed by the attacker.', source: 'IBM/Ponemon Cost of a Data Breach Report 2025 Fig 41; 2024 Fig 12' },
    options: mitigatorOptions('No', 'Collected, rarely reviewed', 'Alerting + regular review'), allowsNotApplicable: false,
    severityMultiplier: { best: 0.881, partial: 1, worst: 1.088 }, frequencyMultiplier: NO_FREQUENCY_EFFECT,
    source: 'derived from IBM/Ponemon Cost of a Data Breach Report 2025 Fig 41 SIEM 3.91/4.44, 4.83/4.44', isAssumption: false,
  },
  {
    id: 'M8', kind: 'mitigator', group: 'protection', name: 'Encryption of sensitive data',
    question: 'Is sensitive data (patient, customer, card, financial) encrypted on laptops, servers, backups and in transit?',
    helpText: 'Full-disk encryption on laptops, encrypted databases or storage on servers and in the cloud, encrypted backups, and TLS for data sent over networks.',
    whyItMatters: { text: 'Encryption lowered average breach cost by about $208K, one of the largest single effects in the IBM study.', source: 'IBM/Ponemon Cost of a Data Breach Report 2025 Fig 39' },
    options: mitigatorOptions('No', 'Some', 'All'), allowsNotApplicable: false,
    severityMultiplier: { best: 0.898, partial: 1, worst: 1.102 }, frequencyMultiplier: NO_FREQUENCY_EFFECT,
    source: `derived from IBM/Ponemon Cost of a Data Breach Report 2025 Fig 39 encryption -208,087${RULE_2385}`, isAssumption: true,
  },
  {
    id: 'M9', kind: 'mitigator', group: 'detectionAndResponse', name: 'Security AI & automation',
    question: 'Do your security tools automatically detect and block threats (AI email filtering, automated isolation, SOAR playbooks)?',
    helpText: 'Automation that acts without waiting for a person: quarantining a phishing email, isolating an infected laptop, disabling a compromised account.',
    whyItMatters: { text: 'Extensive use of AI-driven insights cut average breach cost from $4.90M to $3.85M; extensive security AI and automation from $5.72M to $3.84M.', source: 'IBM/Ponemon Cost of a Data Breach Report 2025 Fig 41; 2024 Fig 15' },
    options: mitigatorOptions('None', 'Limited', 'Extensive'), allowsNotApplicable: false,
    severityMultiplier: { best: 0.867, partial: 1, worst: 1.104 }, frequencyMultiplier: NO_FREQUENCY_EFFECT,
    source: 'derived from IBM/Ponemon Cost of a Data Breach Report 2025 Fig 41 AI/ML insights 3.85/4.44, 4.90/4.44', isAssumption: false,
  },
  {
    id: 'M10', kind: 'mitigator', group: 'protection', name: 'Secure development / change control',
    question: 'If you build or customise software, websites or integrations, is security testing built into every release?',
    helpText: 'Includes your website, customer portals, scripts and integrations between systems, whether built in-house or by a contractor. Choose "Not applicable" if you build or customise nothing.',
    whyItMatters: { text: 'A DevSecOps approach had the largest cost-reducing effect in the IBM study: $3.89M against $5.02M.', source: 'IBM/Ponemon Cost of a Data Breach Report 2025 Fig 41' },
    options: mitigatorOptions('No', 'Sometimes', 'Always', 'Not applicable: we build or customise nothing'), allowsNotApplicable: true,
    severityMultiplier: { best: 0.876, partial: 1, worst: 1.131 }, frequencyMultiplier: NO_FREQUENCY_EFFECT,
    source: 'derived from IBM/Ponemon Cost of a Data Breach Report 2025 Fig 41 DevSecOps 3.89/4.44, 5.02/4.44', isAssumption: false,
  },
  {
    id: 'M11', kind: 'mitigator', group: 'governance', name: 'Security governance',
    question: 'Is a named person accountable for security (CISO, vCISO or IT lead), and does leadership or the board review cyber risk at least twice a year?',
    helpText: 'Answer "One" if only one of the two is true.',
    whyItMatters: { text: 'An appointed CISO lowered average breach cost by about $114K and board-level oversight by about $111K.', source: 'IBM/Ponemon Cost of a Data Breach Report 2025 Fig 39' },
    options: mitigatorOptions('Neither', 'One of the two', 'Both'), allowsNotApplicable: false,
    severityMultiplier: { best: 0.917, partial: 1, worst: 1.083 }, frequencyMultiplier: NO_FREQUENCY_EFFECT,
    source: `derived from IBM/Ponemon Cost of a Data Breach Report 2025 Fig 39 CISO -113,840 and board -110,772 (e = 0.0233 + 0.5 x 0.0227, overlap weight assumed)${RULE_2385}`, isAssumption: true,
  },
  {
    id: 'A1', kind: 'amplifier', group: 'exposure', name: 'Third-party / supply-chain exposure',
    question: 'Do outside vendors (IT providers, billing, EHR/ERP, payment processors) have remote access to your systems or hold your sensitive data, without security reviews of those vendors?',
    helpText: 'A security review can be a questionnaire, a SOC 2 report or contract clauses you check at least yearly.',
    whyItMatters: { text: 'Supply-chain compromise is the second most common attack vector (15%); breaches involving it cost $4.81M against $4.01M.', source: 'IBM/Ponemon Cost of a Data Breach Report 2025 Fig 40' },
    options: amplifierOptions('Few vendors, all reviewed', 'Several, some reviewed', 'Many, not reviewed'), allowsNotApplicable: false,
    severityMultiplier: { best: 0.903, partial: 1, worst: 1.083 }, frequencyMultiplier: NO_FREQUENCY_EFFECT,
    source: 'derived from IBM/Ponemon Cost of a Data Breach Report 2025 Fig 40 supply chain 4.01/4.44, 4.81/4.44', isAssumption: false,
  },
  {
    id: 'A2', kind: 'amplifier', group: 'governance', name: 'Security system complexity',
    question: 'How many separate security products and consoles do you run without integration?',
    helpText: 'Think of separate tools for email, endpoints, firewalls, backups and identity that each need their own login and do not share alerts.',
    whyItMatters: { text: 'High security-system complexity raised average breach cost to $4.78M against $4.04M at low complexity.', source: 'IBM/Ponemon Cost of a Data Breach Report 2025 Fig 40' },
    options: amplifierOptions('Few, integrated', 'Moderate', 'Many, disjointed'), allowsNotApplicable: false,
    severityMultiplier: { best: 0.91, partial: 1, worst: 1.077 }, frequencyMultiplier: NO_FREQUENCY_EFFECT,
    source: 'derived from IBM/Ponemon Cost of a Data Breach Report 2025 Fig 40 complexity 4.04/4.44, 4.78/4.44', isAssumption: false,
  },
  {
    id: 'A3', kind: 'amplifier', group: 'people', name: 'Security skills shortage',
    question: 'Do you lack enough people with security skills to run and respond (in-house or contracted)?',
    helpText: 'Count contracted help (managed service provider, vCISO, incident-response retainer) as coverage.',
    whyItMatters: { text: 'A severe security skills shortage is the largest amplifier in the IBM study: $5.22M against $3.65M.', source: 'IBM/Ponemon Cost of a Data Breach Report 2025 Fig 42' },
    options: amplifierOptions('Well covered', 'Some gaps', 'Severe shortage'), allowsNotApplicable: false,
    severityMultiplier: { best: 0.822, partial: 1, worst: 1.176 }, frequencyMultiplier: NO_FREQUENCY_EFFECT,
    source: 'derived from IBM/Ponemon Cost of a Data Breach Report 2025 Fig 42 skills shortage 3.65/4.44, 5.22/4.44', isAssumption: false,
  },
  {
    id: 'A4', kind: 'amplifier', group: 'governance', name: 'Regulatory non-compliance',
    question: 'Are you currently short of any regulation or standard you must meet (HIPAA, PCI DSS, GLBA, state privacy laws)?',
    helpText: 'Pre-filled from the compliance section: a mandatory regime you have not started points to "Known non-compliance".',
    whyItMatters: { text: 'High regulatory non-compliance raised average breach cost by $1.04M (23%), and non-compliance raises the chance of a fine after a breach.', source: 'IBM/Ponemon Cost of a Data Breach Report 2023; 2025 Fig 39' },
    options: amplifierOptions('Compliant & evidenced', 'Gaps being fixed', 'Known non-compliance'), allowsNotApplicable: false,
    severityMultiplier: { best: 0.901, partial: 1, worst: 1.135 }, frequencyMultiplier: NO_FREQUENCY_EFFECT,
    source: 'derived from IBM/Ponemon Cost of a Data Breach Report 2023 noncompliance high 5.05M, low 4.01M over 4.45M', isAssumption: false,
  },
  {
    id: 'A5', kind: 'amplifier', group: 'people', name: 'Unsanctioned AI ("shadow AI")',
    question: 'Do employees use AI tools with company data without approved policy or controls?',
    helpText: 'For example pasting customer or patient data into public chatbots or browser AI extensions the company has not approved.',
    whyItMatters: { text: 'Breaches involving high levels of shadow AI cost $670K more ($4.74M against $4.07M); 20% of organisations had one.', source: 'IBM/Ponemon Cost of a Data Breach Report 2025 Fig 40' },
    options: amplifierOptions('Governed', 'Partly governed', 'Widespread, ungoverned'), allowsNotApplicable: false,
    severityMultiplier: { best: 0.917, partial: 1, worst: 1.068 }, frequencyMultiplier: NO_FREQUENCY_EFFECT,
    source: 'derived from IBM/Ponemon Cost of a Data Breach Report 2025 Fig 40 shadow AI 4.07/4.44, 4.74/4.44', isAssumption: false,
  },
  {
    id: 'A6', kind: 'amplifier', group: 'exposure', name: 'IoT / OT / medical devices',
    question: 'Do connected machines, production-line controllers or medical devices share your network?',
    helpText: 'Segmented means these devices sit on their own network zone with firewall rules between them and office computers.',
    whyItMatters: { text: 'Breaches that reached an IoT or OT environment cost about $175K more on average.', source: 'IBM/Ponemon Cost of a Data Breach Report 2025 Fig 39' },
    options: amplifierOptions('None, or fully segmented', 'Partly segmented', 'Flat network'), allowsNotApplicable: false,
    severityMultiplier: { best: 0.915, partial: 1, worst: 1.086 }, frequencyMultiplier: NO_FREQUENCY_EFFECT,
    source: `derived from IBM/Ponemon Cost of a Data Breach Report 2025 Fig 39 IoT/OT +175,010${RULE_2385}`, isAssumption: true,
  },
  {
    id: 'A7', kind: 'amplifier', group: 'exposure', name: 'Data sprawl / cloud migration',
    question: 'Where does your sensitive data live: one managed environment, several managed ones, or scattered (including unmanaged or unknown copies)?',
    helpText: 'Several managed environments means you know and manage every place the data lives (e.g. an on-premises server plus one cloud provider).',
    whyItMatters: { text: 'Breaches of data kept on premises cost $4.18M against $5.03M across multiple environments; shadow data added 16%.', source: 'IBM/Ponemon Cost of a Data Breach Report 2024 Fig 38 and key findings' },
    options: amplifierOptions('One environment', 'Several, inventoried', 'Scattered or unknown'), allowsNotApplicable: false,
    severityMultiplier: { best: 0.857, partial: 1.031, worst: 1.196 }, frequencyMultiplier: NO_FREQUENCY_EFFECT,
    source: 'derived from IBM/Ponemon Cost of a Data Breach Report 2024 Fig 38 on-prem 4.18/4.88, multi-env 5.03/4.88; worst adds shadow-data +16% (composition assumed)', isAssumption: true,
  },
  {
    id: 'A8', kind: 'amplifier', group: 'people', name: 'Remote / hybrid workforce',
    question: "What share of staff work remotely on devices or networks you don't fully manage?",
    helpText: 'Fully managed means company devices with enforced settings, whatever network they connect from.',
    whyItMatters: { text: 'A remote workforce raised average breach cost by about $131K.', source: 'IBM/Ponemon Cost of a Data Breach Report 2025 Fig 39' },
    options: amplifierOptions('Under 10%, or fully managed', 'Some', 'Most, unmanaged'), allowsNotApplicable: false,
    severityMultiplier: { best: 0.936, partial: 1, worst: 1.064 }, frequencyMultiplier: NO_FREQUENCY_EFFECT,
    source: `derived from IBM/Ponemon Cost of a Data Breach Report 2025 Fig 39 remote workforce +131,212${RULE_2385}`, isAssumption: true,
  },
];

/** The catalogue entry of one factor. */
export function getFactor(id: FactorId): FactorDefinition {
  const factor = FACTORS.find((f) => f.id === id);
  if (factor === undefined) throw new RangeError(`factorId: unknown factor ${String(id)}`);
  return factor;
}

/** Multiplier of one factor at one answer ("not applicable" is 1.0). */
export function getAnswerMultiplier(multipliers: LevelMultipliers, answer: KnownFactorAnswer): number {
  return answer === 'notApplicable' ? 1 : multipliers[answer];
}
