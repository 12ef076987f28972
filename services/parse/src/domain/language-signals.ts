// The language tables (./languages) compiled once into lookups shared by every language, so a
// line costs about the same whatever the number of languages: whole-text markers are one Map
// lookup, attachment and location texts one combined pattern per kind, system texts indexed by
// their longest literal piece (a line is tried only against the texts whose piece it holds).
// System texts are tried only on lines that are already known to be WhatsApp's own (no author,
// or WhatsApp's mark), never on every message.

import { isZeroWidthMark } from './invisible-marks';
import { LANGUAGES } from './languages';
import type { LanguageTable } from './languages/language-table';
import type { SystemEvent } from './system-events';

/** What a whole-text marker stands for. */
export type MarkerKind = 'deleted' | 'omitted-media' | 'location' | 'call' | 'poll';

/** Quote characters WhatsApp's locales put around a subject; any of them may stand for any other. */
const QUOTE_CHARACTERS = '"“”„‟«»「」『』';
const QUOTE_CLASS = `[${QUOTE_CHARACTERS}]`;
const QUOTE_CODES = new Set([...QUOTE_CHARACTERS].map((character) => character.charCodeAt(0)));
const APOSTROPHE_CLASS = "['’]";
const SPACE_RUN = '[ \\u00A0\\u202F]+';

/**
 * A set of numbers from 0 to 0xFFFF (character codes, folded keys) as 65,536 bits: asked for
 * every message, where a Set's hashing costs more than the one bit test.
 */
class SixteenBitSet {
  private readonly bits = new Int32Array(2048);

  add(value: number): void {
    this.bits[value >>> 5] |= 1 << (value & 31);
  }

  /** NaN (the code of a character past the end) reads as 0. */
  has(value: number): boolean {
    return (this.bits[(value & 0xffff) >>> 5] & (1 << (value & 31))) !== 0;
  }
}

/** Zero-width marks and no-break spaces, as the tables leave them out. */
const MARKS_GLOBAL = /[\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;
const NO_BREAK_SPACES_GLOBAL = /[\u00A0\u202F]/g;

/** A text as the tables write it: invisible marks removed, no-break spaces as spaces, edges trimmed. */
function tableForm(text: string): string {
  // Most texts hold neither: a scan is cheaper than two regular-expression replacements.
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0xa0 || code === 0x202f || isZeroWidthMark(code)) {
      return text.replace(MARKS_GLOBAL, '').replace(NO_BREAK_SPACES_GLOBAL, ' ').trim();
    }
  }
  return text.trim();
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

function stripFinalDot(text: string): string {
  return text.endsWith('.') && !text.endsWith('...') ? text.slice(0, -1) : text;
}

function collect(pick: (table: LanguageTable) => readonly string[] | undefined): string[] {
  return LANGUAGES.flatMap((table) => pick(table) ?? []);
}

/** Events in the order they win: the encryption notice, those quoting a user-chosen name, generic ones last. */
const EVENT_ORDER: readonly SystemEvent[] = [
  'encryption',
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
  // Before member-removed, whose "{} removed {}" also reads "Ann removed you".
  'removed-you',
  'member-removed',
  'member-added',
  'other',
];

/**
 * One system text of one language. Its pattern is made when a line first gets that far: a chat
 * tries few of the some 1,500 texts, and making them all took about 20 ms of every start. It is
 * lower-cased and tried on the lower-cased line, which the keyword is already found in, rather
 * than made case-insensitive: that took V8 several times longer to compile, about 80 ms of a
 * 40k-message chat that uses every language's texts.
 */
class SystemText {
  /** The text's longest literal piece, lower-cased: a line without it cannot match. */
  readonly keyword: string;
  private pattern: RegExp | null = null;

  constructor(
    readonly event: SystemEvent,
    /** Position of the event in EVENT_ORDER: the lowest matching one wins. */
    readonly rank: number,
    private readonly template: string,
  ) {
    this.keyword = keywordOf(template);
  }

  /** Whether the whole line (in table form, lower-cased) is this text, a final "." optional. */
  isTextOf(lower: string): boolean {
    this.pattern ??= new RegExp(
      `^(?:${templatePattern(stripFinalDot(this.template).toLowerCase(), '.*')})\\.?$`,
      's',
    );
    return this.pattern.test(lower);
  }
}

