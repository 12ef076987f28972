// The transcript's look, in one place: colours, type, and the layout's measures in points.
import { SENDER_COLOURS } from '@chatexhibit/proto/constants';
import type { TextStyle } from '../text/font-set';
import { lineHeight } from '../text/text-layout';
import { CONTENT_WIDTH, PAGE } from './twin-pages';

export const COLOUR = {
  text: '#0f172a',
  muted: '#475569',
  faint: '#94a3b8',
  rule: '#cbd5e1',
  heading: SENDER_COLOURS.primary,
  flag: '#b91c1c',
} as const;

const style = (family: 'sans' | 'mono', weight: 'regular' | 'bold', size: number): TextStyle => ({
  family,
  weight,
  size,
});
export const STYLE = {
  title: style('sans', 'bold', 18),
  subtitle: style('sans', 'regular', 12),
  section: style('sans', 'bold', 10),
  label: style('sans', 'bold', 8),
  value: style('sans', 'regular', 8),
  hash: style('mono', 'regular', 7.5),
  body: style('sans', 'regular', 9.5),
  sender: style('sans', 'bold', 9.5),
  number: style('mono', 'regular', 8),
  meta: style('sans', 'regular', 7),
  flag: style('sans', 'bold', 7),
  attachment: style('sans', 'regular', 8),
  attachmentHash: style('mono', 'regular', 6.5),
  dateHeading: style('sans', 'bold', 10),
  zoneChange: style('sans', 'bold', 8),
  footer: style('sans', 'regular', 7.5),
} as const;

/** The room a part needs to start on a page: its heading with what must not be parted from it. */
export const PART_ROOM = {
  // A date heading and a message's first two lines.
  messages: lineHeight(STYLE.section) + lineHeight(STYLE.dateHeading) + 2 * lineHeight(STYLE.body) + 18,
  // Two lines of the register.
  register: lineHeight(STYLE.section) + 2 * lineHeight(STYLE.value) + 8,
  // The one line of a register with nothing to list.
  emptyRegister: lineHeight(STYLE.section) + lineHeight(STYLE.value) + 8,
};
/** Vertical space between texts. */
export const SPACE = {
  /** Below a paragraph, bullet, note or heading's rule that more text follows. */
  afterText: 2,
  /** Below a part's heading or a day's rule, before the first lines; above a day's heading and the participant table. */
  afterHeading: 4,
  /** Between two rows of the cover or the participant table; above and below a thumbnail. */
  betweenRows: 1,
  /** Between two files of the attachment register. */
  betweenEntries: 3,
  /** Above a cover section's heading. */
  aboveSection: 5,
  /** Above a subheading of the attachment register. */
  aboveSubheading: 8,
  /** Below the running header. */
  belowRunningHeader: 6,
} as const;
/** Around a zone-change row's text, between its two rules. */
export const ZONE_CHANGE_SPACE = { aboveRule: 2, belowRule: 3, belowText: 1 } as const;
/** Space above a part (the messages, the register) that follows on the page before it. */
export const PART_GAP = 12;

/** Columns of a message row: number, time, then the message (further right when wider times need it). */
export const COLUMN = { number: PAGE.margin, time: PAGE.margin + 40, body: PAGE.margin + 76 } as const;
/** Space between a time column and what follows it: room for the sender's mark before the name. */
export const COLUMN_GAP = 14;
/** Space below each message row and each zone-change row. */
export const ROW_GAP = 5;
/** Space between two texts on one line: a cover label and its value, a sender and the row's flags, the flags and the source lines. */
export const TEXT_GAP = 8;
/** How far a line that belongs to the one above is indented: a nested bullet, a file's hash, a derived copy. */
export const INDENT = 12;

/** A participant's mark: its width, and the room it takes left of the sender's name (in a message, the gutter before the body column). */
export const MARK_SIZE = 6.5;
export const MARK_SPACE = 10;
/** Half the height of Noto Sans's capitals (0.714 em): a mark is centred on it. */
export const HALF_CAP_HEIGHT = 0.357;

/** Where a cover row goes: across the page, or in the left or right half beside another short one. */
export interface RowSlot {
  x: number;
  labelWidth: number;
  valueWidth: number;
}
/** A cover row's label column across the page and in the left half. */
const LABEL_WIDTH = 170;
/** Where the right half of the cover's paired rows starts, from the margin. */
const RIGHT_HALF = 250;
/** The narrower label column of the right half. */
const RIGHT_LABEL_WIDTH = 128;
export const ROW_SLOTS = {
  full: { x: PAGE.margin, labelWidth: LABEL_WIDTH, valueWidth: CONTENT_WIDTH - LABEL_WIDTH },
  left: { x: PAGE.margin, labelWidth: LABEL_WIDTH, valueWidth: RIGHT_HALF - LABEL_WIDTH - TEXT_GAP },
  right: {
    x: PAGE.margin + RIGHT_HALF,
    labelWidth: RIGHT_LABEL_WIDTH,
    valueWidth: CONTENT_WIDTH - RIGHT_HALF - RIGHT_LABEL_WIDTH,
  },
} as const satisfies Record<string, RowSlot>;

/** The participant table's columns: x from the margin, and width; 4 pt between columns. */
export const PARTICIPANT_COLUMNS = {
  name: { title: 'Participant (as exported)', x: PAGE.margin, width: 160 },
  phone: { title: 'Phone number', x: PAGE.margin + 164, width: 84 },
  messages: { title: 'Messages', x: PAGE.margin + 252, width: 48 },
  first: { title: 'First message', x: PAGE.margin + 304, width: 82 },
  last: { title: 'Last message', x: PAGE.margin + 388, width: 80 },
} as const;

/** A thumbnail is drawn no wider and no taller than this. */
export const THUMBNAIL = { maxWidth: 240, maxHeight: 160 } as const;
/** The paperclip of an embedded file: its size, and its left edge this far inside the right margin. */
export const PAPERCLIP = { width: 10, height: 14, inset: 12 } as const;
/** Kept clear right of an attachment's first line, for the paperclip beside it. */
export const PAPERCLIP_ROOM = 16;

/** The footer's baseline, this far above the page's bottom edge (in the bottom margin). */
export const FOOTER_RAISE = 40;
