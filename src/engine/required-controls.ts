import type { FactorAnswer, FactorId, FactorLevel } from './factors.ts';
import { FRAMEWORK_IDS, type FrameworkId } from './frameworks.ts';
import type { FactorAnswers, FrameworkStates } from './risk-input.ts';

/**
 * Why a control is required whatever its return: a framework the
 * organisation selected, or what a typical cyber-insurance application asks
 * for (ADR 211). `reason` is plain words with the citation in brackets.
 */
export interface RequiredReason {
  readonly source: 'framework' | 'insurance';
  readonly framework?: FrameworkId;
  readonly reason: string;
}

/** One requirement: the factor, the least answer that meets it, and why. */
interface Requirement {
  readonly factorId: FactorId;
  /** The answer that meets the requirement; anything below it (or "I don't know") does not. */
  readonly meetsAt: FactorLevel;
  readonly reason: string;
}

const need = (factorId: FactorId, reason: string, meetsAt: FactorLevel = 'best'): Requirement => ({ factorId, meetsAt, reason });

/**
 * What each framework requires, by factor. A framework requires only what its
 * text requires: where the factor's best answer asks for more than the rule
 * (e.g. HIPAA names a security official but no board review), the rule is
 * met at "partial". NIST CSF is voluntary and self-assessed: it requires
 * nothing here.
 */
