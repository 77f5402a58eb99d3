/** Escapes LIKE's wildcards so a search term matches literally (the admin searches take free text). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
