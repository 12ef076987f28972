import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PAYMENT_STEP_PENDING_NOTE, ProcessingStatusCard } from './processing-status-card';

describe('ProcessingStatusCard', () => {
  it('shows a paid export back from checkout as uploaded and done, though this page did not see the upload', () => {
    render(
      <ProcessingStatusCard
        step={4}
        progress={100}
        processing={false}
        finished
        upload={null}
        uploaded={false}
        paymentSkipped={false}
      />,
    );
    expect(screen.queryByText('Uploading your file...')).toBeNull();
    const steps = screen.getByRole('list', { name: 'Processing steps' }).querySelectorAll('li');
    expect([...steps].map((step) => step.dataset.state)).toEqual(['done', 'done', 'done', 'done', 'done']);
  });

  it('waits on every step while the file is still uploading', () => {
    render(
      <ProcessingStatusCard
        step={0}
        progress={0}
        processing
        finished={false}
        upload={null}
        uploaded={false}
        paymentSkipped={false}
      />,
    );
    expect(screen.getByText('Uploading your file...')).toBeTruthy();
    const steps = screen.getByRole('list', { name: 'Processing steps' }).querySelectorAll('li');
    expect([...steps].every((step) => step.dataset.state === 'waiting')).toBe(true);
  });

  it('shows a failed upload as failed, with the server’s sentence when it gave one, never as still uploading', () => {
    const card = (uploadError: string) => (
      <ProcessingStatusCard
        step={0}
        progress={0}
        processing={false}
        finished={false}
        upload={{ sentBytes: 4096, totalBytes: 8192, startedAt: 0, updatedAt: 2000 }}
        uploaded={false}
        uploadError={uploadError}
        paymentSkipped={false}
      />
    );
    const { rerender } = render(card('Error processing file'));
    expect(screen.queryByText(/^Uploading/)).toBeNull();
    expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(
      'The upload did not go through. Press Process Chat Export to try again.',
    );
    rerender(card('The server is busy.'));
    expect(screen.getByRole('alert').textContent).toBe(
      'The upload did not go through. The server is busy. Press Process Chat Export to try again.',
    );
  });

  it('says beside SPEC’s payment step, until the outcome is known, that it is only for exports over the free tier', () => {
    const card = (props: { step: number; finished: boolean; paymentSkipped: boolean }) => (
      <ProcessingStatusCard progress={50} processing upload={null} uploaded {...props} />
    );
    const { rerender } = render(card({ step: 1, finished: false, paymentSkipped: false }));
    const paymentStep = () => screen.getByText('Payment required...').closest('li')!;
    expect(paymentStep().textContent).toBe(`Payment required...${PAYMENT_STEP_PENDING_NOTE}`);
    expect(PAYMENT_STEP_PENDING_NOTE).toBe(
      'Only for exports over the free tier (50 messages, 20 MB of media).',
    );
    // Known: a free export's step says it was not needed; an over-limit one's is reached.
    rerender(card({ step: 3, finished: true, paymentSkipped: true }));
    expect(screen.queryByTestId('payment-step-note')).toBeNull();
    rerender(card({ step: 4, finished: false, paymentSkipped: false }));
    expect(screen.queryByTestId('payment-step-note')).toBeNull();
  });
});
