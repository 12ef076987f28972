import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProcessingStatusCard } from './processing-status-card';

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
});
