import { describe, expect, it } from 'vitest';
import { entriesText } from './counts-text';

describe('entriesText', () => {
  const preview = (messagesFromPeople: number, systemNotices: number) =>
    ({ messagesFromPeople, systemNotices }) as Parameters<typeof entriesText>[0];

  it('counts with thousands separators, and says nothing of system notices when there are none', () => {
    expect(entriesText(preview(1969, 31))).toBe('1,969 messages from people; 31 system notices');
    expect(entriesText(preview(2006, 1))).toBe('2,006 messages from people; 1 system notice');
    expect(entriesText(preview(2006, 0))).toBe('2,006 messages from people');
  });
});
