import path from 'node:path';
import { openSync, type Font, type Glyph, type GlyphRun } from 'fontkit';
import { fixNullAnchors, unusableFeatures } from './fontkit-fixes';

/** One glyph of shaped text, in font units. */
export interface ShapedGlyph {
  readonly id: number;
  /** The characters it stands for (several for a ligature): the PDF's text layer maps the glyph back to them. */
  readonly codePoints: readonly number[];
  /** The glyph's own advance, which the PDF's width table gives it. */
  readonly advanceWidth: number;
  /** The advance after shaping (kerning, zero-width marks). */
  readonly xAdvance: number;
  readonly xOffset: number;
  readonly yOffset: number;
}

/**
 * Text of simple characters (see SIMPLE_LIMIT), one glyph each, kerned. Nothing per glyph is
 * stored: the painter reads glyphs and kerning from the face again, which is cheaper than
 * allocating and caching them.
 */
export interface SimpleShape {
  readonly kind: 'simple';
  readonly face: Face;
  readonly text: string;
  /** The advance in em: multiply by the font size for points. */
  readonly width: number;
}

/** Text shaped by fontkit's OpenType engine: immutable, cached, shared by every layout and document. */
export interface ComplexShape {
  readonly kind: 'complex';
  readonly face: Face;
  /** In visual (left-to-right) order. */
  readonly glyphs: readonly ShapedGlyph[];
  /** The advance in em: multiply by the font size for points. */
  readonly width: number;
  /**
   * Whether the glyphs' characters, read left to right, spell the text, each glyph its own
   * character's: not so where shaping reorders (a Devanagari vowel sign drawn before its
   * consonant) or drops invisible characters, or a lone jamo is drawn whole (see STANDALONE_JAMO).
   */
  readonly readsInOrder: boolean;
  /**
   * Whether shaping moves a glyph off the line's flow (a mark raised, lowered or shifted, as Thai,
   * Lao and Tibetan fonts place theirs): text extractors then read it as a line or word of its own.
   */
  readonly movesGlyphs: boolean;
}

/** What fontkit's OpenType layout lacks for a face's script, done around it (see myanmar.ts). */
export interface ScriptShaping {
  /** The text with each syllable's parts in the order the font expects to draw them. */
  drawingOrder(text: string): string;
  /** Features to apply besides fontkit's default ones. */
  readonly features: Readonly<Record<string, boolean>>;
}

/** A piece of text (a word, a space) shaped in one face and direction. */
export type ShapedText = SimpleShape | ComplexShape;

/** Complex shapes kept per face and direction; past this many the cache starts again, which bounds a long-lived process. */
const SHAPE_CACHE_LIMIT = 30_000;

/**
 * Below this code point, characters that are not controls or combining marks map one to one onto
 * glyphs (Latin, Greek, Cyrillic), so they can skip fontkit's OpenType shaping (~30 µs a word)
 * for a cmap lookup plus kerning, which is what OpenType would do to them anyway, ligatures
 * apart. Kerning is learnt per pair of characters: a new word costs a layout only when it
 * brings a new pair.
 */
const SIMPLE_LIMIT = 0x500;

function isSimpleCandidate(code: number): boolean {
  return (
    code >= 0x20 &&
    code < SIMPLE_LIMIT &&
    !(code >= 0x7f && code < 0xa0) &&
    !(code >= 0x300 && code < 0x370) &&
    !(code >= 0x483 && code < 0x48a)
  );
}

/** fontkit's default features switched off, so that a layout applies kerning alone. */
const KERNING_ONLY: Record<string, boolean> = Object.fromEntries(
  ['ccmp', 'locl', 'rlig', 'mark', 'mkmk', 'calt', 'clig', 'liga', 'rclt', 'curs'].map((feature) => [
    feature,
    false,
  ]),
);

const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;

/** Hangul compatibility jamo for the final consonants U+11A8–U+11C2, whose decompositions name the initial forms. */
const MODERN_FINALS = 'ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ';

/**
 * Conjoining Hangul jamo (U+1100–U+11FF) and the compatibility jamo (U+3131–U+318E) that is the
 * same letter drawn whole. A conjoining jamo that does not compose into a syllable (ᄀ alone, a
 * final ᆫ with no vowel before it) has, in Noto Sans KR, only the glyph of its place in a
 * syllable block: the top, right or bottom part of a square, which reads as a clipped letter.
 * It is drawn with the whole letter instead, and its text is kept (see readsInOrder).
 */
const STANDALONE_JAMO = new Map<number, number>([
  ...Array.from({ length: 0x318e - 0x3131 + 1 }, (_, i) => 0x3131 + i).flatMap((compatibility) => {
    const conjoining = String.fromCodePoint(compatibility).normalize('NFKD');
    return conjoining.length === 1 ? [[conjoining.codePointAt(0)!, compatibility] as const] : [];
  }),
  ...Array.from(MODERN_FINALS, (char, i) => [0x11a8 + i, char.codePointAt(0)!] as const),
]);

