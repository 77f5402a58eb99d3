/** What the user has typed into the help dialog; kept by the dialog while it is closed. */
export interface HelpDraft {
  category: string;
  subject: string;
  message: string;
}

export const EMPTY_HELP_DRAFT: HelpDraft = { category: '', subject: '', message: '' };
