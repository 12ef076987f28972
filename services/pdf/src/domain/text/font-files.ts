import { existsSync } from 'node:fs';
import path from 'node:path';

/** The Noto faces the text engine draws with; every one is embedded (PDF/A), none is a PDF standard font. */
export type FaceName =
  'sans' | 'mono' | 'arabic' | 'hebrew' | 'thai' | 'devanagari' | 'sc' | 'kr' | 'symbols' | 'symbols2';

export type FontWeight = 'regular' | 'bold';

const PACKAGES: Record<FaceName, { package: string; file: string }> = {
  sans: { package: 'noto-sans', file: 'NotoSans' },
  mono: { package: 'noto-sans-mono', file: 'NotoSansMono' },
  // Noto Sans Arabic builds dotted letters from a dotless body and dot marks, which no ToUnicode
  // map can copy out (ت, ن and ب share one body); IBM Plex Sans Arabic shapes with whole letters.
  arabic: { package: 'ibm-plex-sans-arabic', file: 'IBMPlexSansArabic' },
  hebrew: { package: 'noto-sans-hebrew', file: 'NotoSansHebrew' },
  thai: { package: 'noto-sans-thai', file: 'NotoSansThai' },
  devanagari: { package: 'noto-sans-devanagari', file: 'NotoSansDevanagari' },
  sc: { package: 'noto-sans-sc', file: 'NotoSansSC' },
  kr: { package: 'noto-sans-kr', file: 'NotoSansKR' },
  symbols: { package: 'noto-sans-symbols', file: 'NotoSansSymbols' },
  symbols2: { package: 'noto-sans-symbols-2', file: 'NotoSansSymbols2' },
};

function fontFiles(face: FaceName): Record<FontWeight, string> {
  const { package: name, file } = PACKAGES[face];
  const dir = path.dirname(require.resolve(`@expo-google-fonts/${name}/package.json`));
  const regular = path.join(dir, '400Regular', `${file}_400Regular.ttf`);
  const bold = path.join(dir, '700Bold', `${file}_700Bold.ttf`);
  // Some packages (Symbols 2) have only the regular weight.
  return { regular, bold: existsSync(bold) ? bold : regular };
}

/** The TTF file of each face and weight (paths only: nothing is read until a face is first used). */
export const FONT_FILES = Object.fromEntries(
  (Object.keys(PACKAGES) as FaceName[]).map((face) => [face, fontFiles(face)]),
) as Record<FaceName, Record<FontWeight, string>>;
