import { lineHeight } from '../text/text-layout';
import type { CoverRows } from './cover-content';
import { writeCoverRows } from './cover-writer';
import type { PageFurniture } from './page-furniture';
import { formatRecordedMoment, formatRecordedMonth } from './time-zone';
import { COLOUR, SPACE, STYLE, TEXT_GAP } from './transcript-style';
import { CONTENT_WIDTH, PAGE, type TwinPages } from './twin-pages';

/** A volume of the set as every volume's cover lists it. */
export interface VolumeListing {
  number: number;
  /** Its items: "messages 0412–0440". */
  items: string;
  /** The recorded dates of its items: "12 Mar 2024 to 03 Apr 2024". */
  dates: string;
  /** Its Bates range, "CHAT000101–CHAT000150"; null without Bates numbers. */
  bates: string | null;
}

/** What a volume's cover says, once the volume is written and its pages counted. */
export interface VolumeCover {
  title: string;
  /** Which copy and volume: "Court-filing copy (PDF/A-2b) · Volume 2 of 5". */
  subtitle: string;
  rows: CoverRows;
  paragraphs: readonly string[];
  /** The set's volumes, this one among them. */
  set: readonly VolumeListing[];
  number: number;
}

/** A day a volume's pages start, for its index: the page (from 1) and the named destination there. */
interface DayStart {
  day: string;
  page: number;
  destination: string;
}

/** Columns of the index page, and of the cover's list of the set's volumes (x from the margin). */
const INDEX_COLUMNS = 3;
const SET_COLUMNS = { number: 0, items: 56, dates: 150, bates: 290 } as const;
const ROW_HEIGHT = lineHeight(STYLE.value) + 2;

/**
 * A volume's first two pages, its cover and its index, kept open while the rest is written and
 * filled in at the end, when its pages, days and Bates numbers are known. Each has a bookmark;
 * each day's heading gets a named destination, which the index links to.
 */
export class VolumeFrontPages {
  /** Pages written so far. */
  pageCount = 1;
  private readonly days: DayStart[] = [];
  private readonly tops: { cover: number; index: number };

  constructor(
    private readonly pages: TwinPages<string>,
    furniture: PageFurniture<string>,
    volume: string,
  ) {
    const continued = pages.onNewPage;
    pages.onNewPage = () => {
      this.pageCount += 1;
      continued();
    };
    furniture.onDay = (day) => this.dayStarts(day);
    furniture.runningHeader();
    pages.bookmark(`Volume cover: ${volume}`);
    const cover = pages.y;
    pages.newPage();
    pages.bookmark('Index of dates');
    this.tops = { cover, index: pages.y };
    pages.newPage();
  }

  /** Draws the cover and the index; call once the volume's last page is written. */
  finish(cover: VolumeCover): void {
    this.pages.eachPage((page) => {
      if (page === 1) this.drawCover(cover);
      if (page === 2) this.drawIndex();
    });
  }

  private dayStarts(day: string): void {
    const { pages } = this;
    // Padded, so the names sort as the days come (a name tree is sorted).
    const destination = `day-${String(this.days.length + 1).padStart(6, '0')}`;
    pages.draw((doc) => doc.addNamedDestination(destination, 'XYZ', 0, pages.y, null));
    this.days.push({ day, page: this.pageCount, destination });
  }

