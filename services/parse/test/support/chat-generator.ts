// Writes random chats the way WhatsApp exports them, in several header formats, together with the
// messages a correct parser must read back. Used by the round-trip tests and the benchmark.

import type { ChatMessage, MessageFlag, MessageType } from '../../src/domain/chat-model';
import { LANGUAGES } from '../../src/domain/languages';
import { en } from '../../src/domain/languages/en';

export type GeneratedFormat =
  | 'android-dmy'
  | 'android-us'
  | 'android-de'
  | 'android-ymd'
  | 'android-fi'
  | 'android-es'
  | 'android-zh'
  | 'android-ko'
  | 'android-ar'
  | 'ios-dmy'
  | 'ios-us'
  | 'ios-de'
  | 'colon'
  | 'ios-time-first'
  | 'android-vi-time-first'
  | 'android-th-buddhist'
  | 'android-th-two-digit-buddhist'
  | 'ios-buddhist-named'
  | 'android-ja-era'
  | 'android-hi'
  | 'android-bn'
  | 'android-ms'
  | 'android-hu'
  | 'android-he';

export const GENERATED_FORMATS: readonly GeneratedFormat[] = [
  'android-dmy',
  'android-us',
  'android-de',
  'android-ymd',
  'android-fi',
  'android-es',
  'android-zh',
  'android-ko',
  'android-ar',
  'ios-dmy',
  'ios-us',
  'ios-de',
  'colon',
  'ios-time-first',
  'android-vi-time-first',
  'android-th-buddhist',
  'android-th-two-digit-buddhist',
  'ios-buddhist-named',
  'android-ja-era',
  'android-hi',
  'android-bn',
  'android-ms',
  'android-hu',
  'android-he',
];

/** A message as the parser must read it back (its index is its position; no system events are generated). */
export type ExpectedMessage = Omit<ChatMessage, 'index' | 'event' | 'flags'> & { flags: MessageFlag[] };

export interface GeneratedChat {
  text: string;
  messages: ExpectedMessage[];
  participants: string[];
}

export interface GenerateOptions {
  format: GeneratedFormat;
  messageCount: number;
  seed: number;
  lineBreak?: '\n' | '\r\n' | '\r';
  /** Whether the last line ends with a line break (exports do). */
  finalLineBreak?: boolean;
  /**
   * Whose wording WhatsApp's own lines use: English, or every language table's in turn (system
   * lines, media and deletion markers, attached files, calls, locations; Android layouts only,
   * as the tables hold Android's wording).
   */
  wording?: 'english' | 'every-language';
}

/** Small deterministic PRNG (mulberry32): the same seed writes the same chat. */
export function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Clock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const LRM = '\u200E';
const RLM = '\u200F';
const NNBSP = '\u202F';
const NBSP = '\u00A0';

const two = (n: number): string => String(n).padStart(2, '0');
const hour12 = (hour: number): number => (hour % 12 === 0 ? 12 : hour % 12);
/** ASCII digits written in another script, whose zero is `zero`. */
const digitsOf =
  (zero: number) =>
  (text: string): string =>
    text.replace(/[0-9]/g, (d) => String.fromCharCode(zero + Number(d)));
const arabic = digitsOf(0x660);
const thai = digitsOf(0xe50);
const devanagari = digitsOf(0x966);
const bengali = digitsOf(0x9e6);
/** Buddhist era year of a Gregorian year. */
const buddhist = (year: number): number => year + 543;
/** Reiwa era year (Reiwa 1 = 2019; the generated clock starts in 2021). */
const reiwa = (year: number): string => `R${year - 2018}`;
const half = (hour: number, am: string, pm: string): string => (hour < 12 ? am : pm);

interface FormatWriter {
  layout: 'android' | 'ios' | 'colon';
  seconds: boolean;
  header(c: Clock): string;
  /** A line in a message body that looks like a header of another format but not of this one. */
  fakeHeader: string;
}

const ANDROID_FAKE = '[1/2/23, 10:00:00] Fake: not a header here';
const IOS_FAKE = '12/03/2023, 10:00 - Fake: not a header here';

