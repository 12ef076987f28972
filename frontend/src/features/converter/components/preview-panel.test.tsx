import type { ChatData } from '@chatexhibit/proto/chat';
import { IDENTIFIERS_FILING_ADVICE } from '@chatexhibit/proto/identifier-scan';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { CHAT_DATA } from '../../../test/fixtures';
import { server } from '../../../test/server';
import { PreviewPanel } from './preview-panel';

/** The panel of a processed export (or of the sample), in a browser whose own zone is New York's. */
function renderPanel(
  processed: boolean,
  timeZone: string | null,
  exhibitMode?: (exportId: string) => ReactNode,
  chatData: ChatData = CHAT_DATA,
) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PreviewPanel
        processed={
          processed ? { exportId: CHAT_DATA.id, pdfUrl: '/api/files/t/transcript.pdf', chatData } : null
        }
        awaitingPayment={null}
        timeZone={timeZone}
        resultsIntoView
        onDeleted={() => undefined}
        exhibitMode={exhibitMode}
      />
    </QueryClientProvider>,
  );
  const generatedOn = screen.getByText('Generated On:').nextElementSibling!.textContent;
  return { generatedOn };
}

describe('PreviewPanel', () => {
  const zone = process.env.TZ;
  const scrollIntoView = Element.prototype.scrollIntoView;
  beforeAll(() => {
    process.env.TZ = 'America/New_York';
    // happy-dom lays nothing out: the result's buttons have nothing to scroll.
    Element.prototype.scrollIntoView = vi.fn();
  });
  afterAll(() => {
    Element.prototype.scrollIntoView = scrollIntoView;
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it("writes an export's Generated On in the zone its PDF's cover uses, with offset and zone, not the browser's", () => {
    const { generatedOn } = renderPanel(true, 'Asia/Kolkata');
    expect(generatedOn).toMatch(/^\d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} \(UTC\+05:30\), Asia\/Kolkata$/);
  });

  it("names the browser's zone when this browser does not know the export's, and leaves the sample's as SPEC has it", () => {
    expect(renderPanel(true, null).generatedOn).toMatch(/\(UTC\u22120[45]:00\), America\/New_York$/);
    document.body.innerHTML = '';
    expect(renderPanel(false, 'Asia/Kolkata').generatedOn).toMatch(
      /^\d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/,
    );
  });

  it('View PDF asks for a one-time code at the click and opens its address, never the link it holds', async () => {
    const asked: unknown[] = [];
    const url = `/api/files/${'c'.repeat(72)}`;
    server.use(
      http.post('/api/link-code', async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({ url, expiresAt: '2026-12-07T12:01:00.000Z' }, { status: 201 });
      }),
    );
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    try {
      renderPanel(true, 'UTC');
      expect(asked).toEqual([]);
      fireEvent.click(screen.getByRole('button', { name: 'View PDF' }));
      await vi.waitFor(() => expect(open).toHaveBeenCalledWith(url, '_blank', 'noopener'));
      expect(asked).toEqual([{ link: '/api/files/t/transcript.pdf' }]);
      expect(open).toHaveBeenCalledTimes(1);
    } finally {
      open.mockRestore();
    }
  });

  it('says on the result what the scan for Rule 5.2(a) identifiers found in the transcript, by kind and message, with what follows for filing', () => {
    renderPanel(true, 'UTC', undefined, {
      ...CHAT_DATA,
      identifierScan: {
        totalMessages: 17,
        found: [
          { kind: 'ssn', messages: [4, 12] },
          { kind: 'birth-date', messages: [8] },
        ],
      },
    });
    const notice = screen.getByTestId('identifier-scan').textContent;
    expect(notice).toContain(
      'and found what looks like a Social Security number in messages 0004 and 0012; and a date of birth in message 0008.',
    );
    expect(notice).toContain(IDENTIFIERS_FILING_ADVICE);
  });

  it('says what the scan looked for when it found nothing, without calling the transcript safe, and nothing for documents made before it', () => {
    renderPanel(true, 'UTC', undefined, { ...CHAT_DATA, identifierScan: { totalMessages: 3, found: [] } });
    const notice = screen.getByTestId('identifier-scan').textContent;
    expect(notice).toMatch(/^ChatExhibit looked through the text of every message for .+, and found none\. /);
    expect(notice).toContain('It does not look for names, addresses or identifiers written in other ways');
    expect(notice).not.toContain('under seal');
    document.body.innerHTML = '';
    renderPanel(true, 'UTC');
    expect(screen.queryByTestId('identifier-scan')).toBeNull();
  });

  it("labels an export's page indicator as the preview's own pages, not the PDF's", () => {
    renderPanel(true, 'Europe/London');
    expect(screen.getByTestId('page-indicator').textContent).toBe('Page 1 of 1');
    expect(screen.getByTestId('preview-pages-note').textContent).toBe(
      'pages of this preview, 10 entries each, not of the PDF',
    );
  });

  it("keeps the sample's page indicator as SPEC words it, with no note", () => {
    renderPanel(false, null);
    expect(screen.getByTestId('page-indicator').textContent).toMatch(/^Page 1 of \d+$/);
    expect(screen.queryByTestId('preview-pages-note')).toBeNull();
  });

  it('says the sample is made up and where the own chat will appear, and of an export says nothing of it', () => {
    renderPanel(false, null);
    expect(screen.getByTestId('sample-note').textContent).toBe(
      'A made-up sample chat, to show how a transcript reads. Your own chat appears here once it is processed.',
    );
    document.body.innerHTML = '';
    renderPanel(true, 'Europe/London');
    expect(screen.queryByTestId('sample-note')).toBeNull();
  });

  it("offers a processed export's Exhibit mode as a tab the arrow keys reach, and the sample none", () => {
    const exhibitMode = (exportId: string) => <p>Exhibit of {exportId}</p>;
    renderPanel(false, null, exhibitMode);
    expect(screen.queryByRole('tablist')).toBeNull();
    document.body.innerHTML = '';
    renderPanel(true, null, exhibitMode);
    const transcript = screen.getByRole('tab', { name: 'Transcript' });
    expect(transcript.getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByText(`Exhibit of ${CHAT_DATA.id}`)).toBeNull();
    fireEvent.keyDown(transcript, { key: 'ArrowRight' });
    const exhibit = screen.getByRole('tab', { name: 'Exhibit' });
    expect(exhibit.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(exhibit);
    expect(screen.getByRole('tabpanel', { name: 'Exhibit' }).textContent).toBe(`Exhibit of ${CHAT_DATA.id}`);
    expect(screen.getByTestId('page-indicator').closest('[hidden]')).not.toBeNull();
    fireEvent.keyDown(exhibit, { key: 'ArrowLeft' });
    // The exhibit being built stays while the transcript is read.
    expect(screen.getByText(`Exhibit of ${CHAT_DATA.id}`).closest('[hidden]')).not.toBeNull();
    expect(screen.getByTestId('page-indicator').closest('[hidden]')).toBeNull();
  });

  it('takes both columns of the converter in Exhibit mode, and one again for the transcript', () => {
    renderPanel(true, null, (exportId) => <p>Exhibit of {exportId}</p>);
    // The panel is the converter's right column: in Exhibit mode it spans the row above the form.
    const panel = screen.getByRole('tablist').closest('[data-mode]')!;
    expect(panel.getAttribute('data-mode')).toBe('transcript');
    expect(panel.className).not.toContain('lg:col-span-2');
    fireEvent.click(screen.getByRole('tab', { name: 'Exhibit' }));
    expect(panel.getAttribute('data-mode')).toBe('exhibit');
    expect(panel.className).toContain('lg:col-span-2');
    expect(panel.className).toContain('lg:row-start-1');
    fireEvent.click(screen.getByRole('tab', { name: 'Transcript' }));
    expect(panel.className).not.toContain('lg:col-span-2');
  });
});
