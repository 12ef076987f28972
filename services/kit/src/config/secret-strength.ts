/**
 * Why a configured secret cannot be trusted, or null when it can: placeholders and values an
 * attacker could guess are refused at start, so no example or default value ever opens anything.
 */

/** Bits a secret must carry: `openssl rand -hex 32` gives 256, `openssl rand -base64 32` about 200. */
export const MIN_SECRET_BITS = 128;

/** Placeholder words, refused wherever they appear (long enough never to occur in random text by chance). */
const PLACEHOLDER_WORDS = [
  'replace',
  'change',
  'example',
  'secret',
  'password',
  'default',
  'placeholder',
  'chatexhibit',
];
/**
 * Short placeholder words, refused only as a word of their own in one letter case, set off by the
 * separators people write between words (a random value may hold the letters: base64's `+Xxx/`).
 */
const PLACEHOLDER_TOKENS = ['todo', 'xxx', 'tbd', 'fixme', 'dummy', 'test', 'sample', 'insecure'];

const HEX = /^(?:[0-9a-f]+|[0-9A-F]+)$/;

/** The placeholder word `value` contains, or null. */
export function placeholderIn(value: string): string | null {
  const lower = value.toLowerCase();
  const word = PLACEHOLDER_WORDS.find((w) => lower.includes(w));
  if (word) return word;
  const tokens = value
    .split(/[\s_.-]+/)
    .filter((token) => token === token.toLowerCase() || token === token.toUpperCase())
    .map((token) => token.toLowerCase());
  return PLACEHOLDER_TOKENS.find((t) => tokens.includes(t)) ?? null;
}

/** The shortest prefix that the whole value repeats ("abcabcab" → "abc"). */
function withoutRepetition(value: string): string {
  for (let period = 1; period < value.length; period++) {
    let repeats = true;
    for (let i = period; i < value.length && repeats; i++) repeats = value[i] === value[i - period];
    if (repeats) return value.slice(0, period);
  }
  return value;
}

/**
 * A conservative estimate of the bits in `value`, as if each character were drawn from the
 * smaller of its character classes' pool and the characters it actually uses; a repeating value
 * counts once, a character repeating or continuing a run like "abc" or "321" counts one bit, and
 * in a value made mostly of words the words' letters count two bits each.
 */
export function estimatedSecretBits(value: string): number {
  const text = withoutRepetition(value);
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/];
  const sizes = [26, 26, 10, 33];
  const classPool = classes.reduce((pool, pattern, i) => (pattern.test(text) ? pool + sizes[i]! : pool), 0);
  const pool = Math.min(classPool, new Set(text).size);
  if (pool <= 1) return 0;
  const perCharacter = Math.log2(pool);
  // Letters of whole words ("Horse", "battery") count as words do, when words make up most of it.
  const wordLike = new Set<number>();
  if (!HEX.test(text)) {
    for (const run of text.matchAll(/[a-zA-Z]+/g))
      if (/^(?:[A-Z]?[a-z]{2,}|[A-Z]{3,})$/.test(run[0]))
        for (let i = run.index; i < run.index + run[0].length; i++) wordLike.add(i);
    if (wordLike.size * 2 < text.length) wordLike.clear();
  }
  let bits = 0;
  for (let i = 0; i < text.length; i++) {
    const step = i === 0 ? 0 : text.charCodeAt(i) - text.charCodeAt(i - 1);
    if (step === 1 || step === -1 || step === 0) bits += 1;
    else bits += wordLike.has(i) ? Math.min(2, perCharacter) : perCharacter;
  }
  return Math.floor(bits);
}

/** Why `value` is no secret, as the end of a sentence that starts with the variable's name; null when it is one. */
export function secretWeakness(value: string): string | null {
  const advice = 'set a random value, e.g. `openssl rand -hex 32`';
  const placeholder = placeholderIn(value);
  if (placeholder) return `is a placeholder (it contains "${placeholder}"): ${advice}`;
  const bits = estimatedSecretBits(value);
  if (bits < MIN_SECRET_BITS)
    return `is too easy to guess (about ${bits} bits of randomness, at least ${MIN_SECRET_BITS} needed): ${advice}`;
  return null;
}