const WRITERS: Record<GeneratedFormat, FormatWriter> = {
  'android-dmy': {
    layout: 'android',
    seconds: false,
    header: (c) => `${two(c.day)}/${two(c.month)}/${c.year}, ${two(c.hour)}:${two(c.minute)} - `,
    fakeHeader: ANDROID_FAKE,
  },
  'android-us': {
    layout: 'android',
    seconds: false,
    header: (c) =>
      `${c.month}/${c.day}/${c.year % 100}, ${hour12(c.hour)}:${two(c.minute)}${NNBSP}${c.hour < 12 ? 'AM' : 'PM'} - `,
    fakeHeader: ANDROID_FAKE,
  },
  'android-de': {
    layout: 'android',
    seconds: false,
    header: (c) => `${two(c.day)}.${two(c.month)}.${two(c.year % 100)}, ${two(c.hour)}:${two(c.minute)} - `,
    fakeHeader: ANDROID_FAKE,
  },
  'android-ymd': {
    layout: 'android',
    seconds: false,
    header: (c) => `${c.year}-${two(c.month)}-${two(c.day)} ${two(c.hour)}:${two(c.minute)} - `,
    fakeHeader: ANDROID_FAKE,
  },
  'android-fi': {
    layout: 'android',
    seconds: false,
    header: (c) => `${c.day}.${c.month}.${c.year} klo ${c.hour}.${two(c.minute)} - `,
    fakeHeader: ANDROID_FAKE,
  },
  'android-es': {
    layout: 'android',
    seconds: false,
    header: (c) =>
      `${c.day}/${c.month}/${c.year}, ${hour12(c.hour)}:${two(c.minute)}${NBSP}${c.hour < 12 ? `a.${NBSP}m.` : `p.${NBSP}m.`} - `,
    fakeHeader: ANDROID_FAKE,
  },
  'android-zh': {
    layout: 'android',
    seconds: false,
    header: (c) =>
      `${c.year}/${c.month}/${c.day} ${c.hour < 12 ? '上午' : '下午'}${hour12(c.hour)}:${two(c.minute)} - `,
    fakeHeader: ANDROID_FAKE,
  },
  'android-ko': {
    layout: 'android',
    seconds: false,
    header: (c) =>
      `${c.year}. ${c.month}. ${c.day}. ${c.hour < 12 ? '오전' : '오후'} ${hour12(c.hour)}:${two(c.minute)} - `,
    fakeHeader: ANDROID_FAKE,
  },
  'android-ar': {
    layout: 'android',
    seconds: false,
    header: (c) =>
      arabic(`${c.day}${RLM}/${c.month}${RLM}/${c.year}، ${hour12(c.hour)}:${two(c.minute)} `) +
      `${c.hour < 12 ? 'ص' : 'م'} - `,
    fakeHeader: ANDROID_FAKE,
  },
  'ios-dmy': {
    layout: 'ios',
    seconds: true,
    header: (c) =>
      `[${two(c.day)}/${two(c.month)}/${c.year}, ${two(c.hour)}:${two(c.minute)}:${two(c.second)}] `,
    fakeHeader: IOS_FAKE,
  },
  'ios-us': {
    layout: 'ios',
    seconds: true,
    header: (c) =>
      `[${c.month}/${c.day}/${c.year % 100}, ${hour12(c.hour)}:${two(c.minute)}:${two(c.second)}${NNBSP}${c.hour < 12 ? 'AM' : 'PM'}] `,
    fakeHeader: IOS_FAKE,
  },
  'ios-de': {
    layout: 'ios',
    seconds: true,
    header: (c) =>
      `[${two(c.day)}.${two(c.month)}.${two(c.year % 100)}, ${two(c.hour)}:${two(c.minute)}:${two(c.second)}] `,
    fakeHeader: IOS_FAKE,
  },
  'ios-time-first': {
    layout: 'ios',
    seconds: true,
    header: (c) =>
      `[${two(c.hour)}:${two(c.minute)}:${two(c.second)}, ${c.month}/${c.day}/${two(c.year % 100)}] `,
    fakeHeader: IOS_FAKE,
  },
  'android-vi-time-first': {
    layout: 'android',
    seconds: false,
    header: (c) => `${two(c.hour)}:${two(c.minute)} ${two(c.day)}/${two(c.month)}/${c.year} - `,
    fakeHeader: ANDROID_FAKE,
  },
  'android-th-buddhist': {
    layout: 'android',
    seconds: false,
    header: (c) => `${two(c.day)}/${two(c.month)}/${buddhist(c.year)} ${two(c.hour)}:${two(c.minute)} - `,
    fakeHeader: ANDROID_FAKE,
  },
  'android-th-two-digit-buddhist': {
    layout: 'android',
    seconds: false,
    header: (c) =>
      thai(`${c.day}/${c.month}/${buddhist(c.year) % 100} ${two(c.hour)}:${two(c.minute)}`) + ' - ',
    fakeHeader: ANDROID_FAKE,
  },
  'ios-buddhist-named': {
    layout: 'ios',
    seconds: true,
    header: (c) =>
      `[${c.day}/${c.month}/${buddhist(c.year)} BE, ${two(c.hour)}:${two(c.minute)}:${two(c.second)}] `,
    fakeHeader: IOS_FAKE,
  },
  'android-ja-era': {
    layout: 'android',
    seconds: false,
    header: (c) => `${reiwa(c.year)}/${c.month}/${c.day} ${c.hour}:${two(c.minute)} - `,
    fakeHeader: ANDROID_FAKE,
  },
  'android-hi': {
    layout: 'android',
    seconds: false,
    header: (c) =>
      devanagari(`${c.day}/${c.month}/${two(c.year % 100)}, ${hour12(c.hour)}:${two(c.minute)} `) +
      `${half(c.hour, 'am', 'pm')} - `,
    fakeHeader: ANDROID_FAKE,
  },
  'android-bn': {
    layout: 'android',
    seconds: false,
    header: (c) =>
      bengali(`${c.day}/${c.month}/${two(c.year % 100)}, ${hour12(c.hour)}:${two(c.minute)} `) +
      `${half(c.hour, 'পূর্বাহ্ণ', 'অপরাহ্ণ')} - `,
    fakeHeader: ANDROID_FAKE,
  },
  'android-ms': {
    layout: 'android',
    seconds: false,
    header: (c) =>
      `${two(c.day)}/${two(c.month)}/${two(c.year % 100)}, ${hour12(c.hour)}:${two(c.minute)} ${half(c.hour, 'PG', 'PTG')} - `,
    fakeHeader: ANDROID_FAKE,
  },
  'android-hu': {
    layout: 'android',
    seconds: false,
    header: (c) =>
      `${c.year}. ${two(c.month)}. ${two(c.day)}. ${half(c.hour, 'de.', 'du.')} ${hour12(c.hour)}:${two(c.minute)} - `,
    fakeHeader: ANDROID_FAKE,
  },
  'android-he': {
    layout: 'android',
    seconds: false,
    header: (c) =>
      `${c.day}.${c.month}.${c.year}, ${hour12(c.hour)}:${two(c.minute)} ${half(c.hour, 'לפנה״צ', 'אחה״צ')} - `,
    fakeHeader: ANDROID_FAKE,
  },
  colon: {
    layout: 'colon',
    seconds: true,
    header: (c) =>
      `${two(c.day)}.${two(c.month)}.${two(c.year % 100)} ${two(c.hour)}.${two(c.minute)}.${two(c.second)}: `,
    fakeHeader: IOS_FAKE,
  },
};

