import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { processingRefusal } from '../refused-file';
import { RefusedFileGuidance } from './refused-file-guidance';

describe('a ZIP that processing found holds no WhatsApp chat', () => {
  it('is told by the reason code the failure carries, not by its sentence', () => {
    const file = { name: 'Holiday photos.zip', size: 2048 };
    expect(processingRefusal('NOT_A_WHATSAPP_EXPORT', file)).toEqual({
      reason: 'not-whatsapp',
      name: 'Holiday photos.zip',
    });
    expect(processingRefusal(null, file)).toBeNull();
    expect(processingRefusal('NOT_A_WHATSAPP_EXPORT', null)).toBeNull();
  });

  it('gets guidance naming the file, how to export the chat, and the help page', () => {
    render(
      <MemoryRouter>
        <RefusedFileGuidance
          refused={processingRefusal('NOT_A_WHATSAPP_EXPORT', { name: 'Holiday photos.zip' })!}
          onClose={() => undefined}
        />
      </MemoryRouter>,
    );
    const guidance = screen.getByTestId('refused-file-guidance');
    expect(guidance.getAttribute('data-reason')).toBe('not-whatsapp');
    expect(screen.getByRole('heading').textContent).toBe('“Holiday photos.zip” is not a WhatsApp export ZIP');
    expect(guidance.textContent).toContain('it holds no WhatsApp chat');
    expect(guidance.textContent).toContain('“Export chat”');
    expect(
      screen
        .getByRole('link', { name: 'Step by step: how to export a chat on an iPhone or Android' })
        .getAttribute('href'),
    ).toBe('/help');
  });
});
