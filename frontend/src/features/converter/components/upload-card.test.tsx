import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../../components/ui/tooltip';
import { rememberCoverFields } from '../export-memory';
import { UploadCard } from './upload-card';

type Props = Parameters<typeof UploadCard>[0];

function renderCard(props: Partial<Props> = {}) {
  const onRemove = vi.fn();
  render(
    <MemoryRouter>
      <TooltipProvider>
        <UploadCard
          file={{ name: 'WhatsApp Chat with Sam.zip', size: 2048 }}
          canProcess
          uploadPercent={100}
          processing={false}
          exportMade={false}
          chooseAgain={null}
          resultKeptUntil={null}
          onEmailLinksFirst={null}
          onChoose={() => undefined}
          onRemove={onRemove}
          onProcess={() => undefined}
          {...props}
        />
      </TooltipProvider>
    </MemoryRouter>,
  );
  return { onRemove };
}

describe('UploadCard', () => {
  it('offers no second processing of a file that made its export: Convert another export asks, then starts over', () => {
    const onEmailLinksFirst = vi.fn();
    const { onRemove } = renderCard({
      exportMade: true,
      resultKeptUntil: '2025-03-12T10:00:00.000Z',
      onEmailLinksFirst,
    });
    expect(screen.queryByRole('button', { name: 'Process Chat Export' })).toBeNull();
    expect(screen.getByTestId('export-made').textContent).toContain('A new upload');
    const [opener] = screen.getAllByRole('button', { name: 'Convert another export' });
    fireEvent.click(opener!);
    expect(onRemove).not.toHaveBeenCalled();
    const question = screen.getByRole('alertdialog', { name: 'Convert another export?' });
    expect(question.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(question.getAttribute('aria-describedby')!)!.textContent).toBe(
      'This result leaves this page: its View PDF and Download buttons go. Its files stay on our servers until 12 March 2025, then they are deleted. To reach them later, email yourself the links first. The cover fields you typed stay.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Keep this result' }));
    expect(onRemove).not.toHaveBeenCalled();
    fireEvent.click(opener!);
    fireEvent.click(screen.getAllByRole('button', { name: 'Convert another export' })[1]!);
    expect(onRemove).toHaveBeenCalledTimes(1);
  });

  it('names SPEC’s cosmetic bar for what it shows, not as the upload’s progress, which it does not measure', () => {
    renderCard({ uploadPercent: 35 });
    expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).toBeNull();
    const bar = screen.getByRole('progressbar', { name: 'File added to the form' });
    expect(bar.getAttribute('aria-valuenow')).toBe('35');
  });

  it('offers Process Chat Export while no export is made of the file', () => {
    renderCard();
    expect(screen.getByRole('button', { name: 'Process Chat Export' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Convert another export' })).toBeNull();
  });

  it("keeps the cover's fields in local storage as they are typed, and brings them back in a new page", () => {
    renderCard();
    fireEvent.change(screen.getByLabelText('Case number'), { target: { value: 'FD24P00123' } });
    fireEvent.change(screen.getByLabelText('Prepared by'), { target: { value: 'Hannah Schmidt' } });
    expect(JSON.parse(localStorage.getItem('chatexhibit.form')!)).toEqual({
      cover: {
        caseNumber: 'FD24P00123',
        exhibitNumber: '',
        preparedBy: 'Hannah Schmidt',
        exportingAccount: '',
      },
    });
    document.body.innerHTML = '';

    rememberCoverFields({ caseNumber: 'FD1', exhibitNumber: 'JS-3', preparedBy: '', exportingAccount: 'Jo' });
    renderCard();
    expect((screen.getByLabelText('Case number') as HTMLInputElement).value).toBe('FD1');
    expect((screen.getByLabelText('Exhibit number') as HTMLInputElement).value).toBe('JS-3');
    expect((screen.getByLabelText('Exporting account') as HTMLInputElement).value).toBe('Jo');
  });

  it('folds the fields for a lawyer (Bates numbers, the cover’s) under one disclosure, closed at first', () => {
    renderCard();
    const fold = screen.getByRole('button', { name: 'For a lawyer (optional)' });
    expect(fold.getAttribute('aria-expanded')).toBe('false');
    for (const label of ['Bates prefix (optional)', 'First Bates number', 'Case number', 'Prepared by'])
      expect(screen.getByLabelText(label).closest('[hidden]'), label).not.toBeNull();
    // What a first-time uploader needs stays in view.
    expect(screen.getByLabelText('Time zone of the phone').closest('[hidden]')).toBeNull();
    fireEvent.click(fold);
    expect(fold.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByLabelText('Case number').closest('[hidden]')).toBeNull();
    expect(screen.getByLabelText('Bates prefix (optional)').closest('[hidden]')).toBeNull();
  });

  it('opens the fold by itself when this browser remembers what was typed in it', () => {
    rememberCoverFields({ caseNumber: 'FD1', exhibitNumber: '', preparedBy: '', exportingAccount: '' });
    renderCard();
    expect(
      screen.getByRole('button', { name: 'For a lawyer (optional)' }).getAttribute('aria-expanded'),
    ).toBe('true');
    expect(screen.getByLabelText('Case number').closest('[hidden]')).toBeNull();
  });

  it('opens the fold again when a field in it is refused, so that its error is seen', async () => {
    renderCard();
    const fold = screen.getByRole('button', { name: 'For a lawyer (optional)' });
    fireEvent.click(fold);
    fireEvent.change(screen.getByLabelText('Case number'), { target: { value: 'x'.repeat(101) } });
    fireEvent.click(fold);
    fireEvent.click(screen.getByRole('button', { name: 'Process Chat Export' }));
    const error = await screen.findByText('Case number must be at most 100 characters');
    expect(fold.getAttribute('aria-expanded')).toBe('true');
    expect(error.closest('[hidden]')).toBeNull();
  });

  it('asks for a file chosen before a reload to be chosen again, by its name', () => {
    renderCard({ file: null, canProcess: false, chooseAgain: 'WhatsApp Chat with Sam.zip' });
    expect(screen.getByTestId('choose-again').textContent).toBe(
      'You had chosen “WhatsApp Chat with Sam.zip”. Choose the file again: browsers do not keep a chosen file over a reload.',
    );
  });

  it('says next to the disabled Process Chat Export why it is disabled after a reload', () => {
    renderCard({ file: null, canProcess: false, chooseAgain: 'WhatsApp Chat with Sam.zip' });
    const button = screen.getByRole('button', { name: 'Process Chat Export' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(document.getElementById(button.getAttribute('aria-describedby')!)!.textContent).toBe(
      'To process, choose “WhatsApp Chat with Sam.zip” again above.',
    );
  });

  it('says nothing of choosing again when no file was chosen, and next to the disabled button that a ZIP is wanted', () => {
    renderCard({ file: null, canProcess: false });
    expect(screen.queryByTestId('choose-again')).toBeNull();
    const button = screen.getByRole('button', { name: 'Process Chat Export' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(document.getElementById(button.getAttribute('aria-describedby')!)!.textContent).toBe(
      'To process, choose your chat’s ZIP file above.',
    );
  });

  it('gives no reason beside the button once a file is chosen', () => {
    renderCard();
    expect(screen.queryByTestId('no-file-reason')).toBeNull();
    expect(screen.getByRole('button', { name: 'Process Chat Export' }).hasAttribute('aria-describedby')).toBe(
      false,
    );
  });
});