/** One Noto font file. The TTF is read on first use, once per process. */
export class Face {
  /** The file's name, e.g. NotoSansArabic_700Bold. */
  readonly name: string;
  private loaded: Font | undefined;
  private loadedUnitsPerEm: number | undefined;
  private kerns: boolean | undefined;
  /** OpenType features switched off because fontkit cannot apply them (see unusableFeatures); undefined until a layout fails. */
  private switchedOff: Record<string, boolean> | undefined;
  private readonly coverage = new Map<number, boolean>();
  private readonly shapes = { ltr: new Map<string, ComplexShape>(), rtl: new Map<string, ComplexShape>() };
  /** Per simple code point: its glyph, null when it is not simple in this face, undefined until asked. */
  private readonly simpleGlyphs = new Array<Glyph | null | undefined>(SIMPLE_LIMIT).fill(undefined);
  /** Kerning between two simple code points, keyed `left * SIMPLE_LIMIT + right`. */
  private readonly kerning = new Map<number, number>();

  constructor(
    readonly file: string,
    private readonly scriptShaping: ScriptShaping | null = null,
  ) {
    this.name = path.basename(file, '.ttf');
  }

  /** fontkit reads it from the font's header on every call. */
  get unitsPerEm(): number {
    this.loadedUnitsPerEm ??= this.font.unitsPerEm;
    return this.loadedUnitsPerEm;
  }

  /** The fontkit font (pdfkit embeds this same object, so it is parsed once per process). */
  get font(): Font {
    if (!this.loaded) {
      // The Noto files are single TTFs, never collections.
      this.loaded = openSync(this.file) as Font;
      fixNullAnchors(this.loaded);
    }
    return this.loaded;
  }

  has(codePoint: number): boolean {
    let has = this.coverage.get(codePoint);
    if (has === undefined) {
      has = this.font.hasGlyphForCodePoint(codePoint);
      this.coverage.set(codePoint, has);
    }
    return has;
  }

  /** Whether this face has a glyph for every character of `cluster` (invisible format characters need none). */
  covers(cluster: string): boolean {
    for (const char of cluster) {
      if (!this.has(char.codePointAt(0)!) && !DEFAULT_IGNORABLE.test(char)) return false;
    }
    return true;
  }

  /** Whether every character of `text` can take the fast path (see SIMPLE_LIMIT). */
  isSimple(text: string): boolean {
    for (let i = 0; i < text.length; i += 1) {
      if (!this.simpleGlyph(text.charCodeAt(i))) return false;
    }
    return true;
  }

  /** `text` shaped in this face, in font units. */
  shape(text: string, rtl: boolean): ShapedText {
    if (!rtl && this.isSimple(text)) return this.shapeSimple(text);
    // Complex shaping costs ~30 µs a call and chats repeat their words: cached.
    const cache = rtl ? this.shapes.rtl : this.shapes.ltr;
    let shaped = cache.get(text);
    if (!shaped) {
      shaped = this.shapeComplex(text, rtl);
      if (cache.size >= SHAPE_CACHE_LIMIT) cache.clear();
      cache.set(text, shaped);
    }
    return shaped;
  }

  /** The glyph of a simple character (see isSimple), else null. */
  simpleGlyph(code: number): Glyph | null {
    let glyph = this.simpleGlyphs[code];
    if (glyph === undefined) {
      glyph = isSimpleCandidate(code) && this.has(code) ? this.font.glyphForCodePoint(code) : null;
      this.simpleGlyphs[code] = glyph;
    }
    return glyph;
  }

  /** Font units between two simple characters (known once a simple shape with the pair has been made). */
  kern(left: number, right: number): number {
    return this.hasKerning ? this.kerning.get(left * SIMPLE_LIMIT + right)! : 0;
  }

  /** `text`, all simple (see isSimple), shaped: glyph advances and kerning. */
  shapeSimple(text: string): SimpleShape {
    const kerns = this.hasKerning;
    let advance = 0;
    /** Pairs whose kerning is not known yet, each once (a long text repeats them), one after the other. */
    let unknown = '';
    /** How often each of those pairs occurs, by key. */
    let unknownCounts: Map<number, number> | undefined;
    for (let i = 0; i < text.length; i += 1) {
      const code = text.charCodeAt(i);
      advance += this.simpleGlyph(code)!.advanceWidth;
      if (i === 0 || !kerns) continue;
      const key = text.charCodeAt(i - 1) * SIMPLE_LIMIT + code;
      const kern = this.kerning.get(key);
      if (kern !== undefined) {
        advance += kern;
        continue;
      }
      unknownCounts ??= new Map();
      const count = unknownCounts.get(key) ?? 0;
      if (count === 0) unknown += text.slice(i - 1, i + 1);
      unknownCounts.set(key, count + 1);
    }
    if (unknownCounts) {
      this.learnKerning(unknown);
      for (const [key, count] of unknownCounts) advance += this.kerning.get(key)! * count;
    }
    return { kind: 'simple', face: this, text, width: advance / this.unitsPerEm };
  }

