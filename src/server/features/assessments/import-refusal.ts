import type { TemplateIssue } from '@/contracts/assessment-template.ts';
import { IMPORT_MAX_ISSUES } from '@/contracts/import.ts';
import { AppError } from '../../errors.ts';

/** Where an issue is, in the `path` every 400 of the API carries beside the import's row and field. */
function pathOf(issue: TemplateIssue): string {
  return issue.row === null ? issue.field : `row ${issue.row}: ${issue.field}`;
}

/**
 * The 400 of a refused import (nothing written): each problem with its row and field, the first
 * IMPORT_MAX_ISSUES of them, and a message that says how many there are.
 */
export function importRefusal(message: string, issues: readonly TemplateIssue[]): AppError {
  const listed = issues.slice(0, IMPORT_MAX_ISSUES).map((issue) => ({ ...issue, path: pathOf(issue) }));
  const more = issues.length > listed.length ? ` The first ${listed.length} of ${issues.length} problems are listed.` : '';
  return new AppError('bad_request', `${message}${more}`, { issues: listed });
}

/** Throws the refusal when the file had any problem. */
export function refuseIfAny(issues: readonly TemplateIssue[]): void {
  if (issues.length === 0) return;
  const rows = new Set(issues.map((issue) => issue.row).filter((row) => row !== null));
  const where = rows.size > 0 ? ` on ${rows.size} row${rows.size === 1 ? '' : 's'}` : '';
  throw importRefusal(`Nothing was imported: the file has ${issues.length} problem${issues.length === 1 ? '' : 's'}${where}. Fix them and import it again.`, issues);
}