const FRAMEWORK_REQUIREMENTS: { readonly [F in FrameworkId]: readonly Requirement[] } = {
  nistCsf: [],
  hipaa: [
    need(
      'M3',
      'HIPAA Security Rule requires access control and person-or-entity authentication for every system holding patient data (45 CFR 164.312(a)(1) and (d)); the 2025 proposed update makes multi-factor login explicit (HHS, 90 FR 898)',
    ),
    need(
      'M2',
      'HIPAA Security Rule requires security incident procedures and a contingency plan with data backup, disaster recovery and testing (45 CFR 164.308(a)(6) and (a)(7))',
    ),
    need(
      'M8',
      'HIPAA Security Rule requires encryption of patient data at rest and in transit or a documented equivalent (45 CFR 164.312(a)(2)(iv) and (e)(2)(ii)); only encrypted data escapes breach notification (45 CFR 164.402)',
    ),
    need('M1', 'HIPAA Security Rule requires security awareness training for the whole workforce (45 CFR 164.308(a)(5))'),
    need(
      'M7',
      'HIPAA Security Rule requires audit controls and regular review of system activity (45 CFR 164.312(b) and 164.308(a)(1)(ii)(D))',
    ),
    need(
      'M11',
      'HIPAA Security Rule requires a named security official and a documented risk analysis (45 CFR 164.308(a)(2) and (a)(1)(ii)(A))',
      'partial',
    ),
    need('A1', 'HIPAA requires a business associate agreement with every vendor that handles patient data (45 CFR 164.308(b)(1))'),
    need('A4', 'HIPAA compliance is mandatory for covered entities and their business associates (45 CFR Part 164, Subpart C)'),
  ],
  pciDss: [
    need(
      'M3',
      'PCI DSS requires multi-factor login for all access into the card data environment and for remote access, and least privilege (PCI DSS v4.0.1 Req. 7, 8.4.2, 8.4.3)',
    ),
    need('M8', 'PCI DSS requires stored card numbers to be unreadable and strong cryptography in transit (PCI DSS v4.0.1 Req. 3.5, 4.2.1)'),
    need(
      'M4',
      'PCI DSS requires critical patches within one month, quarterly vulnerability scans and a yearly penetration test (PCI DSS v4.0.1 Req. 6.3.3, 11.3, 11.4)',
    ),
    need('M7', 'PCI DSS requires logging of all access to card data and daily automated log review (PCI DSS v4.0.1 Req. 10, 10.4.1.1)'),
    need('M1', 'PCI DSS requires yearly security awareness training including phishing (PCI DSS v4.0.1 Req. 12.6, 12.6.3.1)'),
    need('M2', 'PCI DSS requires an incident response plan tested at least once a year (PCI DSS v4.0.1 Req. 12.10.1, 12.10.2)'),
    need('M5', 'PCI DSS requires secure configuration standards for every system component (PCI DSS v4.0.1 Req. 2.2)'),
    need(
      'M10',
      'PCI DSS requires bespoke software to be developed securely and public web applications to be protected (PCI DSS v4.0.1 Req. 6.2, 6.4)',
    ),
    need(
      'A1',
      'PCI DSS requires a managed list of service providers with their security responsibilities checked yearly (PCI DSS v4.0.1 Req. 12.8)',
    ),
    need('A4', 'PCI DSS is mandatory for anyone who stores, processes or transmits card data (card brand rules; PCI DSS v4.0.1 scope)'),
  ],
  glba: [
    need(
      'M3',
      'GLBA Safeguards Rule requires multi-factor authentication for anyone accessing any system with customer information (16 CFR 314.4(c)(5))',
    ),
    need('M8', 'GLBA Safeguards Rule requires encryption of customer information at rest and in transit (16 CFR 314.4(c)(3))'),
    need('M1', 'GLBA Safeguards Rule requires security awareness training for all staff (16 CFR 314.4(e))'),
    need('M2', 'GLBA Safeguards Rule requires a written incident response plan (16 CFR 314.4(h))'),
    need(
      'M4',
      'GLBA Safeguards Rule requires continuous monitoring or a yearly penetration test and vulnerability assessments every six months (16 CFR 314.4(d)(2))',
    ),
    need('M7', 'GLBA Safeguards Rule requires monitoring and logging of user activity (16 CFR 314.4(c)(8))'),
    need('M10', 'GLBA Safeguards Rule requires secure development practices for in-house applications (16 CFR 314.4(c)(4))'),
    need(
      'M11',
      'GLBA Safeguards Rule requires a qualified individual who reports to the board at least yearly (16 CFR 314.4(a) and (i))',
      'partial',
    ),
    need('A1', 'GLBA Safeguards Rule requires oversight of service providers (16 CFR 314.4(f))'),
    need('A7', 'GLBA Safeguards Rule requires an inventory of data and systems (16 CFR 314.4(c)(2))'),
    need('A4', 'The GLBA Safeguards Rule is mandatory for financial institutions holding consumer financial information (16 CFR Part 314)'),
  ],
  sox: [
    need(
      'M3',
      'SOX internal control over financial reporting requires IT general controls over access to financial systems (SOX s.404; PCAOB AS 2201)',
    ),
    need(
      'M10',
      'SOX internal control over financial reporting requires IT general controls over program changes (SOX s.404; PCAOB AS 2201)',
    ),
    need('M11', 'SOX requires management assessment of internal control and audit committee oversight (SOX s.302, s.404)', 'partial'),
    need('A4', 'SOX is mandatory for public issuers (Sarbanes-Oxley Act of 2002)'),
  ],
  iso27001: [
    need(
      'M1',
      'ISO/IEC 27001 certification expects awareness training unless the Statement of Applicability justifies leaving it out (ISO/IEC 27001:2022 Annex A 6.3)',
    ),
    need(
      'M2',
      'ISO/IEC 27001 certification expects incident management, tested backups and continuity (ISO/IEC 27001:2022 Annex A 5.24-5.30, 8.13)',
    ),
    need(
      'M3',
      'ISO/IEC 27001 certification expects access control, privileged-access limits and secure authentication (ISO/IEC 27001:2022 Annex A 5.15, 8.2, 8.5)',
    ),
    need('M4', 'ISO/IEC 27001 certification expects management of technical vulnerabilities (ISO/IEC 27001:2022 Annex A 8.8)'),
    need('M5', 'ISO/IEC 27001 certification expects configuration management (ISO/IEC 27001:2022 Annex A 8.9)'),
    need('M7', 'ISO/IEC 27001 certification expects logging and monitoring (ISO/IEC 27001:2022 Annex A 8.15, 8.16)'),
    need('M8', 'ISO/IEC 27001 certification expects rules for the use of cryptography (ISO/IEC 27001:2022 Annex A 8.24)'),
    need(
      'M11',
      'ISO/IEC 27001 requires top-management leadership, assigned roles and management review (ISO/IEC 27001:2022 clauses 5 and 9.3)',
      'partial',
    ),
    need('A1', 'ISO/IEC 27001 certification expects supplier security (ISO/IEC 27001:2022 Annex A 5.19-5.22)'),
  ],
  soc2: [
    need('M3', 'A SOC 2 opinion tests logical access controls (AICPA Trust Services Criteria CC6.1-CC6.3)'),
    need('M2', 'A SOC 2 opinion tests incident response and recovery (AICPA Trust Services Criteria CC7.3-CC7.5)'),
    need('M4', 'A SOC 2 opinion tests vulnerability detection and management (AICPA Trust Services Criteria CC7.1)'),
    need('M7', 'A SOC 2 opinion tests monitoring of systems for anomalies (AICPA Trust Services Criteria CC7.2)'),
    need('M10', 'A SOC 2 opinion tests change management (AICPA Trust Services Criteria CC8.1)'),
    need('A1', 'A SOC 2 opinion tests vendor risk management (AICPA Trust Services Criteria CC9.2)'),
  ],
};

