import { contentRows, volumeListing } from '@chatexhibit/pdf/domain/transcript/volume-pages';

const contents = {
  messages: { first: 10, last: 168 },
  days: { first: '2024-03-01', last: '2024-03-09' },
  pictures: [],
};
const messagesRow = (runs?: { first: number; last: number }[]) =>
  contentRows(contents, 2000, runs).find(([label]) => label === 'Messages on these pages')![1];

describe("a volume's cover names the messages on its pages", () => {
  it('as one range when the document holds every message there (a transcript, one excerpt)', () => {
    expect(messagesRow()).toBe('0010–0168 of 2,000');
    expect(messagesRow([{ first: 1, last: 400 }])).toBe('0010–0168 of 2,000');
  });

  it("as the exhibit's stretches when it holds several there, never as one continuous range", () => {
    const runs = [
      { first: 1, last: 25 },
      { first: 100, last: 100 },
      { first: 160, last: 200 },
      { first: 400, last: 410 },
    ];
    expect(messagesRow(runs)).toBe(
      '0010–0025, 0100 and 0160–0168 of 2,000 (3 stretches; the messages between them are not in this document)',
    );
    const listing = volumeListing(
      { number: 2, range: { from: 4, to: 9 }, about: contents },
      null,
      2000,
      runs,
    );
    expect(listing.contents).toContain('messages 0010–0025, 0100 and 0160–0168 (3 stretches;');
  });

  it('counts the stretches when they are too many to list', () => {
    const runs = Array.from({ length: 12 }, (_, i) => ({ first: 10 + i * 13, last: 15 + i * 13 }));
    expect(messagesRow(runs)).toBe(
      '0010 to 0168 of 2,000 (12 stretches; the messages between them are not in this document)',
    );
  });
});
