/**
 * Myanmar shaping that fontkit 2.0.4 lacks (it has no Myanmar shaper and shapes the script like
 * Latin). Noto Sans Myanmar expects the shaper to have put each syllable's parts in drawing
 * order first, as HarfBuzz's Myanmar shaper does: the vowel sign E (ေ) and the medial Ra (ြ),
 * typed after their consonant, are drawn before it, and a kinzi (င်္), typed before its
 * consonant, is drawn above it after. The font's own features then stack and join the parts.
 */

const KINZI = '\u1004\u103A\u1039';
const VIRAMA = '\u1039';
/** Vowel signs drawn before their consonant: Myanmar E and Shan E. */
const PRE_BASE_VOWEL = /^[\u1031\u1084]$/u;
const MEDIAL_RA = '\u103C';
/** A consonant or independent vowel: what a syllable is built on. */
const BASE = /^(?=\p{Script=Myanmar})\p{L}$/u;
/** What stays in a syllable after its base: signs, and a consonant stacked under a virama. */
const MARK = /^[\p{M}\u200C\u200D]$/u;

/** The Myanmar features fontkit's default shaper leaves out, which Noto Sans Myanmar's stacking needs. */
export const MYANMAR_FEATURES: Readonly<Record<string, boolean>> = Object.fromEntries(
  ['pref', 'blwf', 'pstf', 'pres', 'abvs', 'blws', 'psts'].map((feature) => [feature, true]),
);

/** `text` with each Myanmar syllable's parts in drawing order (see above); other text is left as it is. */
export function myanmarDrawingOrder(text: string): string {
  const chars = Array.from(text);
  let out = '';
  let i = 0;
  while (i < chars.length) {
    const kinzi = chars.slice(i, i + 3).join('') === KINZI && BASE.test(chars[i + 3] ?? '');
    if (kinzi) i += 3;
    const base = chars[i]!;
    i += 1;
    if (!BASE.test(base)) {
      out += base;
      continue;
    }
    const rest: string[] = [];
    while (i < chars.length && (MARK.test(chars[i]!) || (chars[i - 1] === VIRAMA && BASE.test(chars[i]!)))) {
      rest.push(chars[i]!);
      i += 1;
    }
    const before = [
      ...rest.filter((char) => PRE_BASE_VOWEL.test(char)),
      ...rest.filter((char) => char === MEDIAL_RA),
    ];
    const after = rest.filter((char) => !PRE_BASE_VOWEL.test(char) && char !== MEDIAL_RA);
    out += before.join('') + base + (kinzi ? KINZI : '') + after.join('');
  }
  return out;
}
