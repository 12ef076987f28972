import { DecodingMode, decodeHTML } from 'entities/decode';
import { characterUnits, type TextUnit } from './text-fold';

// A text is read as a browser or a link would show it: percent-escapes ("Emm%61", "%35") and HTML
// character references ("Em&#109;a", "&#53;", "Emm&alpha;") stand for their characters, and so do
// escapes written inside others ("Emm%2561", "&amp;#53;"), for the names and the numbers removed
// everywhere alike.

/** How many UTF-8 bytes a character whose first byte is `lead` has; 0 when `lead` starts none. */
const utf8Length = (lead: number): number =>
  lead < 0x80
    ? 1
    : lead >= 0xc2 && lead < 0xe0
      ? 2
      : lead >= 0xe0 && lead < 0xf0
        ? 3
        : lead >= 0xf0 && lead < 0xf5
          ? 4
          : 0;

/** The character a run of percent-escapes starting at `at` stands for (UTF-8), and where it ends; null when none. */
function percentEscapeAt(text: string, at: number): { character: string; end: number } | null {
  const escapes = /^(?:%[0-9a-f]{2})+/i.exec(text.slice(at, at + 12))?.[0];
  if (escapes === undefined) return null;
  const end = at + 3 * utf8Length(parseInt(escapes.slice(1, 3), 16));
  if (end === at || end > at + escapes.length) return null;
  try {
    return { character: decodeURIComponent(text.slice(at, end)), end };
  } catch {
    // Not UTF-8: read as written.
    return null;
  }
}

/** A numeric character reference (its semicolon optional, as browsers read it) or a named one. */
const CHARACTER_REFERENCE = /^&(?:#[xX][0-9a-fA-F]{1,6};?|#[0-9]{1,7};?|[A-Za-z][A-Za-z0-9]{1,31};)/;

/** The character an HTML character reference starting at `at` stands for ("&#109;" "m", "&alpha;" "α"), and where it ends; null when none. */
function characterReferenceAt(text: string, at: number): { character: string; end: number } | null {
  const reference = CHARACTER_REFERENCE.exec(text.slice(at, at + 34))?.[0];
  if (reference === undefined) return null;
  const character = decodeHTML(
    reference,
    reference.endsWith(';') ? DecodingMode.Strict : DecodingMode.Legacy,
  );
  return character === reference ? null : { character, end: at + reference.length };
}

/** A character of a text read once for escapes, and the span of that text it stands for. */
interface DecodedCharacter {
  character: string;
  start: number;
  end: number;
}

/** The characters of `text` with its escapes decoded once; null when it has none. */
function decodedOnce(text: string): DecodedCharacter[] | null {
  const characters: DecodedCharacter[] = [];
  let escapes = false;
  let at = 0;
  while (at < text.length) {
    const code = text.charCodeAt(at);
    const decoded =
      code === 0x25 ? percentEscapeAt(text, at) : code === 0x26 ? characterReferenceAt(text, at) : null;
    if (decoded !== null) {
      escapes = true;
      characters.push({ character: decoded.character, start: at, end: decoded.end });
      at = decoded.end;
      continue;
    }
    const character = String.fromCodePoint(text.codePointAt(at)!);
    characters.push({ character, start: at, end: at + character.length });
    at += character.length;
  }
  return escapes ? characters : null;
}

/**
 * How many times a text is read for escapes at most: an escape written inside another ("%2561" is
 * "%61", then "a"; "&amp;#109;" is "&#109;", then "m") is decoded as a browser reading it twice
 * would; a few levels and no more, so that a long nest costs no more than a few readings.
 */
const READINGS = 4;

/**
 * The characters of `text` as a reader of a browser or a link sees them: percent-escapes ("%61",
 * "%C3%A9") and HTML character references ("&#109;", "&alpha;") decoded, and what they decode to
 * decoded again, up to READINGS times ("Emm%2561", "Em&amp;#109;a", "%26%23109;"), each character
 * knowing what of the original it stands for.
 */
export function decodedUnits(text: string): TextUnit[] {
  let units = [...characterUnits(text)];
  for (let reading = 0; reading < READINGS; reading++) {
    const read = reading === 0 ? text : units.map((unit) => unit.character).join('');
    const decoded = /[%&]/.test(read) ? decodedOnce(read) : null;
    if (decoded === null) break;
    units = spanning(decoded, units);
  }
  return units;
}

/** The characters of a reading as units of the original: each spans the units (of `read`, the reading before) it was decoded from. */
function spanning(decoded: readonly DecodedCharacter[], read: readonly TextUnit[]): TextUnit[] {
  const unitAt: number[] = [];
  read.forEach((unit, index) => {
    for (let at = 0; at < unit.character.length; at++) unitAt.push(index);
  });
  return decoded.map(({ character, start, end }) => ({
    character,
    source: { start: read[unitAt[start]!]!.source.start, end: read[unitAt[end - 1]!]!.source.end },
  }));
}
