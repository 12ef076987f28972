import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DropZone } from './drop-zone';

function renderZone() {
  render(
    <>
      <DropZone
        inputId="file"
        title="Drop your ZIP file here, or browse"
        hint="Up to 100 MB"
        onFiles={vi.fn()}
      />
      <input id="file" type="file" tabIndex={-1} aria-label="ZIP file" />
    </>,
  );
  const zone = screen.getByRole('button', { name: 'Drop your ZIP file here, or browse Up to 100 MB' });
  const click = vi.spyOn(screen.getByLabelText<HTMLInputElement>('ZIP file'), 'click');
  return { zone, click };
}

describe('DropZone', () => {
  it('is a button in the tab order, named by its words, that Enter and Space open the file chooser with', () => {
    const { zone, click } = renderZone();
    expect(zone.tabIndex).toBe(0);
    zone.focus();
    expect(document.activeElement).toBe(zone);
    expect(fireEvent.keyDown(zone, { key: 'Enter' })).toBe(false);
    expect(click).toHaveBeenCalledTimes(1);
    // Space opens it instead of scrolling the page.
    expect(fireEvent.keyDown(zone, { key: ' ' })).toBe(false);
    expect(click).toHaveBeenCalledTimes(2);
    fireEvent.keyDown(zone, { key: 'a' });
    expect(click).toHaveBeenCalledTimes(2);
  });

  it('opens the file chooser on a click', () => {
    const { zone, click } = renderZone();
    fireEvent.click(zone);
    expect(click).toHaveBeenCalledTimes(1);
  });
});
