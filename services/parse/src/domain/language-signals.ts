// The language tables (./languages) compiled once into lookups shared by every language, so a
// line costs the same whatever the number of languages: whole-text markers are one Map lookup,
// each kind of templated text is one combined pattern. Templated texts (system events) are tried
// only on lines that are already known to be WhatsApp's own (no author, or WhatsApp's mark),
// never on every message.

import { LANGUAGES } from './languages';
import type { LanguageTable } from './languages/language-table';
import type { SystemEvent } from './system-events';

/** What a whole-text marker stands for. */
export type MarkerKind = 'deleted' | 'omitted-media' | 'location' | 'call' | 'poll';

/** Quote characters WhatsApp's locales put around a subject; any of them may stand for any other. */
const QUOTE_CHARACTERS = '"“”„‟«»「」『』';
const QUOTE_CLASS = `[${QUOTE_CHARACTERS}]`;
const APOSTROPHE_CLASS = "['’]";
const SPACE_RUN = '[ \\u00A0\\u202F]+';

/** Zero-width marks and no-break spaces, as the tables leave them out. */
const MARKS_GLOBAL = /[\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;
const NO_BREAK_SPACES_GLOBAL = /[\u00A0\u202F]/g;

/** A text as the tables write it: invisible marks removed, no-break spaces as spaces, edges trimmed. */
export function tableForm(text: string): string {
  return text.replace(MARKS_GLOBAL, '').replace(NO_BREAK_SPACES_GLOBAL, ' ').trim();
}

/** A table text as a pattern: "{}" as `placeholder`, quotes, apostrophes and spaces loosened. */
function templatePattern(template: string, placeholder: string): string {
  return template
    .split('{}')
    .map((literal) => {
      let pattern = '';
      for (const character of literal) {
        if (QUOTE_CHARACTERS.includes(character)) pattern += QUOTE_CLASS;
        else if (character === "'" || character === '’') pattern += APOSTROPHE_CLASS;
        else if (character === ' ') pattern += SPACE_RUN;
        else pattern += character.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
      }
      return pattern;
    })
    .join(placeholder);
}

/** One anchored pattern matching any of the texts in full; a final "." optional. */
function wholeLinePattern(templates: readonly string[]): RegExp | null {
  if (templates.length === 0) return null;
  const alternatives = [
    ...new Set(templates.map((template) => templatePattern(stripFinalDot(template), '.*'))),
  ];
  return new RegExp(`^(?:${alternatives.join('|')})\\.?$`, 'is');
}

function stripFinalDot(text: string): string {
  return text.endsWith('.') && !text.endsWith('...') ? text.slice(0, -1) : text;
}

function collect(pick: (table: LanguageTable) => readonly string[] | undefined): string[] {
  return LANGUAGES.flatMap((table) => pick(table) ?? []);
}

/** Events in the order they are tried: those quoting a user-chosen name first, generic ones last. */
const EVENT_ORDER: readonly Exclude<SystemEvent, 'encryption'>[] = [
  'subject-changed',
  'group-created',
  'member-joined',
  'icon-changed',
  'description-changed',
  'security-code-changed',
  'disappearing-messages',
  'number-changed',
  'settings-changed',
  'admin-changed',
  'member-left',
  'member-removed',
  'member-added',
  'other',
];

const ENCRYPTION = new RegExp(
  collect((table) => table.encryption)
    .map((phrase) => templatePattern(phrase, '.*'))
    .join('|'),
  'i',
);

const EVENT_PATTERNS: ReadonlyArray<readonly [SystemEvent, RegExp]> = EVENT_ORDER.flatMap((event) => {
  const pattern = wholeLinePattern(collect((table) => table.events[event]));
  return pattern === null ? [] : [[event, pattern] as const];
});

/** Events whose text quotes a user-chosen name, which may itself contain ": ". */
const QUOTING_PATTERNS = EVENT_PATTERNS.filter(
  ([event]) => event === 'subject-changed' || event === 'group-created',
);

/** The event a one-line system text describes, or null when no language table knows the text. */
export function recogniseSystemEvent(text: string): SystemEvent | null {
  const line = tableForm(text);
  if (ENCRYPTION.test(line)) return 'encryption';
  for (const [event, pattern] of EVENT_PATTERNS) if (pattern.test(line)) return event;
  return null;
}

/**
 * A line whose first ": " lies inside a quoted name of a system event ("Alice changed the subject
 * from "a: b" to "c"") is that event, not a message by "Alice changed the subject from "a". Asked
 * only when the text before that ": " holds a quote, so ordinary messages cost nothing here.
 */
export function quotingSystemEvent(line: string, beforeColon: number): SystemEvent | null {
  let firstQuote = 0;
  while (firstQuote < beforeColon && !QUOTE_CHARACTERS.includes(line[firstQuote])) firstQuote++;
  if (firstQuote >= beforeColon) return null;
  const text = tableForm(line);
  for (const [event, pattern] of QUOTING_PATTERNS) if (pattern.test(text)) return event;
  return null;
}

/** Whole first lines (edges trimmed, a final "." optional) that are markers, exactly as written. */
const MARKERS = new Map<string, MarkerKind>();
function addMarkers(texts: readonly string[], kind: MarkerKind): void {
  for (const text of texts) {
    const bare = stripFinalDot(text);
    MARKERS.set(bare, kind);
    MARKERS.set(`${bare}.`, kind);
  }
}
addMarkers(
  collect((table) => table.deleted),
  'deleted',
);
addMarkers(
  collect((table) => table.mediaOmitted),
  'omitted-media',
);
addMarkers(
  collect((table) => table.liveLocation),
  'location',
);
addMarkers(
  collect((table) => table.missedCall),
  'call',
);
addMarkers(
  collect((table) => table.poll),
  'poll',
);

/** First and last character of every marker: most texts are ruled out by two character reads. */
const MARKER_ENDS = new Set([...MARKERS.keys()].map((marker) => markerEnds(marker)));

/** First and last character code folded into one small integer (a cheap key, collisions allowed). */
function markerEnds(text: string): number {
  return ((text.charCodeAt(0) & 0x7fff) << 15) | (text.charCodeAt(text.length - 1) & 0x7fff);
}

/** What a whole (trimmed) first line stands for, when it is one of WhatsApp's markers. */
export function markerKind(head: string): MarkerKind | undefined {
  return head.length > 0 && MARKER_ENDS.has(markerEnds(head)) ? MARKERS.get(head) : undefined;
}

/** Appended to an edited message's text, in every language that has one. */
export const EDITED_MARKERS: readonly string[] = collect((table) => table.edited);

/** Texts around a file's name, as one pattern whose only filled group is the name. */
function namePattern(templates: readonly string[]): RegExp {
  const alternatives = [...new Set(templates)].map((template) => templatePattern(template, '(.+?)'));
  return new RegExp(`^(?:${alternatives.join('|')})$`);
}

const ANDROID_ATTACHMENT_TEMPLATES = collect((table) => table.fileAttached);
/** Android: "NAME (file attached)" in every language. */
const ANDROID_ATTACHMENT = namePattern(ANDROID_ATTACHMENT_TEMPLATES);
/** Last characters of those texts (first ones where the name comes last): other lines are not tried. */
const ANDROID_ATTACHMENT_ENDS = new Set(
  ANDROID_ATTACHMENT_TEMPLATES.filter((template) => !template.endsWith('{}')).map((template) =>
    template.charCodeAt(template.length - 1),
  ),
);
const ANDROID_ATTACHMENT_STARTS = new Set(
  ANDROID_ATTACHMENT_TEMPLATES.filter((template) => template.endsWith('{}')).map((template) =>
    template.charCodeAt(0),
  ),
);

/** The file name (as written, marks included) of an Android attachment line, or null. */
export function androidAttachmentName(head: string): string | null {
  if (
    !ANDROID_ATTACHMENT_ENDS.has(head.charCodeAt(head.length - 1)) &&
    !ANDROID_ATTACHMENT_STARTS.has(head.charCodeAt(0))
  )
    return null;
  const m = ANDROID_ATTACHMENT.exec(head.replace(MARKS_GLOBAL, '').replace(NO_BREAK_SPACES_GLOBAL, ' '));
  if (m === null) return null;
  for (let i = 1; i < m.length; i++) if (m[i] !== undefined) return m[i];
  return null;
}

/** "location: https://…" in every language. */
export const LOCATION = new RegExp(
  `^(?:${[...new Set(collect((table) => table.location))].map((template) => templatePattern(template.replace(/ ?\{\}$/, ''), '')).join('|')})${SPACE_RUN.replace('+', '*')}https?:\\/\\/\\S+$`,
  'i',
);

/** iOS: "<attached: NAME>" in every language, possibly after a document's description. */
const IOS_ATTACHMENT = new RegExp(
  `^(.*?)(?:${[...new Set(collect((table) => table.attached))].map((template) => templatePattern(template, '(.+)')).join('|')})$`,
);
/** iOS in a language without a table: WhatsApp's mark right before "<word: NAME>". */
const MARKED_IOS_ATTACHMENT = /^(.*?)\u200E<[^<>:\n]{1,40}:\s(.+)>$/;

/** [description before the marker, file name] of an iOS attachment line, or null. */
export function iosAttachment(head: string): [description: string, name: string] | null {
  const m = IOS_ATTACHMENT.exec(head) ?? MARKED_IOS_ATTACHMENT.exec(head);
  if (m === null) return null;
  for (let i = 2; i < m.length; i++) if (m[i] !== undefined) return [m[1], m[i]];
  return null;
}
