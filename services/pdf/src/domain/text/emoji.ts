import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** An emoji advances this many em and is drawn as a 1 em square centred in that advance. */
export const EMOJI_ADVANCE = 1.1;
/** From the square's top down to the baseline, in em: like a CJK ideograph's em box, it dips a little below. */
export const EMOJI_TOP = 0.88;

/** twemoji-svg exports only its SVGs (`twemoji-svg/<name>`), not its package.json. */
const TWEMOJI_DIR = path.dirname(require.resolve('twemoji-svg/1f600'));

/**
 * Clusters shown as emoji: any with an emoji-presentation character (😀, flags, skin tones) or
 * with VS16 or a keycap asking for one (❤️, 1️⃣). Pictographs that default to text presentation
 * and come without VS16 (©, ™, ↔, ☺) stay text and take a font glyph when one exists.
 */
const EMOJI_PRESENTATION = /\p{Emoji_Presentation}|\p{Emoji}\uFE0F|\u20E3/u;
/** Clusters that might have a Twemoji image at all, as a fallback when no font has them. */
const PICTOGRAPHIC = /\p{Extended_Pictographic}|\p{Emoji_Presentation}|\u20E3/u;

export function wantsEmojiImage(cluster: string): boolean {
  return EMOJI_PRESENTATION.test(cluster);
}

/** The Twemoji SVG of each emoji, read once per process. */
export class EmojiImages {
  private readonly svgs = new Map<string, string | null>();

  /** The SVG source for `cluster`, or null when Twemoji has none. */
  svg(cluster: string): string | null {
    if (!PICTOGRAPHIC.test(cluster)) return null;
    let svg = this.svgs.get(cluster);
    if (svg === undefined) {
      const codePoints = [...cluster].map((char) => char.codePointAt(0)!.toString(16));
      // Twemoji names most files without VS16 (fe0f) but keeps it in some ZWJ sequences.
      const names = [codePoints.join('-'), codePoints.filter((hex) => hex !== 'fe0f').join('-')];
      const file = names
        .map((name) => path.join(TWEMOJI_DIR, `${name}.svg`))
        .find((candidate) => existsSync(candidate));
      svg = file === undefined ? null : readFileSync(file, 'utf8');
      this.svgs.set(cluster, svg);
    }
    return svg;
  }
}
