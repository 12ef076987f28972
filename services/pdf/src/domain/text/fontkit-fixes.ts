import type { Font } from 'fontkit';

/**
 * Work-arounds for two faults of fontkit 2.0.4's OpenType layout that Noto faces meet.
 *
 * 1. OpenType lets a mark-positioning subtable leave an anchor out (a NULL offset: this base has
 *    no anchor for that mark class); fontkit reads the missing anchor and throws
 *    (foliojs/fontkit#367), on almost every word of Malayalam and Gurmukhi. A missing anchor
 *    now leaves the mark where it is, as the fix proposed upstream (foliojs/fontkit#374) does.
 * 2. fontkit can neither read nor apply reverse chaining substitutions (GSUB lookup type 8),
 *    which Noto Sans Mongolian's calt and rclt use: the features that need a lookup fontkit
 *    cannot apply are switched off for that face (see unusableFeatures).
 */

/** The parts of fontkit's GPOS processor that fix 1 replaces. */
interface GposProcessor {
  applyAnchor(markRecord: { markAnchor: unknown }, baseAnchor: unknown, baseGlyphIndex: number): void;
}
interface LayoutEngineInternals {
  engine?: { GPOSProcessor?: GposProcessor | null };
}
interface Lookup {
  lookupType: number;
  subTables: readonly { lookupType?: number }[];
}
interface LayoutTable {
  featureList: readonly { tag: string; feature: { lookupListIndexes: readonly number[] } }[];
  lookupList: { length: number; get(index: number): Lookup };
}

const REVERSE_CHAINING = 8;
const EXTENSION = 7;
let anchorsFixed = false;

/** Applies fix 1 to fontkit's GPOS processor, once per process, through the first font with a GPOS table. */
export function fixNullAnchors(font: Font): void {
  if (anchorsFixed) return;
  const processor = (font as unknown as { _layoutEngine: LayoutEngineInternals })._layoutEngine.engine
    ?.GPOSProcessor;
  if (!processor) return;
  const prototype = Object.getPrototypeOf(processor) as GposProcessor;
  const applyAnchor = prototype.applyAnchor;
  prototype.applyAnchor = function (this: GposProcessor, markRecord, baseAnchor, baseGlyphIndex) {
    if (baseAnchor == null || markRecord.markAnchor == null) return;
    applyAnchor.call(this, markRecord, baseAnchor, baseGlyphIndex);
  };
  anchorsFixed = true;
}

/**
 * The GSUB features of `font` that use a lookup fontkit cannot read or apply (fix 2), to switch
 * off. Reads every lookup: asked only after a layout has failed.
 */
export function unusableFeatures(font: Font): string[] {
  const gsub = (font as unknown as { GSUB?: LayoutTable }).GSUB;
  if (!gsub) return [];
  const unusable = new Set<number>();
  for (let index = 0; index < gsub.lookupList.length; index += 1) {
    try {
      const lookup = gsub.lookupList.get(index);
      const types =
        lookup.lookupType === EXTENSION ? lookup.subTables.map((sub) => sub.lookupType) : [lookup.lookupType];
      if (types.includes(REVERSE_CHAINING)) unusable.add(index);
    } catch {
      unusable.add(index);
    }
  }
  return gsub.featureList
    .filter(({ feature }) => feature.lookupListIndexes.some((index) => unusable.has(index)))
    .map(({ tag }) => tag);
}
