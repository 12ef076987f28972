// The public companions of a package's documents: the same text with every item the public copy
// redacts replaced by a bracketed label naming its reference-list identifier ("[SSN/TIN R3]"), and
// a statement tying it to its sealed original by that original's SHA-256. What is looked for in
// them: what the exhibit-wide redactions remove (a minor's name, a phone number), the texts the
// message redactions remove, and what the rule asks to remove of each Rule 5.2(a) identifier the
// suggestion engine finds in the texts of the chat they print (the upload's and the chat file's
// names, the participants, the parser's notes), which the transcript's pages never print. The
// engine is not run over the companions whole: a media file's dated name reads as a card number.

import { REDACTION_REASONS } from '@chatexhibit/proto/exhibit-spec';
import { publicCompanionStatement } from '@chatexhibit/proto/public-copy';
import { partToRemove, suggestRedactions } from '@chatexhibit/proto/redaction-suggestions';
import { joinRanges, type TextRange } from '@chatexhibit/proto/text-range';
import type { ExhibitPlan } from '../exhibit/exhibit-plan';
import { redactionLabel } from '../exhibit/exhibit-decoration';
import { redactionName } from '../exhibit/redaction-log';
import { toText, wrap } from '../evidence/plain-text';

/** One item of the reference list: an identifier, the words on its boxes, and the item in full. */
export interface ReferenceItem {
  /** "R3" for a redaction of the public copy's spec, "C1" for an identifier found only in a companion. */
  id: string;
  label: string;
  /** The reason in full, as the redaction log gives it. */
  reason: string;
  /** The item as the sealed original writes it ("123-45-6789"); null for a whole message or attachment, which the sealed copy shows. */
  item: string | null;
  /** What of it is removed when the rule lets a part show ("123-45-"); null when all of it is. */
  removed: string | null;
  /** Where it is redacted: "message 0004", "processing-record.txt", … in the order found. */
  places: string[];
}

/** A found stretch of a companion's text and the item it belongs to. */
interface Found extends TextRange {
  item: ReferenceItem;
}

/** Hashes are printed whole in the companions: nothing inside one is an identifier (a digit run in hex is chance). */
const HEX_HASH = /[0-9a-f]{32,}/gi;

/** A message redaction's text shorter than this is not looked for in the companions: it would cut ordinary words. */
const MIN_LOOKED_FOR = 4;

/**
 * A text as a companion may write it: the 80-column texts wrap at spaces, and cut a long name or
 * path anywhere, so each run of spaces in it matches any run of spaces and line breaks
 * ("5555 5555 5555\n4444"), and a line break with its indent may stand between any two of its
 * characters ("born 03.09\n    .2016"). A name (`wholeWord`) is not looked for inside a word.
 */