/** A message header of `format` for the wall-clock time `clock` (Gregorian), and whether it shows seconds. */
export function writeHeader(format: GeneratedFormat, clock: Clock): { header: string; seconds: boolean } {
  const writer = WRITERS[format];
  return { header: writer.header(clock), seconds: writer.seconds };
}

/** Where a format's author or system text begins: after " - ", "] " or ": ". */
export function layoutOf(format: GeneratedFormat): FormatWriter['layout'] {
  return WRITERS[format].layout;
}

/** Written names and how a parser must report them (marks removed, no-break characters plain). */
const PEOPLE: ReadonlyArray<readonly [written: string, reported: string]> = [
  ['Alice', 'Alice'],
  ['Bob Smith', 'Bob Smith'],
  ['Jean - Luc', 'Jean - Luc'],
  [`~${NNBSP}María José`, '~ María José'],
  ['\u202A+49 151 2345\u20116789\u202C', '+49 151 2345-6789'],
  ['😀 Emoji Fan 👩‍👩‍👧', '😀 Emoji Fan 👩‍👩‍👧'],
  ['Анна', 'Анна'],
  ['محمد', 'محمد'],
];
const GROUP_NAME = 'Family Group';

const WORDS = [
  'hello',
  'ok',
  'see you at 10:30',
  'https://example.com/a?b=c',
  'note: bring it',
  'what about 12/03/2023?',
  '👍🏽',
  '🇩🇪',
  'שלום',
  'مرحبا بكم',
  '你好',
  'Дата 1.2.2023',
  'x - y',
  'A: B: C',
];

interface Body {
  /** Lines after "Sender: " (or after the header for system events). */
  lines: string[];
  type: MessageType;
  attachment: string | null;
  content: string;
  flags: MessageFlag[];
  system: boolean;
}

