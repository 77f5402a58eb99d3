import { z } from 'zod';
import type { FactorAnswer, FactorId } from '@/engine/factors.ts';

/**
 * The business-leader path: about ten minutes of plain-language questions for a
 * CEO, CFO or practice manager. Each option sets one or more of the 19 factors; "I don't know"
 * sets every factor of the question to 'unknown', which the engine spreads over the possible
 * levels (the result's range widens) instead of guessing silently. Every factor is covered by
 * exactly one question, so the mapping is a complete, unambiguous answer set.
 */

export const UNKNOWN_ANSWER = 'unknown' as const;

export interface BusinessOption {
  readonly value: string;
  readonly label: string;
  readonly factors: { readonly [F in FactorId]?: Exclude<FactorAnswer, 'unknown'> };
}

export interface BusinessQuestion {
  readonly id: string;
  readonly question: string;
  /** One sentence on why it matters, without jargon. */
  readonly hint: string;
  /** The factors this question answers (every option sets all of them). */
  readonly factorIds: readonly FactorId[];
  readonly options: readonly BusinessOption[];
}

function option(value: string, label: string, factors: BusinessOption['factors']): BusinessOption {
  return { value, label, factors };
}

export const BUSINESS_QUESTIONS = [
  {
    id: 'phoneCode',
    question: 'Do staff need a code from their phone to read e-mail from home?',
    hint: 'A second step at login (a code or an app prompt) stops most stolen-password break-ins.',
    factorIds: ['M3'],
    options: [
      option('everyone', 'Yes, everyone, for e-mail and every remote system', { M3: 'best' }),
      option('some', 'Some people or some systems', { M3: 'partial' }),
      option('no', 'No', { M3: 'worst' }),
    ],
  },
  {
    id: 'updates',
    question: 'When a security update comes out, is it installed on every computer within a week, with computers set up to a company standard?',
    hint: 'Attackers use known holes within days of an update being published.',
    factorIds: ['M4', 'M5'],
    options: [
      option('week', 'Yes, within a week, and computers follow a standard set-up', { M4: 'best', M5: 'best' }),
      option('month', 'Usually within a month', { M4: 'partial', M5: 'partial' }),
      option('later', 'Often later, or when someone gets round to it', { M4: 'worst', M5: 'worst' }),
    ],
  },
  {
    id: 'training',
    question: 'Do all staff get security training at least once a year, including practice with fake phishing e-mails?',
    hint: 'Most breaches start with a person clicking a link or approving a request.',
    factorIds: ['M1'],
    options: [
      option('all', 'Yes, everyone, with practice e-mails', { M1: 'best' }),
      option('some', 'Some staff, or now and then', { M1: 'partial' }),
      option('no', 'No', { M1: 'worst' }),
    ],
  },
  {
    id: 'ransomPlan',
    question: 'If ransomware locked every computer tomorrow, is there a written plan the team has practised, including restoring from backups?',
    hint: 'A practised plan and working backups are what make an incident a bad week rather than a bad year.',
    factorIds: ['M2'],
    options: [
      option('practised', 'Yes, written and practised in the last year', { M2: 'best' }),
      option('written', 'Written, never practised', { M2: 'partial' }),
      option('none', 'No plan', { M2: 'worst' }),
    ],
  },
  {
    id: 'watching',
    question: 'Does someone, your team or an outside provider, watch your computers for attacks around the clock?',
    hint: 'The sooner an attack is seen, the less it costs.',
    factorIds: ['M6', 'M7', 'M9', 'A2'],
    options: [
      option('always', 'Yes, 24/7, with tools that block threats automatically', { M6: 'best', M7: 'best', M9: 'best', A2: 'best' }),
      option('tools', 'We have security tools, but nobody watches them full time', { M6: 'partial', M7: 'partial', M9: 'partial', A2: 'partial' }),
      option('antivirus', 'Antivirus only', { M6: 'worst', M7: 'worst', M9: 'worst', A2: 'worst' }),
    ],
  },
  {
    id: 'encryption',
    question: 'Is customer, patient or financial data encrypted on laptops, servers and backups?',
    hint: 'Encrypted data on a stolen laptop is not a reportable breach in most places.',
    factorIds: ['M8'],
    options: [option('all', 'Yes, everywhere', { M8: 'best' }), option('some', 'Some of it', { M8: 'partial' }), option('no', 'No', { M8: 'worst' })],
  },
  {
    id: 'software',
    question: 'Do you build or customise software, websites or integrations?',
    hint: 'Software you build can carry holes of its own unless it is tested before each release.',
    factorIds: ['M10'],
    options: [
      option('none', 'No, we build or customise nothing', { M10: 'notApplicable' }),
      option('tested', 'Yes, and security is tested in every release', { M10: 'best' }),
      option('sometimes', 'Yes, tested sometimes', { M10: 'partial' }),
      option('untested', 'Yes, without security testing', { M10: 'worst' }),
    ],
  },
  {
    id: 'owner',
    question: 'Is one named person accountable for cyber security, and does leadership review cyber risk at least twice a year?',
    hint: 'Risk that nobody owns is risk that nobody reduces.',
    factorIds: ['M11'],
    options: [option('both', 'Both', { M11: 'best' }), option('one', 'One of the two', { M11: 'partial' }), option('neither', 'Neither', { M11: 'worst' })],
  },
  {
    id: 'people',
    question: 'Do you have enough people with security skills, on staff or contracted, to handle an attack?',
    hint: 'An incident needs hands that know what to do, the same day.',
    factorIds: ['A3'],
    options: [option('covered', 'Yes, well covered', { A3: 'best' }), option('gaps', 'Some gaps', { A3: 'partial' }), option('short', 'No, a real shortage', { A3: 'worst' })],
  },
  {
    id: 'suppliers',
    question: 'Do outside suppliers (IT provider, billing, software vendors) have access to your systems or data, and do you check their security?',
    hint: 'A supplier with access is a door into your organisation.',
    factorIds: ['A1'],
    options: [
      option('fewChecked', 'Few suppliers, all checked', { A1: 'best' }),
      option('someChecked', 'Several, some checked', { A1: 'partial' }),
      option('manyUnchecked', 'Many, not checked', { A1: 'worst' }),
    ],
  },
  {
    id: 'rules',
    question: 'Are you meeting the rules that apply to you (for example HIPAA or PCI DSS), with evidence an auditor would accept?',
    hint: 'Known gaps make fines more likely after an incident.',
    factorIds: ['A4'],
    options: [
      option('evidenced', 'Yes, with evidence', { A4: 'best' }),
      option('fixing', 'There are gaps we are fixing', { A4: 'partial' }),
      option('short', 'We know we fall short', { A4: 'worst' }),
    ],
  },
  {
    id: 'workplace',
    question: 'How do staff work: on company-managed devices, or from home on their own devices and networks?',
    hint: 'Devices the company does not manage are harder to protect.',
    factorIds: ['A8'],
    options: [
      option('managed', 'Almost all on managed devices (under 10% unmanaged)', { A8: 'best' }),
      option('some', 'Some work on their own devices', { A8: 'partial' }),
      option('most', 'Most work on unmanaged devices', { A8: 'worst' }),
    ],
  },
  {
    id: 'aiTools',
    question: 'Do staff paste company data into AI tools (such as ChatGPT) without an approved policy?',
    hint: 'Data pasted into an unapproved tool has left your control.',
    factorIds: ['A5'],
    options: [
      option('governed', 'No, there is a policy and approved tools', { A5: 'best' }),
      option('partly', 'There is a policy, loosely followed', { A5: 'partial' }),
      option('widespread', 'Yes, widely, with no policy', { A5: 'worst' }),
    ],
  },
  {
    id: 'devices',
    question: 'Are connected machines or medical devices kept on a separate network from office computers?',
    hint: 'An attack that reaches a device on the office network can stop operations.',
    factorIds: ['A6'],
    options: [
      option('separate', 'We have none, or they are fully separated', { A6: 'best' }),
      option('partly', 'Partly separated', { A6: 'partial' }),
      option('shared', 'They share the office network', { A6: 'worst' }),
    ],
  },
  {
    id: 'dataLocation',
    question: 'Do you know where all your sensitive data is kept?',
    hint: 'Copies nobody knows about are copies nobody protects.',
    factorIds: ['A7'],
    options: [
      option('one', 'Yes, in one managed system', { A7: 'best' }),
      option('several', 'In several systems, all listed', { A7: 'partial' }),
      option('scattered', 'Scattered, or we are not sure', { A7: 'worst' }),
    ],
  },
] as const satisfies readonly BusinessQuestion[];