  /** Monospaced faces have no kerning: no need to ask fontkit. */
  private get hasKerning(): boolean {
    this.kerns ??= this.font.availableFeatures.includes('kern');
    return this.kerns;
  }

  /**
   * Records the kerning between each two neighbours of `text` from one fontkit layout with the
   * kerning feature alone: the lookups of the other features take ~90 ms to load per face, and
   * kerning is all OpenType does to these characters, ligatures apart. Kerning is between pairs,
   * so `text` need only hold the pairs not known yet.
   */
  private learnKerning(text: string): void {
    const run = this.font.layout(text, KERNING_ONLY);
    for (let i = 1; i < text.length; i += 1) {
      const kern =
        run.glyphs.length === text.length
          ? run.positions[i - 1]!.xAdvance - run.glyphs[i - 1]!.advanceWidth
          : 0;
      this.kerning.set(text.charCodeAt(i - 1) * SIMPLE_LIMIT + text.charCodeAt(i), kern);
    }
  }

  /** fontkit's full OpenType layout, with the face's script shaping and without the features fontkit cannot apply. */
  private layout(text: string, rtl: boolean): GlyphRun {
    const direction = rtl ? 'rtl' : 'ltr';
    const shown = this.scriptShaping?.drawingOrder(text) ?? text;
    const features = (): Record<string, boolean> => ({
      ...this.scriptShaping?.features,
      ...this.switchedOff,
    });
    if (this.switchedOff === undefined) {
      try {
        return this.font.layout(shown, features(), undefined, undefined, direction);
      } catch (error) {
        const unusable = unusableFeatures(this.font);
        if (unusable.length === 0) throw error;
        this.switchedOff = Object.fromEntries(unusable.map((feature) => [feature, false]));
      }
    }
    return this.font.layout(shown, features(), undefined, undefined, direction);
  }

  /** The whole letter for a conjoining jamo that shaping left as its own part glyph (see STANDALONE_JAMO), else null. */
  private wholeJamo(glyph: Glyph): Glyph | null {
    if (glyph.codePoints.length !== 1) return null;
    const [codePoint] = glyph.codePoints as [number];
    const standalone = STANDALONE_JAMO.get(codePoint);
    if (standalone === undefined || !this.has(standalone)) return null;
    return glyph.id === this.font.glyphForCodePoint(codePoint).id
      ? this.font.glyphForCodePoint(standalone)
      : null;
  }

  private shapeComplex(text: string, rtl: boolean): ComplexShape {
    const run = this.layout(text, rtl);
    const space = this.font.glyphForCodePoint(0x20).id;
    const glyphs: ShapedGlyph[] = [];
    let advance = 0;
    let spelled = '';
    let wholeJamo = false;
    run.glyphs.forEach((glyph, i) => {
      const position = run.positions[i]!;
      // fontkit turns invisible format characters (ZWJ, marks like RLM) into zero-width spaces;
      // dropping them keeps stray spaces out of the copied text.
      if (glyph.id === space && position.xAdvance === 0) return;
      spelled += String.fromCodePoint(...glyph.codePoints);
      const whole = this.wholeJamo(glyph);
      if (whole) wholeJamo = true;
      const drawn = whole ?? glyph;
      const xAdvance = position.xAdvance + drawn.advanceWidth - glyph.advanceWidth;
      glyphs.push({
        id: drawn.id,
        // Text extractors read a right-to-left line's characters in visual order and reverse them
        // all, also those a ligature stands for (ش+ر would copy out as ر+ش): so a ligature of a
        // right-to-left run lists its characters in visual order too.
        codePoints: rtl && glyph.codePoints.length > 1 ? [...glyph.codePoints].reverse() : glyph.codePoints,
        advanceWidth: drawn.advanceWidth,
        xAdvance,
        xOffset: position.xOffset,
        yOffset: position.yOffset,
      });
      advance += xAdvance;
    });
    return {
      kind: 'complex',
      face: this,
      glyphs,
      width: advance / this.unitsPerEm,
      readsInOrder: spelled === text && !wholeJamo,
      movesGlyphs: glyphs.some((glyph) => glyph.xOffset !== 0 || glyph.yOffset !== 0),
    };
  }
}
