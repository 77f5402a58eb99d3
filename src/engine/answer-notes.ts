/**
 * The result's notes on the answers themselves, in the words the user answered in (ADR 314): the
 * questions by their names, never a factor code or an answer code. The engine names the factors;
 * the results page and the reports name a path's own questions through the same sentences
 * (src/reports/result-notes.ts).
 */

/** The questions quoted, in the order given: a question may end in its own question mark. */
const quoted = (questions: readonly string[]): string => questions.map((q) => `“${q}”`).join(', ');

/** The note on questions left unanswered, naming them as the user saw them (ADR 314). */
export function describeAssumedAnswers(questions: readonly string[]): string {
  return `Not answered, so taken as the average answer: ${quoted(questions)}.`;
}

/** The note on "I don't know" answers, naming the questions as the user saw them (ADR 314). */
export function describeUnknownAnswers(questions: readonly string[]): string {
  return `Answered “I don't know” to ${quoted(questions)}. Each simulated year draws these answers from how common each one is, which widens the range; answering them narrows it.`;
}