export type BusinessQuestionId = (typeof BUSINESS_QUESTIONS)[number]['id'];

const answerShape = Object.fromEntries(
  BUSINESS_QUESTIONS.map((q) => [q.id, z.enum([UNKNOWN_ANSWER, ...q.options.map((o) => o.value)] as [string, ...string[]]).optional()]),
) as { [Q in BusinessQuestionId]: z.ZodOptional<z.ZodEnum<Record<string, string>>> };

/** Business-leader answers by question id; each is one of the question's option values or 'unknown'. */
export const BusinessAnswersSchema = z.strictObject(answerShape);
export type BusinessAnswers = { [Q in BusinessQuestionId]?: string };

/** The factor answers the business answers imply (unanswered questions leave their factors out). */
export function mapBusinessAnswersToFactors(answers: BusinessAnswers): { [F in FactorId]?: FactorAnswer } {
  const factors: { [F in FactorId]?: FactorAnswer } = {};
  for (const question of BUSINESS_QUESTIONS as readonly BusinessQuestion[]) {
    const answer = answers[question.id as BusinessQuestionId];
    if (answer === undefined) continue;
    if (answer === UNKNOWN_ANSWER) {
      for (const id of question.factorIds) factors[id] = 'unknown';
      continue;
    }
    const chosen = question.options.find((o) => o.value === answer);
    if (chosen) Object.assign(factors, chosen.factors);
  }
  return factors;
}

/** The question that answers a factor (every factor has exactly one). */
export function findQuestionForFactor(factorId: FactorId): BusinessQuestion {
  const question = (BUSINESS_QUESTIONS as readonly BusinessQuestion[]).find((q) => q.factorIds.includes(factorId));
  if (!question) throw new RangeError(`factorId: no business question covers ${factorId}`);
  return question;
}