const wrappedAnyhow = (text: string, wholeWord = false): RegExp =>
  new RegExp(
    (wholeWord ? '(?<![\\p{L}\\p{N}])' : '') +
      text
        .split(/(\s+)/)
        .map((part) =>
          /^\s+$/.test(part)
            ? '\\s+'
            : [...part].map((char) => char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('(?:\\n[ \\t]*)?'),
        )
        .join('') +
      (wholeWord ? '(?![\\p{L}\\p{N}])' : ''),
    'gu',
  );

/**
 * Finds and replaces, across every companion of one public copy, the items the public copy
 * redacts, noting where each was found; `allItems` gives them for the reference list: the spec's
 * (`specItems`), then those found only in the chat's texts.
 */
export class CompanionRedactor {
  /** The items found only in the chat's texts, by what is removed of them. */
  private readonly byText = new Map<string, ReferenceItem>();
  /** Each text to remove wherever a companion writes it, as a pattern its spaces match any line break in, and its item. */
  private readonly removedTexts: Array<{ text: string; pattern: RegExp; item: ReferenceItem }>;

  constructor(
    private readonly plan: ExhibitPlan,
    /** The spec's items, by redaction index, as the reference list holds them. */
    private readonly items: ReadonlyMap<number, ReferenceItem>,
    /** The texts of the chat the companions print besides its messages. */
    chatTexts: readonly string[],
  ) {
    this.removedTexts = plan.spec.redactions.flatMap((redaction, index) => {
      const item = items.get(index)!;
      if (redaction.kind === 'text' && redaction.text.replace(/[^\p{L}\p{N}]/gu, '').length >= MIN_LOOKED_FOR)
        return [{ text: redaction.text, pattern: wrappedAnyhow(redaction.text), item }];
      // Also as written, cut over lines: the name match reads one bare line break inside a name, not an indent.
      if (redaction.kind === 'text-everywhere')
        return [{ text: redaction.text, pattern: wrappedAnyhow(redaction.text, true), item }];
      return [];
    });
    for (const text of chatTexts)
      for (const suggestion of suggestRedactions(text)) {
        const range = partToRemove(suggestion);
        const removed = text.slice(range.start, range.end);
        if (this.removedTexts.some((one) => one.text === removed)) continue;
        const whole = text.slice(suggestion.start, suggestion.end);
        const item: ReferenceItem = {
          id: `C${this.byText.size + 1}`,
          label: REDACTION_REASONS[suggestion.category].label,
          reason: REDACTION_REASONS[suggestion.category].description,
          item: whole,
          removed: whole === removed ? null : removed,
          places: [],
        };
        this.byText.set(removed, item);
        this.removedTexts.push({ text: removed, pattern: wrappedAnyhow(removed), item });
      }
  }

  /** Every item, the spec's then those found only in companions, in order. */
  allItems(): ReferenceItem[] {
    return [...this.items.values(), ...this.byText.values()];
  }

  /** `text` with each item replaced by its label in brackets, and how many were replaced. */
  redact(text: string, place: string): { text: string; items: number } {
    const hashes = [...text.matchAll(HEX_HASH)].map((match) => ({
      start: match.index,
      end: match.index + match[0].length,
    }));
    const inHash = (range: TextRange) =>
      hashes.some((hash) => hash.start < range.end && range.start < hash.end);
    const found: Found[] = [
      ...this.plan
        .maskEverywhere(text)
        .map((range) => ({ ...range, item: this.items.get(range.redaction)! })),
      ...this.removedTexts.flatMap(({ pattern, item }) =>
        [...text.matchAll(pattern)].map((match) => ({
          start: match.index,
          end: match.index + match[0].length,
          item,
        })),
      ),
    ].filter((range) => !inHash(range));
    const joined = joinRanges(found);
    let out = '';
    let at = 0;
    for (const range of joined) {
      // The longest item in the stretch names it, as a box is labelled by its longest range.
      const inside = found.filter((one) => range.start <= one.start && one.end <= range.end);
      const { item } = inside.reduce((a, b) => (b.end - b.start > a.end - a.start ? b : a));
      for (const one of inside) if (!one.item.places.includes(place)) one.item.places.push(place);
      out += `${text.slice(at, range.start)}[${item.label} ${item.id}]`;
      at = range.end;
    }
    return { text: out + text.slice(at), items: joined.length };
  }
}

/** The reference list's item of each redaction of the plan's spec, by index: `identifiers` gives an accepted suggestion's whole identifier. */
export function specItems(
  plan: ExhibitPlan,
  identifiers: ReadonlyMap<number, string>,
  place: (row: ExhibitPlan['log'][number]) => string,
): Map<number, ReferenceItem> {
  const items = new Map<number, ReferenceItem>();
  plan.spec.redactions.forEach((redaction, index) => {
    const whole = identifiers.get(index);
    const item = {
      text: redaction.kind === 'text' ? redaction.text : null,
      message: null,
      attachment: null,
      'phone-number': redaction.kind === 'phone-number' ? redaction.number : null,
      'text-everywhere': redaction.kind === 'text-everywhere' ? redaction.text : null,
    }[redaction.kind];
    items.set(index, {
      id: redactionName(index),
      label: redactionLabel(plan, index).label,
      reason:
        REDACTION_REASONS[redaction.reason.category].description +
        (redaction.reason.note === undefined ? '' : `: ${redaction.reason.note}`),
      item: whole ?? item,
      removed: whole === undefined || whole === item ? null : item,
      places: [...new Set(plan.log.filter((row) => row.redaction === index).map(place))],
    });
  });
  return items;
}

/** A text companion: its statement, then its text redacted. */
export function publicText(
  original: { path: string; sha256: string; text: string },
  redactor: CompanionRedactor,
): { bytes: Buffer; items: number } {
  const { text, items } = redactor.redact(original.text, original.path);
  const statement = wrap(publicCompanionStatement(original.path, original.sha256, items));
  return { bytes: toText([...statement, '', ...text.split('\n')]), items };
}

/** manifest.json's public copy: every string redacted, and `publicCopy` first with the statement. */
export function publicJson(
  original: { path: string; sha256: string; text: string },
  redactor: CompanionRedactor,
): { bytes: Buffer; items: number } {
  let items = 0;
  const redacted = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const done = redactor.redact(value, original.path);
      items += done.items;
      return done.text;
    }
    if (Array.isArray(value)) return value.map(redacted);
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, redacted(inner)]));
    return value;
  };
  const body = redacted(JSON.parse(original.text)) as Record<string, unknown>;
  const publicCopy = {
    of: original.path,
    sha256: original.sha256,
    redactedItems: items,
    statement: publicCompanionStatement(original.path, original.sha256, items),
  };
  return { bytes: Buffer.from(`${JSON.stringify({ publicCopy, ...body }, null, 2)}\n`, 'utf8'), items };
}
