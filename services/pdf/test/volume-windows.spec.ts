import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { ExportFactsSchema } from '@chatexhibit/proto/processing-options';
import type { TranscriptMessage } from '@chatexhibit/proto/transcript';
import { FontSet } from '@chatexhibit/pdf/domain/text/font-set';
import { TextLayout } from '@chatexhibit/pdf/domain/text/text-layout';
import { transcriptFurniture } from '@chatexhibit/pdf/domain/transcript/page-furniture';
import { RowStarts } from '@chatexhibit/pdf/domain/transcript/row-starts';
import { documentContext } from '@chatexhibit/pdf/domain/transcript/transcript-context';
import { documentInfo } from '@chatexhibit/pdf/domain/transcript/transcript-copies';
import {
  type CopySetup,
  TRANSCRIPT_COPIES,
  type TranscriptCopy,
} from '@chatexhibit/pdf/domain/transcript/twin-pages';
import { type VolumeCover, writeVolumeWindow } from '@chatexhibit/pdf/domain/transcript/volume-pages';
import {
  layOutTranscript,
  type TranscriptInput,
  writeTranscripts,
} from '@chatexhibit/pdf/domain/transcript/write-transcripts';
import { chatTranscriptInput } from './support/chat-transcripts';
import { transcriptMessage } from './support/transcript-message';

const SENDERS = ['Sam Carter', 'Alex Morgan'];

/**
 * 400 messages every half hour across the night London's clocks went forward (a clock-change
 * row, and times shown in UTC beside them), every 40th long enough to run over two page breaks.
 */
function messages(): TranscriptMessage[] {
  const long = Array.from({ length: 90 }, (_, line) => `Line ${line + 1} of the statement.`).join('\n');
  return Array.from({ length: 400 }, (_, i) =>
    transcriptMessage(i + 1, {
      timestamp: new Date(Date.UTC(2024, 2, 28) + i * 30 * 60_000).toISOString().slice(0, 19),
      sender: SENDERS[i % 2]!,
      content: i % 40 === 7 ? long : `Message ${i + 1}: the deposit is still not returned.`,
    }),
  );
}

/**
 * A window of a layout resumes at the last row start an earlier window recorded before it, not at
 * the first page (RowStarts): its bytes must be those of the window laid out from the first page.
 */
describe('a volume window laid out from a recorded row start', () => {
  const layout = new TextLayout(FontSet.shared());
  let input: TranscriptInput;
  let pageCount: number;

  beforeAll(async () => {
    const generated = await chatTranscriptInput(messages(), SENDERS);
    const facts = ExportFactsSchema.parse({
      ...generated.source.facts,
      timeZone: 'Europe/London',
      options: { ...generated.source.facts.options, utcColumn: true, highlightSenders: true },
    });
    input = { ...generated, source: { ...generated.source, facts } };
    const drained = { transcript: new PassThrough().resume(), filing: new PassThrough().resume() };
    ({ pageCount } = await writeTranscripts(input, layout, drained));
  });

  /** Pages `first` to `last` of the filing copy after a volume's front matter, as one PDF's bytes. */
  const windowBytes = async (first: number, last: number, rowStarts: RowStarts): Promise<Buffer> => {
    const out = new PassThrough();
    const bytes = buffer(out);
    const info = documentInfo(input.source, 'filing', {
      creator: 'ChatExhibit test',
      createdAt: input.generatedAt,
    });
    const cover: VolumeCover<TranscriptCopy> = {
      header: 'Header',
      title: 'Transcript',
      subtitle: 'Volume',
      rows: [],
      paragraphs: [],
      set: [],
      number: 1,
      footer: 'Front matter',
    };
    await writeVolumeWindow(
      layout,
      {
        name: 'Volume',
        first,
        last,
        pageCount,
        setup: { filing: { info, pdfA: true } } as Record<TranscriptCopy, CopySetup>,
        out: { filing: out } as Record<TranscriptCopy, PassThrough>,
        laidOut: TRANSCRIPT_COPIES,
        rowStarts,
      },
      (pages) => documentContext(input, pages, transcriptFurniture(input.source), null),
      layOutTranscript,
      () => cover,
    );
    return bytes;
  };

  it('is byte for byte the window laid out from the first page, for a window starting on any page', async () => {
    expect(pageCount).toBeGreaterThan(20);
    // As the splitter goes: each window after the one before, all of one layout.
    const shared = new RowStarts();
    let resumedAtARow = 0;
    for (let page = 1; page <= pageCount; page += 1) {
      if (shared.before(page) !== null) resumedAtARow += 1;
      const resumed = await windowBytes(page, page, shared);
      const fromFirstPage = await windowBytes(page, page, new RowStarts());
      expect({ page, same: resumed.equals(fromFirstPage) }).toEqual({ page, same: true });
    }
    expect(resumedAtARow).toBeGreaterThan(pageCount / 2);
  });
});
