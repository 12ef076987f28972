// System events (no author). Android writes them without "Author: "; iOS often puts the group's
// (or contact's) name where an author goes and starts the text with U+200E. Which event a text
// is comes from the language tables (./language-signals.ts).

export { quotingSystemEvent, recogniseSystemEvent } from './language-signals';

export type SystemEvent =
  | 'encryption'
  | 'group-created'
  | 'member-added'
  | 'member-removed'
  /** The exporting account removed from the group ("You were removed", "Ann removed you"): its export ends there. */
  | 'removed-you'
  | 'member-left'
  | 'member-joined'
  | 'subject-changed'
  | 'icon-changed'
  | 'description-changed'
  | 'security-code-changed'
  | 'disappearing-messages'
  | 'number-changed'
  | 'admin-changed'
  | 'settings-changed'
  | 'other';

/** Whether a text holds a quote character that opens a user-chosen name: " “ ” „ ‟ « » ‹ › 「 」 『 』. */
export function hasQuote(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (
      c === 0x22 ||
      c === 0xab ||
      c === 0xbb ||
      (c >= 0x201c && c <= 0x201f) ||
      c === 0x2039 ||
      c === 0x203a ||
      (c >= 0x300c && c <= 0x300f)
    ) {
      return true;
    }
  }
  return false;
}
