// Differential test against the npm package whatsapp-chat-parser (v4): on every hand-written
// fixture, both parsers must read the same messages (time, sender, text), once the differences
// below, each a deliberate choice of ours, are accounted for. A fixture the package cannot read
// is listed with the reason, and must still differ, so the list never hides a regression.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseString } from 'whatsapp-chat-parser';
import type { ChatMessage } from '../src/domain/chat-model';
import { parseChat } from '../src/domain/parse-chat';
import { fixtureText } from './support/fixtures';

/** [timestamp, sender, text]: what a reader of either parser's output sees of a message. */
type Reading = [timestamp: string, sender: string | null, text: string];

/** Marks removed and edges trimmed: both keep them in the text, in different places. */
const INVISIBLE = /[\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;
const plain = (text: string): string => text.replace(INVISIBLE, '').trim();

function reading(m: ChatMessage): Reading {
  return [m.timestamp, m.sender, plain(m.raw)];
}

const two = (n: number): string => String(n).padStart(2, '0');

function theirs(text: string): Reading[] {
  return parseString(text, { parseAttachments: true }).map((m) => {
    const d = m.date;
    const timestamp = `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
    return [timestamp, m.author === null ? null : plain(m.author), plain(m.message)];
  });
}

/**
 * Their reading, with our deliberate differences applied:
 * - they end an author at the first ": " of any line, so a system line written under the
 *   group's name ("Plans: ‎Lina left"), or whose own text holds ": " ('created group "Plans:
 *   spring"', Hungarian "létrehozta a következő csoportot: ") gets an author; we read a system
 *   line (no sender) where WhatsApp's wording says which event it is (only then is their author
 *   put back into the text: a line we call a system event of unknown wording stays a difference);
 * - we show the no-break hyphen and spaces of a name ("+44 7700‑900123") as plain ones.
 */
function withOurChoices(their: Reading[], our: readonly ChatMessage[]): Reading[] {
  return their.map(([timestamp, sender, text], i) => {
    const event = our[i]?.event;
    if (sender !== null && event !== undefined && event !== null) {
      return [timestamp, null, plain(`${sender}: ${text}`)];
    }
    return [timestamp, sender?.replace(/\u2011/g, '-').replace(/[\u00A0\u202F]/g, ' ') ?? null, text];
  });
}

/** Fixtures the package reads otherwise, and why (each must still differ). */
const THEY_READ_OTHERWISE: Readonly<Record<string, string>> = {
  'android-dmy-24h.txt':
    'a message line that looks like a header of another format starts a message for them',
  'ios-dmy.txt': 'a message line that looks like a header of another format starts a message for them',
  'ar-arabic-indic-digits.txt': 'they read ASCII digits only',
  'fa-persian-digits.txt': 'they read ASCII digits only',
  'hi-devanagari-digits.txt': 'they read ASCII digits only',
  'bn-bengali-digits.txt': 'they read ASCII digits only',
  'th-thai-digits-two-digit-year.txt': 'they read ASCII digits only',
  'ios-time-first.txt': 'they read no header with the time before the date',
  'vi-time-first.txt': 'they read no header with the time before the date',
  'ja-japanese-era.txt': 'they read no Japanese era year',
  'ios-japanese-era-year-last.txt': 'they read no Japanese era year',
  'th-buddhist-era.txt':
    'they keep Buddhist years as Gregorian ones (2566 shown as 2566, 29/02/2567 rolls over)',
  'ios-buddhist-era-named.txt': 'they keep Buddhist years as Gregorian ones',
  'de-vorm-nachm.txt':
    'they know AM/PM only as a.m./p.m. in Latin letters, so "nachm." is read as part of the author',
  'zh-meridiem-before.txt':
    'they know AM/PM only as a.m./p.m. in Latin letters, so 下午 1:55 is read as 01:55',
  'ko-meridiem-before.txt':
    'they know AM/PM only as a.m./p.m. in Latin letters, so 오후 1:55 is read as 01:55',
};

const FIXTURES_DIR = join(__dirname, 'fixtures');
const FIXTURES = [
  ...readdirSync(FIXTURES_DIR).filter((name) => name.endsWith('.txt')),
  ...readdirSync(join(FIXTURES_DIR, 'languages')).map((name) => `languages/${name}`),
];
const AGREEING = FIXTURES.filter((name) => THEY_READ_OTHERWISE[name] === undefined);
const DIFFERING = FIXTURES.filter((name) => THEY_READ_OTHERWISE[name] !== undefined);

it('lists only fixtures that exist', () => {
  expect(Object.keys(THEY_READ_OTHERWISE).filter((name) => !FIXTURES.includes(name))).toEqual([]);
});

it.each(AGREEING)('%s: both parsers read the same messages', (name) => {
  const text = fixtureText(name);
  const { messages } = parseChat(text);
  expect(messages.length).toBeGreaterThan(0);
  expect(withOurChoices(theirs(text), messages)).toEqual(messages.map(reading));
});

it.each(DIFFERING)('%s: the package reads it otherwise (see THEY_READ_OTHERWISE)', (name) => {
  const text = fixtureText(name);
  const { messages } = parseChat(text);
  expect(withOurChoices(theirs(text), messages)).not.toEqual(messages.map(reading));
});
