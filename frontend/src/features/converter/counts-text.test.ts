import { describe, expect, it } from 'vitest';
import { entriesText } from './counts-text';

describe('entriesText', () => {
  const preview = (countedEntries: number, whatsappNotices: number) =>
    ({ countedEntries, whatsappNotices }) as Parameters<typeof entriesText>[0];

  it("counts with thousands separators, and says nothing of WhatsApp's notices when there are none", () => {
    expect(entriesText(preview(1969, 31))).toBe('1,969 counted by the free tier; 31 WhatsApp notices');
    expect(entriesText(preview(2006, 1))).toBe('2,006 counted by the free tier; 1 WhatsApp notice');
    expect(entriesText(preview(2006, 0))).toBe('2,006 counted by the free tier');
  });
});