  private drawCover(cover: VolumeCover): void {
    const { pages } = this;
    const x = PAGE.margin;
    pages.y = this.tops.cover;
    pages.paragraph(cover.title, x, CONTENT_WIDTH, STYLE.title, COLOUR.heading);
    pages.paragraph(cover.subtitle, x, CONTENT_WIDTH, STYLE.subtitle, COLOUR.text);
    pages.y += SPACE.aboveSection;
    writeCoverRows(pages, cover.rows);
    for (const text of cover.paragraphs) {
      pages.y += SPACE.afterText;
      pages.paragraph(text, x, CONTENT_WIDTH, STYLE.value, COLOUR.text);
    }
    pages.y += SPACE.aboveSection;
    pages.paragraph('Volumes of this set', x, CONTENT_WIDTH, STYLE.section, COLOUR.heading);
    pages.rule(x, CONTENT_WIDTH, COLOUR.rule);
    pages.y += SPACE.afterText;
    // The cover is one page: a set too long for it is listed around this volume, and says so.
    const room = Math.floor((pages.bottom - pages.y) / ROW_HEIGHT);
    const shown =
      cover.set.length <= room ? cover.set : window(cover.set, cover.number - 1, Math.max(1, room - 1));
    for (const listing of shown) {
      const style = listing.number === cover.number ? STYLE.label : STYLE.value;
      const cells = [
        [SET_COLUMNS.number, `Volume ${listing.number}`],
        [SET_COLUMNS.items, listing.items],
        [SET_COLUMNS.dates, listing.dates],
        [SET_COLUMNS.bates, listing.bates ?? ''],
      ] as const;
      for (const [column, text] of cells) pages.label(text, x + column, style, COLOUR.text);
      pages.y += ROW_HEIGHT;
    }
    if (shown.length < cover.set.length) {
      pages.label(
        `Volumes ${shown[0]!.number} to ${shown.at(-1)!.number} of ${cover.set.length} are listed; each volume's cover lists those around it.`,
        x,
        STYLE.value,
        COLOUR.muted,
      );
    }
  }

  /**
   * The index page: each day of the volume with the page it starts on, linked to its heading; by
   * month, or by year, when the days are more than the page holds.
   */
  private drawIndex(): void {
    const { pages } = this;
    const x = PAGE.margin;
    pages.y = this.tops.index;
    pages.paragraph('Index of dates', x, CONTENT_WIDTH, STYLE.section, COLOUR.heading);
    pages.rule(x, CONTENT_WIDTH, COLOUR.rule);
    pages.y += SPACE.afterHeading;
    const rows = Math.floor((pages.bottom - pages.y - 2 * ROW_HEIGHT) / ROW_HEIGHT);
    const capacity = rows * INDEX_COLUMNS;
    const byDay = this.days.map((start) => ({ ...start, label: formatRecordedMoment(start.day, false) }));
    const byMonth = firstOfEach(this.days, (day) => formatRecordedMonth(day));
    const [what, entries] =
      byDay.length <= capacity
        ? ['day', byDay]
        : byMonth.length <= capacity
          ? ['month', byMonth]
          : ['year', firstOfEach(this.days, (day) => day.slice(0, 4))];
    pages.paragraph(
      `The first page of each ${what} of messages in this volume; each entry links to it. The bookmarks list every day.`,
      x,
      CONTENT_WIDTH,
      STYLE.value,
      COLOUR.muted,
    );
    pages.y += SPACE.afterHeading;
    const top = pages.y;
    const width = CONTENT_WIDTH / INDEX_COLUMNS;
    // Down each column, then across, as an index reads.
    entries.slice(0, capacity).forEach((entry, i) => {
      const left = x + Math.floor(i / rows) * width;
      pages.y = top + (i % rows) * ROW_HEIGHT;
      const cell = width - TEXT_GAP;
      pages.label(entry.label, left, STYLE.value, COLOUR.heading);
      pages.label(`page ${entry.page}`, left, STYLE.value, COLOUR.muted, { align: 'right', width: cell });
      const y = pages.y;
      pages.draw((doc) => doc.goTo(left, y, cell, ROW_HEIGHT, entry.destination));
    });
  }
}

/** The first day start of each period (month, year) the days fall in, labelled with it. */
function firstOfEach(
  days: readonly DayStart[],
  period: (day: string) => string,
): (DayStart & { label: string })[] {
  const seen = new Set<string>();
  return days.flatMap((start) => {
    const label = period(start.day);
    if (seen.has(label)) return [];
    seen.add(label);
    return [{ ...start, label }];
  });
}

/** `size` items of `list` around the one at `at`. */
function window<T>(list: readonly T[], at: number, size: number): readonly T[] {
  const start = Math.max(0, Math.min(at - Math.floor(size / 2), list.length - size));
  return list.slice(start, start + size);
}
