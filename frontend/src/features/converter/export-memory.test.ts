import { afterEach, describe, expect, it } from 'vitest';
import { expiryIn, rememberedExport, rememberExport } from './export-memory';

const EXPORT_ID = '0b9f7c8e-2d1a-4c3b-9e8f-7a6b5c4d3e2f';
const NOW = Date.parse('2026-12-07T12:00:00Z');
const KEY = 'chatexhibit.export';

describe('the remembered export', () => {
  afterEach(() => localStorage.clear());

  it('is kept until its retention end', () => {
    rememberExport({ exportId: EXPORT_ID, fileName: 'chat.zip', fileSize: 1, expiresAt: expiryIn(7, NOW) });
    expect(rememberedExport(NOW + 6 * 24 * 60 * 60 * 1000)?.exportId).toBe(EXPORT_ID);
  });

  it('is dropped from local storage once its retention end has passed', () => {
    rememberExport({ exportId: EXPORT_ID, fileName: 'chat.zip', fileSize: 1, expiresAt: expiryIn(1, NOW) });
    expect(rememberedExport(NOW + 24 * 60 * 60 * 1000 + 1)).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('kept without an expiry (before expiries were kept) is dropped', () => {
    localStorage.setItem(KEY, JSON.stringify({ exportId: EXPORT_ID, fileName: 'chat.zip', fileSize: 1 }));
    expect(rememberedExport(NOW)).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
  });
});
