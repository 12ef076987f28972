import { EmojiImages, wantsEmojiImage } from './emoji';
import { Face, type ScriptShaping } from './face';
import { type FaceName, fontFile, type FontWeight } from './font-files';
import { MYANMAR_FEATURES, myanmarDrawingOrder } from './myanmar';
import { controlsAsSpaces, GRAPHEMES, segmentsOf } from './unicode';

export type { FontWeight } from './font-files';
export type FontFamily = 'sans' | 'mono';

export interface TextStyle {
  family: FontFamily;
  weight: FontWeight;
  /** pt */
  size: number;
}

/** The faces of a script, by Unicode script name, each drawing that script alone. */
const ONE_SCRIPT_FACES: readonly (readonly [string, FaceName])[] = [
  ['Arabic', 'arabic'],
  ['Hebrew', 'hebrew'],
  ['Thai', 'thai'],
  ['Devanagari', 'devanagari'],
  ['Bengali', 'bengali'],
  ['Gurmukhi', 'gurmukhi'],
  ['Gujarati', 'gujarati'],
  ['Oriya', 'oriya'],
  ['Tamil', 'tamil'],
  ['Telugu', 'telugu'],
  ['Kannada', 'kannada'],
  ['Malayalam', 'malayalam'],
  ['Sinhala', 'sinhala'],
  ['Armenian', 'armenian'],
  ['Georgian', 'georgian'],
  ['Ethiopic', 'ethiopic'],
  ['Khmer', 'khmer'],
  ['Lao', 'lao'],
  ['Myanmar', 'myanmar'],
  ['Syriac', 'syriac'],
  ['Tibetan', 'tibetan'],
  ['Mongolian', 'mongolian'],
  ['Cherokee', 'cherokee'],
  ['Thaana', 'thaana'],
  ['Tifinagh', 'tifinagh'],
  ['Nko', 'nko'],
  ['Adlam', 'adlam'],
  ['Yi', 'yi'],
  ['Javanese', 'javanese'],
  ['Balinese', 'balinese'],
  ['Canadian_Aboriginal', 'canadianAboriginal'],
  ['Ol_Chiki', 'olChiki'],
  ['Meetei_Mayek', 'meeteiMayek'],
  ['Tai_Viet', 'taiViet'],
  ['Vai', 'vai'],
  ['Lisu', 'lisu'],
  ['Chakma', 'chakma'],
  ['Syloti_Nagri', 'sylotiNagri'],
  ['Cham', 'cham'],
  ['Osage', 'osage'],
  ['Hanifi_Rohingya', 'hanifiRohingya'],
];

/**
 * Scripts with faces of their own, tried in order before the general fallbacks. Script_Extensions,
 * so that punctuation used by a script (the Arabic comma, the ideographic full stop) finds its face.
 */
const SCRIPT_FACES: readonly (readonly [RegExp, readonly FaceName[]])[] = [
  // First: CJK punctuation (、。) also has Yi among its script extensions.
  [
    /^[\p{Script_Extensions=Han}\p{Script_Extensions=Hiragana}\p{Script_Extensions=Katakana}\p{Script_Extensions=Bopomofo}]/u,
    ['sc', 'jp'],
  ],
  [/^\p{Script_Extensions=Hangul}/u, ['kr']],
  ...ONE_SCRIPT_FACES.map(
    ([script, face]) => [new RegExp(`^\\p{Script_Extensions=${script}}`, 'u'), [face]] as const,
  ),
];
/** For the clusters of no script above, and those a script's own faces lack. */
const FALLBACK_FACES: readonly FaceName[] = ['sans', 'symbols', 'symbols2', 'math', 'sc', 'kr'];

/** Faces whose script needs shaping that fontkit lacks. */
const SCRIPT_SHAPING: Partial<Record<FaceName, ScriptShaping>> = {
  myanmar: { drawingOrder: myanmarDrawingOrder, features: MYANMAR_FEATURES },
};

/** How one grapheme cluster is drawn. */
export type ClusterDrawing =
  { kind: 'text'; face: Face } | { kind: 'emoji'; svg: string } | { kind: 'missing' };

/** The faces of one family and weight in fallback order, and the choice among them per cluster. */
export class FaceChain {
  /** The face for Latin text, and for the U+FFFD drawn in place of what no face has. */
  readonly primary: Face;
  private readonly drawings = new Map<string, ClusterDrawing>();

  constructor(
    private readonly fonts: FontSet,
    private readonly family: FontFamily,
    private readonly weight: FontWeight,
  ) {
    this.primary = fonts.face(family, weight);
  }

  /** How `cluster` is drawn on its own: an emoji image when it asks for one, else a font glyph, else any image. */
  drawing(cluster: string): ClusterDrawing {
    let drawing = this.drawings.get(cluster);
    if (drawing === undefined) {
      const svg = this.fonts.emoji.svg(cluster);
      const face = svg !== null && wantsEmojiImage(cluster) ? null : this.faceFor(cluster);
      drawing =
        face !== null ? { kind: 'text', face } : svg !== null ? { kind: 'emoji', svg } : { kind: 'missing' };
      this.drawings.set(cluster, drawing);
    }
    return drawing;
  }

  /** The first face with every character of `cluster`: the family's own, the script's, then the fallbacks. */
  private faceFor(cluster: string): Face | null {
    const scriptFaces = SCRIPT_FACES.find(([pattern]) => pattern.test(cluster))?.[1] ?? [];
    const names = new Set<FaceName>([
      ...(this.family === 'mono' ? (['mono'] as const) : []),
      ...scriptFaces,
      ...FALLBACK_FACES,
    ]);
    return (
      [...names].map((name) => this.fonts.face(name, this.weight)).find((face) => face.covers(cluster)) ??
      null
    );
  }
}

/** The Noto faces and Twemoji images, loaded lazily and kept for the process. */
export class FontSet {
  private static sharedSet: FontSet | undefined;
  readonly emoji = new EmojiImages();
  private readonly faces = new Map<string, Face>();
  private readonly chains = new Map<string, FaceChain>();

  /** The process-wide set (fonts load lazily on first use). */
  static shared(): FontSet {
    FontSet.sharedSet ??= new FontSet();
    return FontSet.sharedSet;
  }

  /** One face per file: a weight a package lacks falls back to its regular file, loaded once. */
  face(name: FaceName, weight: FontWeight): Face {
    const file = fontFile(name, weight);
    let face = this.faces.get(file);
    if (!face) {
      face = new Face(file, SCRIPT_SHAPING[name]);
      this.faces.set(file, face);
    }
    return face;
  }

  chain(family: FontFamily, weight: FontWeight): FaceChain {
    const key = `${family}-${weight}`;
    let chain = this.chains.get(key);
    if (!chain) {
      chain = new FaceChain(this, family, weight);
      this.chains.set(key, chain);
    }
    return chain;
  }

  /** Characters (grapheme clusters) no font or emoji image can draw, in order of first appearance, deduplicated. */
  missingCharacters(text: string, family: FontFamily = 'sans', weight: FontWeight = 'regular'): string[] {
    const chain = this.chain(family, weight);
    const drawn = controlsAsSpaces(text);
    if (chain.primary.isSimple(drawn)) return [];
    const missing = new Set<string>();
    for (const { segment } of segmentsOf(GRAPHEMES, drawn)) {
      if (chain.drawing(segment).kind === 'missing') missing.add(segment);
    }
    return [...missing];
  }
}
