// The unredacted copy's continuation. exhibit.pdf is laid out from what it shows alone, so that no
// row height or page break tells how long a removed text was; the sealed copy keeps its pages, so
// each message keeps its page and Bates number in both. A text of the sealed copy longer than its
// room there is set smaller in its row (TwinPages.wrap) and, past the smallest size, continues on
// pages the sealed copy alone has, after the shared ones: nothing is left out of the copy filed
// under seal, nothing is moved, and the row and its continuation name each other.

import { messageNumber } from '@chatexhibit/proto/message-number';
import type { TranscriptContext } from '../transcript/transcript-context';
import { COLOUR, FOOTER_RAISE, SPACE, STYLE } from '../transcript/transcript-style';
import { type CarriedOver, type CarryOver, CONTENT_WIDTH, PAGE, textIn } from '../transcript/twin-pages';
import { lineHeight } from '../text/text-layout';
import { type ExhibitCopy, exhibitBates } from './exhibit-cover';
import type { ExhibitPlan } from './exhibit-plan';
import {
  CONTINUATION_HEADING,
  CONTINUATION_INTRO,
  continuationFooter,
  continuedFrom,
  continuedInPlace,
} from './exhibit-wording';

interface Carried extends CarriedOver {
  /** The message whose row it is in; null on the cover. */
  readonly message: number | null;
}

/**
 * The texts the sealed copy carries over, gathered while the exhibit is laid out and drawn after
 * its last shared page. One is kept for every pass of a layout (the unsplit copy, or every volume
 * of a split, whose passes find the same texts at the same places), so the last volume draws all.
 */
export class SealedContinuation implements CarryOver {
  /** By where the layout left each ('page:y'). */
  private readonly carried = new Map<string, Carried>();
  /** The message whose row is being laid out; null outside the messages. */
  message: number | null = null;

  constructor(private readonly plan: ExhibitPlan) {}

  /** The note that ends a row whose text continues here. */
  note(page: number): string {
    return continuedInPlace(this.where(this.message, page));
  }

  carry(rest: CarriedOver): void {
    this.carried.set(`${rest.page}:${rest.y}`, { ...rest, message: this.message });
  }

  /**
   * Draws the continuation on pages of the sealed copy alone, each text under the message (or
   * page) it continues, then their footers; nothing when no text was carried over. Only the
   * layout's last page is followed by it.
   */
  async write(context: TranscriptContext<ExhibitCopy>): Promise<void> {
    const { pages } = context;
    const carried = [...this.carried.values()]
      .filter(({ copy }) => copy === 'sealed')
      .sort((a, b) => a.page - b.page || a.y - b.y);
    if (carried.length === 0) return;
    const sharedPages = pages.pageNumber;
    await pages.alone('sealed', () => {
      pages.paragraph(CONTINUATION_HEADING, PAGE.margin, CONTENT_WIDTH, STYLE.section, COLOUR.heading);
      pages.y += SPACE.afterHeading;
      pages.paragraph(CONTINUATION_INTRO, PAGE.margin, CONTENT_WIDTH, STYLE.value, COLOUR.muted);
      for (const { message, page, text, masks, style } of carried) {
        const bates = exhibitBates(this.plan, this.plan.spec.batesStart ?? 1, page);
        pages.y += SPACE.afterText;
        pages.ensure(lineHeight(STYLE.label) + lineHeight(style));
        pages.paragraph(
          continuedFrom(this.where(message, page), page, bates === null ? null : textIn(bates, 'sealed')),
          PAGE.margin,
          CONTENT_WIDTH,
          STYLE.label,
          COLOUR.heading,
        );
        // In the text's own style again, with what the redacted copy removes outlined.
        pages.paragraph(text, PAGE.margin, CONTENT_WIDTH, style, COLOUR.text, masks);
      }
    });
    const lastBates = exhibitBates(this.plan, this.plan.spec.batesStart ?? 1, sharedPages);
    pages.eachPageAlone('sealed', (number, count) => {
      const baseline = PAGE.height - FOOTER_RAISE;
      pages.textAt(
        continuationFooter(number, count, sharedPages),
        PAGE.margin,
        baseline,
        STYLE.footer,
        COLOUR.muted,
        {
          align: 'center',
          width: CONTENT_WIDTH,
        },
      );
      // An inserted page's number: the last shared page's with ".1", ".2", … after it.
      if (lastBates !== null)
        pages.textAt(
          `${textIn(lastBates, 'sealed')}.${number}`,
          PAGE.margin,
          baseline,
          STYLE.label,
          COLOUR.text,
          {
            align: 'right',
            width: CONTENT_WIDTH,
          },
        );
    });
  }

  private where(message: number | null, page: number): string {
    return message === null ? `page ${page}` : `message ${messageNumber(message, this.plan.totalMessages)}`;
  }
}
