// Where the rows of a document's layout start, so that a window of its pages (a volume) is laid
// out from the last row before it rather than from the document's first page: every window of a
// split is of the same layout, so what one window's pass found holds for the next.

/** A message's row as the layout reached it: before what leads up to it (its day's heading, a gap line). */
export interface RowStart {
  /** The message's number. */
  index: number;
  /** The layout's page and the cursor there. */
  page: number;
  y: number;
  /** The day the messages were in (a new page continues it) and the first day of its month. */
  day: string | null;
  month: string | null;
}

/** The row starts of one layout, the last on each page, as its passes record them. */
export class RowStarts {
  private readonly lastOnPage: RowStart[] = [];

  record(start: RowStart): void {
    this.lastOnPage[start.page] = start;
  }

  /** The last row start recorded on a page before `page`; null when none is. */
  before(page: number): RowStart | null {
    for (let before = page - 1; before >= 1; before -= 1) {
      const start = this.lastOnPage[before];
      if (start !== undefined) return start;
    }
    return null;
  }
}
