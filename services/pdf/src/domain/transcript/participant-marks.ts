import { SENDER_COLOURS } from '@chatexhibit/proto/constants';
import { PHONE_NUMBER } from './chat-summary';

/**
 * Sender colours of the PDFs, in the order participants get them. Each reads as text on white
 * (contrast 4.5:1 or more) and the six stay apart (CIE76 ΔE ≥ 20) also in Machado's simulation
 * of deutan, protan and tritan vision. The first two are the web preview's (SPEC's primary and secondary).
 */
export const PARTICIPANT_COLOURS = [
  SENDER_COLOURS.primary,
  SENDER_COLOURS.secondary,
  '#b45309',
  '#a21caf',
  '#78350f',
  '#6d28d9',
] as const;

/**
 * Marks drawn beside a sender's name, so that no participant is told apart by colour alone (all
 * the colours print dark in greyscale). Seven, against six colours: the two cycles differ in
 * length, so no two of the first 42 participants share both mark and colour.
 */
export const PARTICIPANT_MARKS = [
  'circle',
  'triangle',
  'square',
  'diamond',
  'triangle-down',
  'ring',
  'square-outline',
] as const;

/** The exporting account's mark, outside the cycle: its messages are the ones that account sent. */
export const EXPORTING_ACCOUNT_MARK = 'star';

export type MarkShape = (typeof PARTICIPANT_MARKS)[number] | typeof EXPORTING_ACCOUNT_MARK;

export interface ParticipantMark {
  colour: string;
  shape: MarkShape;
  /** Whether this participant is the account the chat was exported from, as the uploader stated it. */
  exportingAccount: boolean;
}

export interface ParticipantMarks {
  /** Every participant by name as exported. */
  byName: ReadonlyMap<string, ParticipantMark>;
  /** The participant the stated exporting account names, or null (none stated, none or several match). */
  exportingAccount: string | null;
}

/**
 * Gives participant n (from 0, in the participant table's order: order of first message) colour
 * n mod 6 and mark n mod 7; the participant the stated exporting account names gets the star
 * instead of its mark.
 */
export function participantMarks(
  participants: readonly string[],
  statedAccount: string | null,
): ParticipantMarks {
  const exportingAccount = statedAccount === null ? null : accountParticipant(participants, statedAccount);
  const byName = new Map<string, ParticipantMark>();
  participants.forEach((name, n) => {
    const isAccount = name === exportingAccount;
    byName.set(name, {
      colour: PARTICIPANT_COLOURS[n % PARTICIPANT_COLOURS.length]!,
      shape: isAccount ? EXPORTING_ACCOUNT_MARK : PARTICIPANT_MARKS[n % PARTICIPANT_MARKS.length]!,
      exportingAccount: isAccount,
    });
  });
  return { byName, exportingAccount };
}

/** A name as typed and as exported compare alike: without invisible marks, case or extra spaces. */
const comparable = (name: string): string =>
  name
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .replace(/\s+/gu, ' ')
    .trim()
    .toLowerCase();

const phoneDigits = (name: string): string | null =>
  PHONE_NUMBER.test(comparable(name)) ? comparable(name).replace(/\D/g, '') : null;

/**
 * The participant the uploader's "exported from the account of" names: the one of that exact
 * name; else the only one whose name matches ignoring case, spacing and invisible marks (a phone
 * number by its digits, as "+1 555 010 7788" and "+15550107788" are one number). Null when none
 * or several match: then no one is marked.
 */
function accountParticipant(participants: readonly string[], stated: string): string | null {
  if (participants.includes(stated)) return stated;
  const digits = phoneDigits(stated);
  const matches = participants.filter((name) =>
    digits === null ? comparable(name) === comparable(stated) : phoneDigits(name) === digits,
  );
  return matches.length === 1 ? matches[0]! : null;
}

/**
 * Draws a mark `size` points wide centred on (`x`, `y`), filled (or, for the outline shapes,
 * stroked) in `colour`.
 */
export function drawMark(
  doc: PDFKit.PDFDocument,
  shape: MarkShape,
  x: number,
  y: number,
  size: number,
  colour: string,
): void {
  const r = size / 2;
  doc.save();
  switch (shape) {
    case 'circle':
      doc.circle(x, y, r).fill(colour);
      break;
    case 'ring':
      doc
        .circle(x, y, r - 0.5)
        .lineWidth(1)
        .stroke(colour);
      break;
    case 'square':
      doc.rect(x - r * 0.9, y - r * 0.9, r * 1.8, r * 1.8).fill(colour);
      break;
    case 'square-outline':
      doc
        .rect(x - r * 0.9 + 0.5, y - r * 0.9 + 0.5, r * 1.8 - 1, r * 1.8 - 1)
        .lineWidth(1)
        .stroke(colour);
      break;
    case 'diamond':
      doc.polygon([x, y - r], [x + r, y], [x, y + r], [x - r, y]).fill(colour);
      break;
    case 'triangle':
      doc.polygon([x, y - r], [x + r, y + r * 0.8], [x - r, y + r * 0.8]).fill(colour);
      break;
    case 'triangle-down':
      doc.polygon([x - r, y - r * 0.8], [x + r, y - r * 0.8], [x, y + r]).fill(colour);
      break;
    case 'star':
      doc.polygon(...starPoints(x, y, r * 1.2, r * 0.5)).fill(colour);
      break;
  }
  doc.restore();
}

/** A five-pointed star's corners, point up. */
const starPoints = (x: number, y: number, outer: number, inner: number): Array<[number, number]> =>
  Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    return [x + radius * Math.cos(angle), y + radius * Math.sin(angle)];
  });
