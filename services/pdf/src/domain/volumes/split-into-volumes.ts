// Splits a document into volumes that each stay under a court's per-file size limit. Generic over
// what the document is: the caller renders a volume from a contiguous run of its items (the pages
// of a transcript's filing copy) and the splitter measures the file written,
// so the limit holds for the real bytes, fonts and all, not for an estimate.

import { rm, stat } from 'node:fs/promises';

/** A contiguous run of the document's items, by position in its order: `from` inclusive, `to` exclusive. */
export interface ItemRange {
  from: number;
  to: number;
}

/** A volume as found: its items, its page count and what its renderer said of it. */
export interface PlannedVolume<About> {
  /** From 1. */
  number: number;
  range: ItemRange;
  pageCount: number;
  /** What the renderer reported (the dates of its messages, say), for the covers that list the set. */
  about: About;
}

/** What a renderer is asked to write. */
export interface VolumeToRender<About> {
  number: number;
  /** How many volumes the set has; null while the split is being found (the file is a trial). */
  count: number | null;
  range: ItemRange;
  /** The set's volumes: those found so far while splitting, all of them in the final pass. */
  set: readonly PlannedVolume<About>[];
}

/**
 * What a renderer wrote: the volume's files (one per copy of the document, which share their
 * pages: an exhibit and its sealed copy), which the splitter measures, its pages and what it says
 * of itself. Every file stays under the limit.
 */
export interface RenderedVolume<About> {
  files: readonly string[];
  pageCount: number;
  about: About;
}

/** A volume of the finished set. */
export interface Volume<About> extends PlannedVolume<About> {
  files: readonly string[];
  /** The size of its largest file. */
  sizeBytes: number;
}

export interface VolumeSplit<About> {
  /** How many items the document has (at least one). */
  itemCount: number;
  /** Every volume's file stays under this many bytes. */
  maxFileBytes: number;
  /**
   * Writes one volume and says where. A trial (count null) and a final volume should go to
   * different files: the splitter removes every file it was given that is not a final volume.
   */
  render(volume: VolumeToRender<About>): Promise<RenderedVolume<About>>;
  /** Why a volume of one item alone is over the limit, and what would fit: the error's sentence. */
  refusal(item: TooLargeItem<About>): string;
  /** A size already known, such as the unsplit document's: the first volume's first try is guessed from it. */
  estimate?: { bytes: number; items: number };
}

/** An item whose volume alone is over the limit, as its renderer said of it. */
export interface TooLargeItem<About> {
  position: number;
  about: About;
  /** The size of the volume of it alone. */
  sizeBytes: number;
}

/** A volume of one item alone is over the limit: no split can keep it under. The message is the split's `refusal`. */
export class VolumeTooLargeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VolumeTooLargeError';
  }
}

/**
 * While splitting, a volume is aimed this far under the limit: the final volumes name the set's
 * count and every volume's range on their covers, a few hundred bytes the trials could not know.
 */
const PLANNING_SHARE = 0.97;
/** A volume this full of its aim is taken rather than tried again with more items. */
const FULL_ENOUGH = 0.9;
/** Trials of one volume before the fullest that fitted is taken. */
const MAX_TRIALS = 8;
/** Final passes that may find a volume's size over the limit once its cover names the set. */
const MAX_FINAL_PASSES = 3;

/**
 * Splits the items into contiguous volumes whose files stay under the limit, then renders them
 * again knowing their count ("Volume 2 of 5") and every volume's range, and checks each again.
 * Each try renders one volume, so memory is bounded by a volume, not the document.
 */