const MARSH = 'Marsh, "Cyber resilience: twelve key controls", March 2022: the five controls underwriters look at first';

/**
 * What a typical cyber-insurance application asks for before it offers cover:
 * Marsh's top five of its twelve key controls (MFA, EDR, privileged access,
 * secured and tested backups, incident response planning and testing). Asked of
 * every applicant, so they apply whether or not a policy was entered (ADR 211).
 */
const INSURANCE_REQUIREMENTS: readonly Requirement[] = [
  need(
    'M3',
    `A typical cyber-insurance application requires multi-factor login for email, remote access and admin accounts, and limited admin rights (${MARSH})`,
  ),
  need('M6', `A typical cyber-insurance application requires EDR on every computer, not antivirus alone (${MARSH})`, 'partial'),
  need(
    'M2',
    `A typical cyber-insurance application requires secured, tested offline or immutable backups and a tested incident response plan (${MARSH})`,
  ),
];

const LEVEL_RANK: { readonly [A in FactorAnswer]: number } = {
  worst: 0,
  partial: 1,
  best: 2,
  unknown: -1,
  notApplicable: Number.POSITIVE_INFINITY,
};

/** True when the answer falls short of the requirement ("I don't know" does; "not applicable" never does). */
function fallsShort(answer: FactorAnswer, meetsAt: FactorLevel): boolean {
  return LEVEL_RANK[answer] < LEVEL_RANK[meetsAt];
}

/**
 * The frameworks the organisation selected (any status but "not applicable"), in catalogue order:
 * the input's key order is not kept by a stored JSON document, and the reasons must not move with it.
 */
function selectedFrameworks(frameworks: FrameworkStates): FrameworkId[] {
  return FRAMEWORK_IDS.filter((id) => {
    const state = frameworks[id];
    return state !== undefined && state.status !== 'notApplicable';
  });
}

/**
 * For every factor whose answer falls short of a requirement, the reasons
 * it is required: each selected framework's requirement first, then the
 * insurance one. Factors that meet every requirement get none.
 */
export function findRequiredControls(
  answers: FactorAnswers,
  frameworks: FrameworkStates,
): ReadonlyMap<FactorId, readonly RequiredReason[]> {
  const reasons = new Map<FactorId, RequiredReason[]>();
  const add = (requirement: Requirement, reason: RequiredReason): void => {
    const answer = answers[requirement.factorId] ?? 'partial';
    if (!fallsShort(answer, requirement.meetsAt)) return;
    reasons.set(requirement.factorId, [...(reasons.get(requirement.factorId) ?? []), reason]);
  };
  for (const framework of selectedFrameworks(frameworks)) {
    for (const r of FRAMEWORK_REQUIREMENTS[framework]) add(r, { source: 'framework', framework, reason: r.reason });
  }
  for (const r of INSURANCE_REQUIREMENTS) add(r, { source: 'insurance', reason: r.reason });
  return reasons;
}