export function generateChat(options: GenerateOptions): GeneratedChat {
  const { format, messageCount, seed } = options;
  const lineBreak = options.lineBreak ?? '\n';
  const writer = WRITERS[format];
  const everyLanguage = options.wording === 'every-language';
  if (everyLanguage && writer.layout !== 'android') {
    throw new Error(`every language's wording is written in Android layouts only, not ${format}`);
  }
  const random = randomSource(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];

  // Day 13 or later first, so the dates alone settle the date order.
  const clock: Clock = {
    year: 2021 + Math.floor(random() * 4),
    month: 1 + Math.floor(random() * 12),
    day: 13 + Math.floor(random() * 14),
    hour: 8,
    minute: 0,
    second: 0,
  };
  const lines: string[] = [];
  const messages: ExpectedMessage[] = [];
  const participants: string[] = [];

  for (let i = 0; i < messageCount; i++) {
    advance(clock, random, writer.seconds);
    const body =
      i === 0 && writer.layout === 'ios'
        ? encryptionNotice()
        : nextBody(writer, random, pick, messages.length + 1, everyLanguage);
    const person = pick(PEOPLE);
    const header = writer.header(clock);
    const line = lines.length + 1;
    const marked = writer.layout === 'ios' && body.lines[0].startsWith(LRM) && !body.system ? LRM : '';
    let sender: string | null;
    let raw: string;
    if (body.system) {
      sender = null;
      const labelled = writer.layout === 'ios' && body.lines[0].startsWith(LRM);
      const first = labelled ? `${GROUP_NAME}: ${body.lines[0]}` : body.lines[0];
      lines.push(header + first, ...body.lines.slice(1));
      raw = [first, ...body.lines.slice(1)].join('\n');
    } else {
      sender = person[1];
      lines.push(`${marked}${header}${person[0]}: ${body.lines[0]}`, ...body.lines.slice(1));
      raw = body.lines.join('\n');
      if (!participants.includes(sender)) participants.push(sender);
    }
    messages.push({
      line,
      lineEnd: lines.length,
      timestamp: `${clock.year}-${two(clock.month)}-${two(clock.day)}T${two(clock.hour)}:${two(clock.minute)}:${two(writer.seconds ? clock.second : 0)}`,
      secondsRecorded: writer.seconds,
      sender,
      raw,
      content: body.content,
      type: body.type,
      attachment: body.attachment,
      flags: body.flags,
    });
  }
  const text =
    lines.join(lineBreak) + (options.finalLineBreak === false || lines.length === 0 ? '' : lineBreak);
  return { text, messages, participants };
}

function advance(clock: Clock, random: () => number, seconds: boolean): void {
  let step = random() < 0.7 ? Math.floor(random() * 120) : Math.floor(random() * 7200);
  if (!seconds) step = Math.ceil(step / 60) * 60;
  let total = clock.hour * 3600 + clock.minute * 60 + clock.second + step;
  while (total >= 86400) {
    total -= 86400;
    clock.day++;
    if (clock.day > 28) {
      clock.day = 1;
      clock.month++;
      if (clock.month > 12) {
        clock.month = 1;
        clock.year++;
      }
    }
  }
  clock.hour = Math.floor(total / 3600);
  clock.minute = Math.floor(total / 60) % 60;
  clock.second = seconds ? total % 60 : 0;
}

function encryptionNotice(): Body {
  const text =
    'Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them.';
  return {
    lines: [`${LRM}${text}`],
    type: 'system',
    attachment: null,
    content: text,
    flags: [],
    system: true,
  };
}