/** The longest piece of a table text that every line of that text holds as written. */
function keywordOf(template: string): string {
  return template
    .toLowerCase()
    .split(/\{\}|["“”„‟«»「」『』'’]/)
    .map((piece) => piece.trim())
    .reduce((longest, piece) => (piece.length > longest.length ? piece : longest), '');
}

/**
 * Every system text of every language, indexed by the first three characters of its keyword (the
 * first two of a two-character keyword; each list in EVENT_ORDER): a line is looked up once per
 * character, and only texts whose keyword may stand there are tried.
 */
const TEXTS_BY_TRIGRAM = new Map<number, SystemText[]>();
const SHORT_TEXTS_BY_BIGRAM = new Map<number, SystemText[]>();
/**
 * The keys of those indexes, folded into bit sets: most positions of a line are ruled out by two
 * bit tests instead of Map lookups (a collision only costs the lookup).
 */
const KEYWORD_TRIGRAMS = new SixteenBitSet();
const SHORT_KEYWORD_BIGRAMS = new SixteenBitSet();
for (const [rank, event] of EVENT_ORDER.entries()) {
  const templates =
    event === 'encryption'
      ? collect((table) => table.encryption).map((phrase) => `{}${phrase}{}`)
      : collect((table) => table.events[event]);
  for (const template of new Set(templates)) {
    const text = new SystemText(event, rank, template);
    const { keyword } = text;
    if (keyword.length < 2) continue;
    const short = keyword.length === 2;
    const key = short ? bigram(keyword, 0) : trigram(keyword, 0);
    const index = short ? SHORT_TEXTS_BY_BIGRAM : TEXTS_BY_TRIGRAM;
    const list = index.get(key);
    if (list === undefined) index.set(key, [text]);
    else list.push(text);
    (short ? SHORT_KEYWORD_BIGRAMS : KEYWORD_TRIGRAMS).add(foldTo16Bits(key));
  }
}

function bigram(text: string, at: number): number {
  return (text.charCodeAt(at) << 16) | text.charCodeAt(at + 1);
}

/** The three characters at `at` as one 32-bit key (past the end, the first two). */
function trigram(text: string, at: number): number {
  return bigram(text, at) ^ Math.imul(text.charCodeAt(at + 2), 0x9e3779b1);
}

/** A 32-bit key folded into 16 bits, for a SixteenBitSet of keys. */
function foldTo16Bits(key: number): number {
  return (key ^ (key >>> 13)) & 0xffff;
}

/** The first event in EVENT_ORDER (up to `lastRank`) whose text the whole line is, or null. */
function matchSystemText(text: string, lastRank: number): SystemEvent | null {
  const lower = tableForm(text).toLowerCase();
  let best: SystemText | null = null;
  for (let i = 0; i + 1 < lower.length; i++) {
    const three = trigram(lower, i);
    if (KEYWORD_TRIGRAMS.has(foldTo16Bits(three))) {
      best = bestText(TEXTS_BY_TRIGRAM.get(three), lower, i, lastRank, best);
    }
    const two = bigram(lower, i);
    if (SHORT_KEYWORD_BIGRAMS.has(foldTo16Bits(two))) {
      best = bestText(SHORT_TEXTS_BY_BIGRAM.get(two), lower, i, lastRank, best);
    }
  }
  return best === null ? null : best.event;
}

/** `best`, or the first of `candidates` that beats it, has its keyword at `at` and matches the whole line. */
function bestText(
  candidates: readonly SystemText[] | undefined,
  lower: string,
  at: number,
  lastRank: number,
  best: SystemText | null,
): SystemText | null {
  if (candidates === undefined) return best;
  for (let c = 0; c < candidates.length; c++) {
    const candidate = candidates[c];
    // In rank order: none further on can beat the best or stay within `lastRank`.
    if (candidate.rank > lastRank || (best !== null && candidate.rank >= best.rank)) break;
    if (lower.startsWith(candidate.keyword, at) && candidate.isTextOf(lower)) return candidate;
  }
  return best;
}

/** The event a one-line system text describes, or null when no language table knows the text. */
export function recogniseSystemEvent(text: string): SystemEvent | null {
  return matchSystemText(text, EVENT_ORDER.length - 1);
}

/** The events whose text quotes a user-chosen name, which may itself contain ": ". */
const LAST_QUOTING_RANK = EVENT_ORDER.indexOf('group-created');

/**
 * A line whose first ": " lies inside a quoted name of a system event ("Alice changed the subject
 * from "a: b" to "c"") is that event, not a message by "Alice changed the subject from "a". Asked
 * only when the text before that ": " holds a quote, so ordinary messages cost nothing here.
 */
export function quotingSystemEvent(line: string, beforeColon: number): SystemEvent | null {
  // Inside a quote only when an odd number of quote characters comes before it.
  let quotes = 0;
  for (let i = 0; i < beforeColon; i++) if (QUOTE_CODES.has(line.charCodeAt(i))) quotes++;
  if (quotes % 2 === 0) return null;
  const event = matchSystemText(line, LAST_QUOTING_RANK);
  return event === 'encryption' ? null : event;
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

/** Length, first and last character of every marker (folded): most texts are ruled out by two character reads. */
const MARKER_ENDS = new SixteenBitSet();
for (const marker of MARKERS.keys()) MARKER_ENDS.add(foldTo16Bits(markerEnds(marker)));

/** Length, first and last character code folded into one integer (a cheap key, collisions allowed). */
function markerEnds(text: string): number {
  const ends = ((text.charCodeAt(0) & 0x7fff) << 15) | (text.charCodeAt(text.length - 1) & 0x7fff);
  return ends ^ Math.imul(text.length, 0x9e3779b1);
}

/** Last characters of the omitted-media markers: a line ending otherwise holds none at its end. */
export const OMITTED_MEDIA_LAST_CODES = new SixteenBitSet();
for (const [marker, kind] of MARKERS) {
  if (kind === 'omitted-media') OMITTED_MEDIA_LAST_CODES.add(marker.charCodeAt(marker.length - 1));
}

/** What a whole (trimmed) first line stands for, when it is one of WhatsApp's markers. */
export function markerKind(head: string): MarkerKind | undefined {
  return head.length > 0 && MARKER_ENDS.has(foldTo16Bits(markerEnds(head))) ? MARKERS.get(head) : undefined;
}

/** Appended to an edited message's text, in every language that has one. */
export const EDITED_MARKERS: readonly string[] = collect((table) => table.edited);

const ANDROID_ATTACHMENT_TEMPLATES = collect((table) => table.fileAttached);
/** "(file attached)" and the like, as written after the name in most languages. */
const PARENTHESISED_ATTACHMENT_SUFFIXES = new Set(
  ANDROID_ATTACHMENT_TEMPLATES.filter((template) => /^\{\} ?[(（]/.test(template)).map((template) =>
    template.replace(/^\{\} ?/, ''),
  ),
);
/** The other shapes ("فایل پیوست شد {}"), as one pattern whose only filled group is the name. */
const OTHER_ATTACHMENT = new RegExp(
  `^(?:${ANDROID_ATTACHMENT_TEMPLATES.filter((template) => !/^\{\} ?[(（]/.test(template))
    .map((template) => templatePattern(template, '(.+?)'))
    .join('|')})$`,
);
/** First characters of those shapes. */
const OTHER_ATTACHMENT_STARTS = new SixteenBitSet();
for (const template of ANDROID_ATTACHMENT_TEMPLATES) {
  if (!/^\{\} ?[(（]/.test(template)) OTHER_ATTACHMENT_STARTS.add(template.charCodeAt(0));
}

/** The file name (marks removed) of an Android attachment line "NAME (file attached)", or null. */
export function androidAttachmentName(head: string): string | null {
  const last = head.charCodeAt(head.length - 1);
  if (last === 0x29 /* ) */ || last === 0xff09 /* ） */) {
    const open = Math.max(head.lastIndexOf('('), head.lastIndexOf('（'));
    if (open <= 0 || !PARENTHESISED_ATTACHMENT_SUFFIXES.has(tableForm(head.slice(open)))) return null;
    const name = tableForm(head.slice(0, open));
    return name === '' ? null : name;
  }
  if (!OTHER_ATTACHMENT_STARTS.has(head.charCodeAt(0))) return null;
  const m = OTHER_ATTACHMENT.exec(tableForm(head));
  if (m === null) return null;
  for (let i = 1; i < m.length; i++) if (m[i] !== undefined) return m[i];
  return null;
}

/** "location: https://…" in every language. */
export const LOCATION = new RegExp(
  `^(?:${[...new Set(collect((table) => table.location))].map((template) => templatePattern(template.replace(/ ?\{\}$/, ''), '')).join('|')})${SPACE_RUN.replace('+', '*')}https?:\\/\\/\\S+$`,
  'i',
);

/**
 * iOS: "<attached: NAME>" in every language, possibly after a document's description. Every table
 * writes the name last before ">", so the languages share one group for it: a group per language
 * made every match array several times larger.
 */
const IOS_ATTACHMENT = new RegExp(
  `^(.*?)(?:${[...new Set(collect((table) => table.attached))].map(attachedOpener).join('|')})(.+)>$`,
);

/** The pattern of an iOS attachment text up to its name ("<attached: "). */
function attachedOpener(template: string): string {
  if (!template.endsWith('{}>')) throw new Error(`An iOS attachment text must end with "{}>": ${template}`);
  return templatePattern(template.slice(0, -3), '');
}
/**
 * iOS in a language without a table: WhatsApp's mark right before "<word: NAME>", after a
 * document's description or (the mark already trimmed off) starting the text.
 */
const MARKED_IOS_ATTACHMENT = /^(.*?)\u200E<[^<>:\n]{1,40}:\s(.+)>$/;
const OPENING_IOS_ATTACHMENT = /^()<[^<>:\n]{1,40}:\s(.+)>$/;

/**
 * [description before the marker, file name] of an iOS attachment line, or null. `marked`: the
 * text started with WhatsApp's mark, which `head` (trimmed) no longer shows.
 */
export function iosAttachment(head: string, marked: boolean): [description: string, name: string] | null {
  const m =
    IOS_ATTACHMENT.exec(head) ??
    MARKED_IOS_ATTACHMENT.exec(head) ??
    (marked ? OPENING_IOS_ATTACHMENT.exec(head) : null);
  return m === null ? null : [m[1], m[2]];
}
