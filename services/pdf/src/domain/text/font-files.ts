import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** The @expo-google-fonts package of each face the text engine draws with. */
const PACKAGES = {
  sans: 'noto-sans',
  mono: 'noto-sans-mono',
  // Noto Sans Arabic builds dotted letters from a dotless body and dot marks, which no ToUnicode
  // map can copy out (ت, ن and ب share one body); IBM Plex Sans Arabic shapes with whole letters.
  arabic: 'ibm-plex-sans-arabic',
  hebrew: 'noto-sans-hebrew',
  thai: 'noto-sans-thai',
  devanagari: 'noto-sans-devanagari',
  bengali: 'noto-sans-bengali',
  gurmukhi: 'noto-sans-gurmukhi',
  gujarati: 'noto-sans-gujarati',
  oriya: 'noto-sans-oriya',
  tamil: 'noto-sans-tamil',
  telugu: 'noto-sans-telugu',
  kannada: 'noto-sans-kannada',
  malayalam: 'noto-sans-malayalam',
  sinhala: 'noto-sans-sinhala',
  armenian: 'noto-sans-armenian',
  georgian: 'noto-sans-georgian',
  ethiopic: 'noto-sans-ethiopic',
  khmer: 'noto-sans-khmer',
  lao: 'noto-sans-lao',
  myanmar: 'noto-sans-myanmar',
  syriac: 'noto-sans-syriac',
  // There is no Noto Sans Tibetan; Noto Serif Tibetan is Noto's Tibetan face.
  tibetan: 'noto-serif-tibetan',
  mongolian: 'noto-sans-mongolian',
  cherokee: 'noto-sans-cherokee',
  thaana: 'noto-sans-thaana',
  tifinagh: 'noto-sans-tifinagh',
  nko: 'noto-sans-nko',
  adlam: 'noto-sans-adlam',
  yi: 'noto-sans-yi',
  javanese: 'noto-sans-javanese',
  balinese: 'noto-sans-balinese',
  canadianAboriginal: 'noto-sans-canadian-aboriginal',
  olChiki: 'noto-sans-ol-chiki',
  meeteiMayek: 'noto-sans-meetei-mayek',
  taiViet: 'noto-sans-tai-viet',
  vai: 'noto-sans-vai',
  lisu: 'noto-sans-lisu',
  chakma: 'noto-sans-chakma',
  sylotiNagri: 'noto-sans-syloti-nagri',
  cham: 'noto-sans-cham',
  osage: 'noto-sans-osage',
  hanifiRohingya: 'noto-sans-hanifi-rohingya',
  sc: 'noto-sans-sc',
  // Google's Noto Sans SC leaves out most of CJK Extension B; JP has the ones Japanese names use (𠮷).
  jp: 'noto-sans-jp',
  kr: 'noto-sans-kr',
  symbols: 'noto-sans-symbols',
  symbols2: 'noto-sans-symbols-2',
  // Mathematical alphanumerics (𝐛𝐨𝐥𝐝, 𝓼𝓬𝓻𝓲𝓹𝓽), which chats use as styled text.
  math: 'noto-sans-math',
} as const;

/** The faces the text engine draws with; every one is embedded (PDF/A), none is a PDF standard font. */
export type FaceName = keyof typeof PACKAGES;

export type FontWeight = 'regular' | 'bold';

const WEIGHT_DIRS: Record<FontWeight, string> = { regular: '400Regular', bold: '700Bold' };

/** The one TTF in a package's weight folder, or null when the package lacks that weight. */
function ttfIn(dir: string): string | null {
  if (!existsSync(dir)) return null;
  const file = readdirSync(dir).find((name) => name.endsWith('.ttf'));
  return file === undefined ? null : path.join(dir, file);
}

const files = new Map<FaceName, Record<FontWeight, string>>();

/**
 * The TTF file of a face in a weight, found on first ask (nothing is read until a face is used).
 * A package without the bold weight (Symbols 2, Math, Yi and others) gives its regular file.
 */
export function fontFile(face: FaceName, weight: FontWeight): string {
  let byWeight = files.get(face);
  if (!byWeight) {
    const dir = path.dirname(require.resolve(`@expo-google-fonts/${PACKAGES[face]}/package.json`));
    const regular = ttfIn(path.join(dir, WEIGHT_DIRS.regular));
    if (regular === null) throw new Error(`@expo-google-fonts/${PACKAGES[face]} has no regular TTF`);
    byWeight = { regular, bold: ttfIn(path.join(dir, WEIGHT_DIRS.bold)) ?? regular };
    files.set(face, byWeight);
  }
  return byWeight[weight];
}
