import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { DocumentsReadyPanel } from './documents-ready-panel';

const PURCHASE = {
  reference: 'CE-7QK2-M9XD-4HBT',
  amountCents: 499,
  currency: 'USD',
  paidAt: '2026-05-12T10:00:00.000Z',
  emailedTo: 'buyer@example.org',
  filesKeptUntil: '2026-08-10T10:00:00.000Z',
};
const MAILED = { emailedTo: 'buyer@example.org', linksValidUntil: PURCHASE.filesKeptUntil };

const renderPanel = (props: Parameters<typeof DocumentsReadyPanel>[0]) =>
  render(
    <MemoryRouter>
      <DocumentsReadyPanel {...props} />
    </MemoryRouter>,
  );

/** The panel's next steps, as a reader hears them. */
const nextSteps = () =>
  within(screen.getByTestId('next-steps'))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('DocumentsReadyPanel', () => {
  it('after a purchase: the receipt by reference, where the links went and until when, and what to do next', () => {
    renderPanel({ purchase: PURCHASE, mailed: MAILED, takeFocus: true });
    const panel = screen.getByRole('region', { name: 'Your documents are ready' });
    const receipt = within(panel).getByTestId('receipt');
    expect(within(receipt).getByTestId('receipt-amount').textContent).toBe('$4.99');
    expect(within(receipt).getByTestId('receipt-date').textContent).toBe('12 May 2026');
    expect(within(receipt).getByTestId('receipt-reference').textContent).toBe('CE-7QK2-M9XD-4HBT');
    expect(within(panel).getByTestId('emailed-links').textContent).toBe(
      'We emailed the links to buyer@example.org; they are valid until 10 August 2026.',
    );
    expect(nextSteps()).toEqual([
      'Download both: View PDF and Download Evidence Package. Keep the ZIP as it is: it is the proof.',
      'Check the package: drop the ZIP on Verify a package; every file should say Matches.',
      'Build an exhibit: the Exhibit tab picks, highlights and redacts messages.',
      'File the PDF/A copy, transcript-filing.pdf from the evidence package, not transcript.pdf.',
    ]);
    expect(within(panel).getByRole('link', { name: 'Verify a package' }).getAttribute('href')).toBe(
      '/verify',
    );
    // Back from checkout a screen reader starts here.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your documents are ready' }));
  });

  it('for a free export: what is ready and what to do next, no receipt, and the focus left where it was', () => {
    renderPanel({ purchase: null, mailed: null, takeFocus: false });
    const panel = screen.getByRole('region', { name: 'Your documents are ready' });
    within(panel).getByText('The transcript PDF, its PDF/A copy for court filing and the evidence package.');
    expect(screen.queryByTestId('receipt')).toBeNull();
    expect(screen.queryByTestId('emailed-links')).toBeNull();
    expect(nextSteps()).toHaveLength(4);
    expect(document.activeElement).toBe(document.body);
  });

  it('for a free export whose links were mailed: where they went and until when', () => {
    renderPanel({ purchase: null, mailed: MAILED, takeFocus: false });
    expect(screen.queryByTestId('receipt')).toBeNull();
    screen.getByText('buyer@example.org');
  });
});