export async function splitIntoVolumes<About>(split: VolumeSplit<About>): Promise<Volume<About>[]> {
  if (split.itemCount < 1) throw new RangeError('A document of no items has no volumes.');
  const files = new Set<string>();
  const render = async (volume: VolumeToRender<About>) => {
    const rendered = await split.render(volume);
    for (const file of rendered.files) files.add(file);
    const sizes = await Promise.all(rendered.files.map(async (file) => (await stat(file)).size));
    return { ...rendered, sizeBytes: Math.max(...sizes) };
  };
  try {
    let aim = PLANNING_SHARE * split.maxFileBytes;
    let planned = await plan(split, render, [], aim);
    for (let pass = 0; pass < MAX_FINAL_PASSES; pass += 1) {
      const volumes: Volume<About>[] = [];
      let replanned = false;
      for (const volume of planned) {
        const rendered = await render({ ...volume, count: planned.length, set: planned });
        volumes.push({ ...volume, ...rendered });
        if (rendered.sizeBytes >= split.maxFileBytes) {
          // Its one item fitted alone, but not beside the list of the set: no split helps.
          if (volume.range.to - volume.range.from === 1) {
            const { about, sizeBytes } = rendered;
            throw new VolumeTooLargeError(split.refusal({ position: volume.range.from, about, sizeBytes }));
          }
          // Its cover's list of the set made it too big: aim lower from this volume on.
          aim *= PLANNING_SHARE;
          planned = await plan(split, render, planned.slice(0, volume.number - 1), aim);
          replanned = true;
          break;
        }
      }
      if (!replanned) {
        const kept = new Set(volumes.flatMap((volume) => volume.files));
        await Promise.all(
          [...files].filter((file) => !kept.has(file)).map((file) => rm(file, { force: true })),
        );
        return volumes;
      }
    }
    throw new Error(`The volumes kept passing the limit after ${MAX_FINAL_PASSES} final passes.`);
  } catch (error) {
    await Promise.all([...files].map((file) => rm(file, { force: true })));
    throw error;
  }
}

type Render<About> = (
  volume: VolumeToRender<About>,
) => Promise<RenderedVolume<About> & { sizeBytes: number }>;

/** A trial's number of items and the size of its file. */
type Trial = { items: number; sizeBytes: number };

/**
 * Finds the volumes after `before`, each as full as it can be under `aim`: a trial too big is cut
 * to the count the trials so far predict (a fixed part, the fonts and covers, plus a share per
 * item), and the next volume starts from the last one's measure. Trial files are only measured.
 */
async function plan<About>(
  split: VolumeSplit<About>,
  render: Render<About>,
  before: readonly PlannedVolume<About>[],
  aim: number,
): Promise<PlannedVolume<About>[]> {
  const planned = [...before];
  let trials: Trial[] =
    split.estimate === undefined ? [] : [{ items: split.estimate.items, sizeBytes: split.estimate.bytes }];
  for (let last = planned.at(-1); (last?.range.to ?? 0) < split.itemCount; last = planned.at(-1)) {
    const from = last?.range.to ?? 0;
    const remaining = split.itemCount - from;
    const number = planned.length + 1;
    const own: Trial[] = [];
    let fitted: (PlannedVolume<About> & { sizeBytes: number }) | null = null;
    let tooMany = remaining + 1;
    let items = Math.min(remaining, predict(trials, aim) ?? remaining);
    for (let trial = 1; ; trial += 1) {
      const range = { from, to: from + items };
      const { files, pageCount, about, sizeBytes } = await render({
        number,
        count: null,
        range,
        set: planned,
      });
      await Promise.all(files.map((file) => rm(file, { force: true })));
      own.push({ items, sizeBytes });
      if (sizeBytes < aim || (items === 1 && sizeBytes < split.maxFileBytes)) {
        fitted = { number, range, pageCount, about, sizeBytes };
      } else if (items === 1) {
        throw new VolumeTooLargeError(split.refusal({ position: from, about, sizeBytes }));
      } else {
        tooMany = items;
      }
      // Between one more than the most that fitted and one fewer than the fewest that did not.
      const fewest = fitted === null ? 1 : fitted.range.to - from + 1;
      const most = Math.min(remaining, tooMany - 1);
      if (fitted !== null && (fewest > most || fitted.sizeBytes >= FULL_ENOUGH * aim || trial >= MAX_TRIALS))
        break;
      items = Math.max(fewest, Math.min(most, predict(own, aim) ?? most));
    }
    planned.push({
      number,
      range: fitted.range,
      pageCount: fitted.pageCount,
      about: fitted.about,
    });
    trials = own;
  }
  return planned;
}

/**
 * The number of items whose file the trials predict at `aim`: a line through the two latest
 * trials of different counts (the fixed part and a share per item), or in proportion to one.
 */
function predict(trials: readonly Trial[], aim: number): number | null {
  const latest = trials.at(-1);
  if (latest === undefined) return null;
  const other = trials.findLast((trial) => trial.items !== latest.items);
  const perItem =
    other === undefined ? 0 : (latest.sizeBytes - other.sizeBytes) / (latest.items - other.items);
  const items =
    perItem > 0
      ? (aim - (latest.sizeBytes - perItem * latest.items)) / perItem
      : (latest.items * aim) / latest.sizeBytes;
  return Math.max(1, Math.floor(items));
}
