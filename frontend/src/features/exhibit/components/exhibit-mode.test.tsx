import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ExhibitDraft } from '@chatexhibit/proto/exhibit-spec';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { EXHIBIT_MESSAGES, EXHIBIT_RESPONSE } from '../../../test/fixtures';
import { server } from '../../../test/server';
import { DRAFT_NOT_SAVED } from '../api/exhibit-draft';
import { DEFAULT_SETTINGS } from '../exhibit-draft';
import { ExhibitMode } from './exhibit-mode';

const EXPORT = '6f1c2a4e-3b5d-4c7e-8f90-a1b2c3d4e5f6';

const SAVED_AT = '2026-12-07T12:00:00.000Z';

/**
 * The exhibit mode of the fixture's export, its messages served two a page, with the draft saved
 * before (none by default); what it posts and the drafts it saves are kept.
 */
async function renderMode(
  answer: () => Response = () => HttpResponse.json(EXHIBIT_RESPONSE, { status: 201 }),
  {
    draft = null,
    saveAnswer = () => HttpResponse.json({ savedAt: SAVED_AT }),
  }: {
    draft?: ExhibitDraft | null;
    saveAnswer?: () => Response;
  } = {},
) {
  const posted: unknown[] = [];
  const saved: unknown[] = [];
  server.use(
    http.get(`/api/whatsapp/export/${EXPORT}/exhibit-draft`, () =>
      HttpResponse.json({ draft, savedAt: draft ? SAVED_AT : null }),
    ),
    http.put(`/api/whatsapp/export/${EXPORT}/exhibit-draft`, async ({ request }) => {
      saved.push(await request.json());
      return saveAnswer();
    }),
    http.get(`/api/whatsapp/export/${EXPORT}/messages`, ({ request }) => {
      const from = Number(new URL(request.url).searchParams.get('from'));
      return HttpResponse.json({
        ...EXHIBIT_MESSAGES,
        messages: EXHIBIT_MESSAGES.messages.slice(from - 1, from + 1),
      });
    }),
    http.post(`/api/whatsapp/export/${EXPORT}/exhibits`, async ({ request }) => {
      posted.push(await request.json());
      return answer();
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ExhibitMode exportId={EXPORT} />
    </QueryClientProvider>,
  );
  const list = await screen.findByRole('listbox', { name: 'Messages of the transcript' });
  return { list, posted, saved };
}

const options = () => within(screen.getByRole('listbox')).getAllByRole('option');
const selectedNumbers = () =>
  options()
    .filter((option) => option.getAttribute('aria-selected') === 'true')
    .map((option) => option.textContent!.slice(0, 4));
const count = () => screen.getByTestId('exhibit-selection-count').textContent;

describe('the Exhibit mode', () => {
  beforeAll(() => {
    // happy-dom lays nothing out and has no modal dialogs of its own.
    Element.prototype.scrollIntoView = vi.fn();
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
  });

  it('loads the messages page by page, numbered as the transcript numbers them', async () => {
    await renderMode();
    expect(options().map((option) => option.textContent!.slice(0, 4))).toEqual(['0001', '0002']);
    fireEvent.click(screen.getByRole('button', { name: 'Load more messages' }));
    await screen.findByText('See you at the hearing.');
    expect(options()).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Load more messages' })).toBeNull();
  });

  it('selects with the keyboard (arrows, Space, Shift+arrows) and the mouse (click, shift-click), and says how many', async () => {
    const { list } = await renderMode();
    fireEvent.click(screen.getByRole('button', { name: 'Load more messages' }));
    await screen.findByText('See you at the hearing.');
    fireEvent.focus(list);
    expect(list.getAttribute('aria-activedescendant')).toBe(options()[0]!.id);
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    expect(list.getAttribute('aria-activedescendant')).toBe(options()[1]!.id);
    fireEvent.keyDown(list, { key: ' ' });
    expect(selectedNumbers()).toEqual(['0002']);
    fireEvent.keyDown(list, { key: 'ArrowDown', shiftKey: true });
    expect(selectedNumbers()).toEqual(['0002', '0003']);
    expect(count()).toMatch(/^2 messages selected; /);
    fireEvent.keyDown(list, { key: ' ' });
    expect(selectedNumbers()).toEqual(['0002']);

    fireEvent.click(options()[0]!);
    fireEvent.click(options()[3]!, { shiftKey: true });
    expect(selectedNumbers()).toEqual(['0001', '0002', '0003', '0004']);
    fireEvent.click(options()[2]!);
    expect(selectedNumbers()).toEqual(['0001', '0002', '0004']);

    fireEvent.click(screen.getByRole('button', { name: 'Clear the selection' }));
    fireEvent.change(screen.getByLabelText('From day'), { target: { value: '2024-03-15' } });
    expect(options()).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Search the messages'), { target: { value: 'hearing' } });
    fireEvent.click(screen.getByRole('button', { name: 'Select the 1 shown message' }));
    expect(count()).toMatch(/^1 message selected; showing 1 message of 4 loaded/);
  });

  it('suggests the SSNs of the selected messages, redacts those accepted, and makes the exhibit with highlights and a typed redaction', async () => {
    const { list, posted } = await renderMode();
    expect(screen.getByText(/No numbers that look like an SSN/)).toBeTruthy();
    fireEvent.focus(list);
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    fireEvent.keyDown(list, { key: ' ' });
    const accept = screen.getAllByRole('button', {
      name: 'Accept: redact Social Security number “123-45-6789” in message 0002 except its last four digits',
    });
    expect(accept).toHaveLength(2);
    fireEvent.click(accept[0]!);
    expect(accept[0]!.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getAllByRole('button', { name: /^Reject: keep/ })[1]!);
    fireEvent.click(screen.getByRole('button', { name: 'Highlight the selected' }));
    expect(within(options()[1]!).getByText('Highlighted')).toBeTruthy();

    // The keyboard's way to redact text: type it, pick the occurrence, give the reason.
    fireEvent.click(screen.getByRole('button', { name: 'Redact text of 0002…' }));
    const dialog = screen.getByRole('dialog', { name: 'Redact text' });
    fireEvent.change(within(dialog).getByLabelText('Text to redact'), { target: { value: 'old one' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'other' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add redaction' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Note: a reason of category "other" needs a note saying what it is.',
    );
    fireEvent.change(within(dialog).getByLabelText(/^Note/), { target: { value: 'former number' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add redaction' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Redactions (2)' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Exhibit label'), { target: { value: 'Exhibit P-7' } });
    fireEvent.change(screen.getByLabelText('Court’s file-size limit'), { target: { value: 'sdny' } });
    const sealedMark = screen.getByLabelText<HTMLSelectElement>('Unredacted copy, when the exhibit redacts');
    expect([sealedMark.value, sealedMark.selectedOptions[0]!.textContent]).toEqual(['', 'Not chosen']);
    fireEvent.change(sealedMark, {
      target: { value: 'lodged-conditionally-under-seal' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Make exhibit' }));
    const made = await screen.findByRole('heading', { name: 'Exhibit made' });
    await waitFor(() => expect(document.activeElement).toBe(made));
    expect(posted).toEqual([
      {
        label: 'Exhibit P-7',
        selections: [{ message: 2 }],
        context: 0,
        highlights: [2],
        redactions: [
          {
            kind: 'text',
            message: 2,
            text: '123-45-',
            occurrence: 1,
            reason: { category: 'taxpayer-id' },
          },
          { kind: 'text', message: 2, text: 'old one', reason: { category: 'other', note: 'former number' } },
        ],
        courtProfile: { preset: 'sdny' },
        sealedCopyMark: 'lodged-conditionally-under-seal',
      },
    ]);
    const file = screen.getByRole('button', { name: 'exhibit.pdf' });
    expect(file.closest('li')!.textContent).toContain('47 KB');
    expect(file.closest('li')!.textContent).toContain('b'.repeat(64));
    // No address to keep: the file opens through a one-time code asked for at the click.
    expect(document.querySelector('a[href]')).toBeNull();
    const asked: unknown[] = [];
    const url = `/api/files/${'c'.repeat(90)}`;
    server.use(
      http.post('/api/link-code', async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({ url, expiresAt: '2026-12-07T12:01:00.000Z' }, { status: 201 });
      }),
    );
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    try {
      fireEvent.click(file);
      await vi.waitFor(() => expect(open).toHaveBeenCalledWith(url, '_blank', 'noopener'));
      expect(asked).toEqual([{ link: EXHIBIT_RESPONSE.files[0]!.url }]);
    } finally {
      open.mockRestore();
    }
  });

  it('once every suggestion is decided, shows each decision with a button that changes it', async () => {
    const { list } = await renderMode();
    fireEvent.focus(list);
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    fireEvent.keyDown(list, { key: ' ' });
    const what = 'Social Security number “123-45-6789” in message 0002';
    const suggestions = () =>
      within(screen.getByRole('region', { name: 'Suggested redactions (Fed. R. Civ. P. 5.2)' }));
    fireEvent.click(
      suggestions().getAllByRole('button', {
        name: `Accept: redact ${what} except its last four digits`,
      })[0]!,
    );
    expect(suggestions().getByText(/^1 to decide\./)).toBeTruthy();
    const reject = suggestions().getAllByRole('button', { name: `Reject: keep ${what}` })[1]!;
    reject.focus();
    fireEvent.click(reject);

    expect(suggestions().getByText(/^All decided\./)).toBeTruthy();
    expect(suggestions().queryAllByRole('button', { name: /^(Accept|Reject):/ })).toEqual([]);
    const items = suggestions().getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('button').getAttribute('aria-label'))).toEqual([
      `Reject instead: keep ${what}`,
      `Accept instead: redact ${what} except its last four digits`,
    ]);
    expect(within(items[0]!).getByText('Accepted')).toBeTruthy();
    expect(within(items[1]!).getByText('Rejected')).toBeTruthy();
    // The pressed button is gone: the keyboard is on the change of the suggestion it decided.
    expect(document.activeElement).toBe(within(items[1]!).getByRole('button'));
    expect(screen.getByRole('heading', { name: 'Redactions (1)' })).toBeTruthy();

    fireEvent.click(within(items[0]!).getByRole('button', { name: `Reject instead: keep ${what}` }));
    expect(within(items[0]!).getByText('Rejected')).toBeTruthy();
    expect(within(items[0]!).getByRole('button').getAttribute('aria-label')).toBe(
      `Accept instead: redact ${what} except its last four digits`,
    );
    expect(screen.getByRole('heading', { name: 'Redactions (0)' })).toBeTruthy();
  });

  it('redacts a name everywhere in the exhibit with initials on its boxes, and shows the warnings the exhibit comes with', async () => {
    const warning =
      'message 0002 has what looks like a Social Security number, not redacted: Fed. R. Civ. P. 5.2(a)(1) lets a filing show only its last four digits.';
    const { list, posted } = await renderMode(() =>
      HttpResponse.json({ ...EXHIBIT_RESPONSE, warnings: [warning] }, { status: 201 }),
    );
    fireEvent.focus(list);
    fireEvent.keyDown(list, { key: ' ' });
    fireEvent.click(screen.getByRole('button', { name: 'Redact text of 0001…' }));
    const dialog = screen.getByRole('dialog', { name: 'Redact text' });
    fireEvent.change(within(dialog).getByLabelText('Where'), { target: { value: 'everywhere' } });
    expect(screen.getByRole('dialog', { name: 'Redact a word or name everywhere in the exhibit' })).toBe(
      dialog,
    );
    fireEvent.change(within(dialog).getByLabelText('Word or name to redact everywhere'), {
      target: { value: 'Alex' },
    });
    fireEvent.change(within(dialog).getByLabelText(/^Shown on the box instead/), {
      target: { value: 'ALEX R.' },
    });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'minor-name' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add redaction' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Shown instead: must not hold the text it replaces.',
    );
    fireEvent.change(within(dialog).getByLabelText(/^Shown on the box instead/), {
      target: { value: 'A.R.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add redaction' }));
    expect(
      screen.getByRole('button', {
        name: 'Remove the redaction: “Alex”, everywhere in the exhibit, shown as “A.R.”',
      }),
    ).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Exhibit label'), { target: { value: 'Exhibit P-7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make exhibit' }));
    await screen.findByRole('heading', { name: 'Exhibit made' });
    expect(posted).toEqual([
      expect.objectContaining({
        redactions: [
          { kind: 'text-everywhere', text: 'Alex', replaceWith: 'A.R.', reason: { category: 'minor-name' } },
        ],
      }),
    ]);
    const warnings = screen.getByRole('list', { name: 'Warnings about the exhibit' });
    expect(
      within(warnings)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([warning]);
    // It redacts: the advice the exhibit's own pages leave out is given here.
    expect(
      screen.getByText(
        /^Before filing: transcript-filing\.pdf and the evidence package hold every message unredacted/,
      ),
    ).toBeTruthy();
  });

  it("turns the browser's selection inside a message into that occurrence of its text", async () => {
    await renderMode();
    const text = screen.getByText(/^My SSN is/).firstChild!;
    const range = document.createRange();
    range.setStart(text, 39);
    range.setEnd(text, 50);
    document.getSelection()!.removeAllRanges();
    document.getSelection()!.addRange(range);
    document.dispatchEvent(new Event('selectionchange'));
    fireEvent.click(await screen.findByRole('button', { name: 'Redact the selected text of 0002…' }));
    const dialog = screen.getByRole('dialog', { name: 'Redact text' });
    expect((within(dialog).getByLabelText('Text to redact') as HTMLInputElement).value).toBe('123-45-6789');
    expect((within(dialog).getByLabelText('Which occurrence') as HTMLSelectElement).value).toBe('2');
  });

  it('refuses a redaction without a reason in a plain sentence: a phone number has no default reason', async () => {
    await renderMode();
    fireEvent.click(screen.getByRole('button', { name: 'Redact a phone number…' }));
    const dialog = screen.getByRole('dialog', { name: 'Redact a phone number everywhere' });
    const reason = within(dialog).getByLabelText<HTMLSelectElement>('Reason');
    expect([reason.value, reason.selectedOptions[0]!.textContent]).toEqual(['', 'Choose why it is removed']);
    fireEvent.change(within(dialog).getByLabelText('Phone number'), { target: { value: '+1 555 010 4477' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add redaction' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Reason: choose why it is removed; a redaction has no default reason.',
    );
    fireEvent.change(reason, { target: { value: 'other' } });
    fireEvent.change(within(dialog).getByLabelText(/^Note/), { target: { value: 'the mother’s number' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add redaction' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Redactions (1)' })).toBeTruthy();
  });

  it('refuses a spec without messages at the button, and shows the server’s refusal there as a plain sentence, focused', async () => {
    const sentence =
      'redactions[0].number: must start with a country calling code after "+", such as +1 or +44';
    const { list, posted } = await renderMode(() =>
      HttpResponse.json({ code: 400, reason: 'text_not_in_message', message: sentence }, { status: 400 }),
    );
    fireEvent.change(screen.getByLabelText('Exhibit label'), { target: { value: 'Exhibit P-7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make exhibit' }));
    const refusal = await screen.findByRole('alert');
    expect(refusal.textContent).toBe('Messages: must select at least one message.');
    // The focus moves in an effect after the sentence is drawn: wait for it, not for a render.
    await waitFor(() => expect(document.activeElement).toBe(refusal));
    expect(posted).toEqual([]);

    fireEvent.focus(list);
    fireEvent.keyDown(list, { key: ' ' });
    fireEvent.click(screen.getByRole('button', { name: 'Redact a phone number…' }));
    const dialog = screen.getByRole('dialog', { name: 'Redact a phone number everywhere' });
    fireEvent.change(within(dialog).getByLabelText('Phone number'), { target: { value: '+999 555 0104' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'sealed-by-order' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add redaction' }));
    fireEvent.click(screen.getByRole('button', { name: 'Make exhibit' }));
    const plain =
      'Redaction 1 (Phone number +999 555 0104, everywhere), its number: must start with a country calling code after "+", such as +1 or +44.';
    await screen.findByText(plain);
    await waitFor(() => expect(document.activeElement!.textContent).toBe(plain));
    expect(screen.queryByText(/redactions\[0\]/)).toBeNull();
    expect(posted).toHaveLength(1);
  });

  it('shows a selected message by a checked mark, not by its tint alone', async () => {
    const { list } = await renderMode();
    fireEvent.focus(list);
    fireEvent.keyDown(list, { key: ' ' });
    const marks = options().map((option) => within(option).getByTestId('selection-mark'));
    expect(marks.map((mark) => mark.querySelector('svg') !== null)).toEqual([true, false]);
  });

  it('returns the focus to the button that opened a redaction dialog, when it is cancelled and when it adds', async () => {
    await renderMode();
    for (const close of ['Cancel', 'Add redaction']) {
      const opener = screen.getByRole('button', { name: 'Redact a name everywhere…' });
      opener.focus();
      fireEvent.click(opener);
      const dialog = screen.getByRole('dialog', { name: 'Redact a word or name everywhere in the exhibit' });
      const field = within(dialog).getByLabelText('Word or name to redact everywhere');
      expect(document.activeElement).toBe(field);
      fireEvent.change(field, { target: { value: 'Alex' } });
      // No default reason: the filer chooses one before the redaction can be added.
      fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'minor-name' } });
      fireEvent.click(within(dialog).getByRole('button', { name: close }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(document.activeElement).toBe(opener);
    }
  });

  it('brings back the draft saved on the server: selection, highlight, redactions, decided suggestions and the form', async () => {
    const draft: ExhibitDraft = {
      selections: [{ from: 1, to: 2 }],
      highlights: [2],
      redactions: [
        // As accepting the SSN's suggestion records it: all but the last four digits (Rule 5.2(a)(1)).
        { kind: 'text', message: 2, text: '123-45-', occurrence: 1, reason: { category: 'taxpayer-id' } },
      ],
      rejectedSuggestions: ['2:39:50'],
      settings: { ...DEFAULT_SETTINGS, label: 'Exhibit P-7', courtProfile: 'sdny' },
    };
    const { saved } = await renderMode(undefined, { draft });
    expect(selectedNumbers()).toEqual(['0001', '0002']);
    expect(within(options()[1]!).getByText('Highlighted')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Redactions (1)' })).toBeTruthy();
    const suggestions = within(
      screen.getByRole('region', { name: 'Suggested redactions (Fed. R. Civ. P. 5.2)' }),
    );
    expect(suggestions.getByText(/^All decided\./)).toBeTruthy();
    expect(suggestions.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('Accepted'),
      expect.stringContaining('Rejected'),
    ]);
    expect(screen.getByLabelText<HTMLInputElement>('Exhibit label').value).toBe('Exhibit P-7');
    expect(screen.getByLabelText<HTMLSelectElement>('Court’s file-size limit').value).toBe('sdny');
    expect(screen.getByTestId('exhibit-draft-status').textContent).toBe('Draft saved');
    // Brought back as it was saved: nothing to save again.
    expect(saved).toEqual([]);
  });

  it('saves the draft a moment after a change (Saving…, then Draft saved); a refused save says why, is tried again with the next change, and the page warns before it is left', async () => {
    // How the server answers a save: saved, refused with its sentence, or not reached.
    let answer: 'saved' | 'unreachable' | { refused: string } = 'saved';
    const { list, saved } = await renderMode(undefined, {
      saveAnswer: () =>
        answer === 'saved'
          ? HttpResponse.json({ savedAt: SAVED_AT })
          : answer === 'unreachable'
            ? HttpResponse.error()
            : HttpResponse.json({ code: 'INVALID_REQUEST', message: answer.refused }, { status: 400 }),
    });
    const status = () => screen.getByTestId('exhibit-draft-status').textContent;
    const leaving = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    // Nothing chosen yet: nothing to save, and nothing to warn about.
    expect(status()).toBe('');
    expect(leaving()).toBe(false);

    fireEvent.focus(list);
    fireEvent.keyDown(list, { key: ' ' });
    fireEvent.change(screen.getByLabelText('Exhibit label'), { target: { value: 'Exhibit P-7' } });
    expect(status()).toBe('Saving…');
    expect(leaving()).toBe(true);
    await waitFor(() => expect(status()).toBe('Draft saved'), { timeout: 5000 });
    expect(leaving()).toBe(false);
    // One save for both changes, with what was chosen.
    expect(saved).toEqual([
      {
        selections: [{ message: 1 }],
        highlights: [],
        redactions: [],
        rejectedSuggestions: [],
        settings: { ...DEFAULT_SETTINGS, label: 'Exhibit P-7' },
      },
    ]);

    const refused = 'selections: must have at most 1000 items';
    answer = { refused };
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    fireEvent.keyDown(list, { key: ' ' });
    await waitFor(() => expect(status()).toBe(`Not saved: ${refused}`), { timeout: 5000 });
    expect(leaving()).toBe(true);
    expect(saved).toHaveLength(2);

    answer = 'unreachable';
    fireEvent.click(screen.getByRole('button', { name: 'Highlight the selected' }));
    await waitFor(() => expect(status()).toBe(`Not saved: ${DRAFT_NOT_SAVED}`), { timeout: 5000 });
    expect(leaving()).toBe(true);

    answer = 'saved';
    fireEvent.click(screen.getByRole('button', { name: 'Remove the highlight' }));
    await waitFor(() => expect(status()).toBe('Draft saved'), { timeout: 5000 });
    expect(leaving()).toBe(false);
    expect(saved.at(-1)).toMatchObject({ selections: [{ from: 1, to: 2 }], highlights: [] });
  });
});