function nextBody(
  writer: FormatWriter,
  random: () => number,
  pick: <T>(items: readonly T[]) => T,
  index: number,
  everyLanguage: boolean,
): Body {
  const ios = writer.layout === 'ios';
  const roll = random();
  // The wording of WhatsApp's own lines: English (the first of each list, drawing no random
  // number, so English chats stay as they were), or a language table picked for each message.
  const table = everyLanguage ? pick(LANGUAGES) : en;
  const wording = (texts: readonly string[]): string => (everyLanguage ? pick(texts) : texts[0]);
  const wordingMarker = (texts: readonly string[], type: MessageType, flags: MessageFlag[] = []): Body => {
    const text = wording(texts);
    return { lines: [text], type, attachment: null, content: text, flags, system: false };
  };
  const text = (lines: string[]): Body => ({
    lines,
    type: 'text',
    attachment: null,
    // Display content drops the blank lines a message may end with.
    content: lines.join('\n').trimEnd(),
    flags: [],
    system: false,
  });
  if (roll < 0.55) return text([`${pick(WORDS)} ${pick(WORDS)}`]);
  if (roll < 0.65) {
    const lines = [
      pick(WORDS),
      random() < 0.5 ? writer.fakeHeader : pick(WORDS),
      random() < 0.3 ? '' : pick(WORDS),
    ];
    return text(lines);
  }
  if (roll < 0.72) {
    const words = `${pick(WORDS)} edited`;
    const marker = wording(table.edited.length > 0 ? table.edited : en.edited);
    return {
      ...text([`${words} ${ios ? LRM : ''}${marker}`]),
      content: words,
      flags: ['edited'],
    };
  }
  if (roll < 0.82) {
    const kinds: ReadonlyArray<readonly [string, MessageType]> = ios
      ? [
          [`${String(index).padStart(8, '0')}-PHOTO-2023-06-07-15-13-20.jpg`, 'image'],
          [`${String(index).padStart(8, '0')}-AUDIO-2023-06-07-15-14-02.opus`, 'voice'],
          [`${String(index).padStart(8, '0')}-VIDEO-2023-06-07-15-15-00.mp4`, 'video'],
          [`${String(index).padStart(8, '0')}-Report Q3 - final.pdf`, 'document'],
        ]
      : [
          [`IMG-20230607-WA${String(index).padStart(4, '0')}.jpg`, 'image'],
          [`PTT-20230607-WA${String(index).padStart(4, '0')}.opus`, 'voice'],
          [`VID-20230607-WA${String(index).padStart(4, '0')}.mp4`, 'video'],
          ['Report Q3 - final.pdf', 'document'],
        ];
    const [name, type] = pick(kinds);
    const marker = ios ? `${LRM}<attached: ${name}>` : wording(table.fileAttached).replace('{}', name);
    const caption = random() < 0.4 ? [pick(WORDS)] : [];
    return {
      lines: [marker, ...caption],
      type,
      attachment: name,
      content: caption.join('\n'),
      flags: [],
      system: false,
    };
  }
  if (roll < 0.87 && everyLanguage) return wordingMarker(table.mediaOmitted, 'omitted-media');
  if (roll < 0.87) {
    const placeholder = ios
      ? pick(['image omitted', 'audio omitted', 'sticker omitted', 'GIF omitted'])
      : '<Media omitted>';
    return {
      lines: [`${ios ? LRM : ''}${placeholder}`],
      type: 'omitted-media',
      attachment: null,
      content: placeholder,
      flags: [],
      system: false,
    };
  }
  if (roll < 0.9 && everyLanguage) return wordingMarker(table.deleted, 'deleted', ['deleted']);
  if (roll < 0.9) {
    const marker = ios ? 'This message was deleted.' : 'This message was deleted';
    return {
      lines: [`${ios ? LRM : ''}${marker}`],
      type: 'deleted',
      attachment: null,
      content: marker,
      flags: ['deleted'],
      system: false,
    };
  }
  if (everyLanguage) {
    if (roll < 0.92) return wordingMarker(table.missedCall, 'call');
    if (roll < 0.93) return wordingMarker(table.liveLocation, 'location');
    if (roll < 0.94) {
      return wordingMarker(
        table.location.map((template) => template.replace('{}', 'https://maps.google.com/?q=52.52,13.40')),
        'location',
      );
    }
    // Android 2.20 writes WhatsApp's mark before its system texts.
    const event = fillTemplate(pick(pick(Object.values(table.events)))).trim();
    return {
      lines: [`${LRM}${event}`],
      type: 'system',
      attachment: null,
      content: event,
      flags: [],
      system: true,
    };
  }
  const event = pick([
    'Alice added Bob Smith',
    'Анна left',
    'Alice changed the subject from "Plans: 2023" to "Plans: 2024"',
    "Bob Smith changed this group's icon",
    'Alice changed the group description',
  ]);
  // iOS writes the group's name in the author position and marks the text.
  return {
    lines: [ios ? `${LRM}${event}` : event],
    type: 'system',
    attachment: null,
    content: event,
    flags: [],
    system: true,
  };
}

/** Fills a table text's "{}": a name before it, a name or subject inside, nothing at its end unless a space leads there. */
function fillTemplate(template: string): string {
  const literals = template.split('{}');
  let text = literals[0];
  for (let i = 1; i < literals.length; i++) {
    const before = literals[i - 1];
    const after = literals[i];
    if (i === 1 && before === '') text += after.startsWith(' ') ? 'Omar' : 'Omar ';
    else if (i === literals.length - 1 && after === '') text += before.endsWith(' ') ? 'Lina' : '';
    else text += 'Lina';
    text += after;
  }
  return text;
}
