import { ExhibitSpecSchema } from '@chatexhibit/proto/exhibit-spec';
import { describe, expect, it } from 'vitest';
import { EXHIBIT_MESSAGES } from '../../test/fixtures';
import {
  choicesOf,
  DEFAULT_SETTINGS,
  draftOf,
  filterMessages,
  redactionText,
  sameRedaction,
  selectionsOf,
  specOf,
  suggestionsIn,
} from './exhibit-draft';
import { occurrenceAt } from '@chatexhibit/proto/text-range';

describe('the exhibit draft', () => {
  it('writes selected numbers as single messages and ranges of consecutive ones', () => {
    expect(selectionsOf([7, 3, 4, 5, 12, 9, 10])).toEqual([
      { from: 3, to: 5 },
      { message: 7 },
      { from: 9, to: 10 },
      { message: 12 },
    ]);
    expect(selectionsOf([])).toEqual([]);
  });

  it('names which occurrence a selected span is, counted as the pdf service counts them', () => {
    const content = 'aaa and aaa and aaaa';
    expect(occurrenceAt(content, 'aaa', 0)).toBe(1);
    expect(occurrenceAt(content, 'aaa', 8)).toBe(2);
    expect(occurrenceAt(content, 'aaa', 16)).toBe(3);
    // Inside a run that non-overlapping counting steps over: no occurrence names it.
    expect(occurrenceAt(content, 'aaa', 17)).toBeNull();
  });

  it('suggests each SSN of the messages as its own occurrence, with the rule 5.2 category, removing all but its last four digits', () => {
    const found = suggestionsIn(EXHIBIT_MESSAGES.messages);
    expect(
      found.map((suggestion) => [
        suggestion.message,
        suggestion.kind,
        suggestion.keeps,
        suggestion.redaction,
      ]),
    ).toEqual([
      [
        2,
        'Social Security number',
        'last four digits',
        { kind: 'text', message: 2, text: '123-45-', occurrence: 1, reason: { category: 'taxpayer-id' } },
      ],
      [
        2,
        'Social Security number',
        'last four digits',
        { kind: 'text', message: 2, text: '123-45-', occurrence: 2, reason: { category: 'taxpayer-id' } },
      ],
    ]);
  });

  it('removes the day and month of a suggested birth date, keeping its year', () => {
    const [found] = suggestionsIn([
      { ...EXHIBIT_MESSAGES.messages[0]!, content: 'DOB: 04/12/2015, then 04/12/' },
    ]);
    expect([found!.text, found!.keeps, found!.redaction.text, found!.redaction.occurrence]).toEqual([
      '04/12/2015',
      'year',
      '04/12/',
      1,
    ]);
  });

  it('filters by recorded day and by words, sender or file name', () => {
    const numbers = (filters: Partial<typeof none>) =>
      filterMessages(EXHIBIT_MESSAGES.messages, { ...none, ...filters }).map((message) => message.number);
    const none = { fromDay: '', toDay: '', search: '' };
    expect(numbers({})).toEqual([1, 2, 3, 4]);
    expect(numbers({ fromDay: '2024-03-15' })).toEqual([3, 4]);
    expect(numbers({ fromDay: '2024-03-14', toDay: '2024-03-15' })).toEqual([1, 2, 3]);
    expect(numbers({ search: 'HEARING' })).toEqual([4]);
    expect(numbers({ search: '010 4477' })).toEqual([2]);
    expect(numbers({ search: 'img-0001' })).toEqual([3]);
  });

  it('makes a spec the schema takes from the form and the draft, and one it refuses naming the field', () => {
    const spec = specOf(
      {
        ...DEFAULT_SETTINGS,
        label: 'Exhibit P-7',
        context: '2',
        batesPrefix: 'SMITH',
        batesStart: '41',
        courtProfile: 'custom',
        customMegabytes: '8.5',
      },
      { selected: [3, 2], highlighted: [3], redactions: [] },
    );
    expect(spec).toEqual({
      label: 'Exhibit P-7',
      selections: [{ from: 2, to: 3 }],
      context: 2,
      highlights: [3],
      redactions: [],
      batesPrefix: 'SMITH',
      batesStart: 41,
      courtProfile: { maxFileBytes: 8_500_000 },
    });
    // Not chosen, how the unredacted copy is submitted is not sent: the filer's to say.
    expect(spec).not.toHaveProperty('sealedCopyMark');
    expect(ExhibitSpecSchema.safeParse(spec).success).toBe(true);
    expect(
      specOf(
        { ...DEFAULT_SETTINGS, courtProfile: 'sdny' },
        { selected: [1], highlighted: [], redactions: [] },
      ).courtProfile,
    ).toEqual({ preset: 'sdny' });
    const refused = ExhibitSpecSchema.safeParse(
      specOf(
        { ...DEFAULT_SETTINGS, label: 'P-7', context: 'many' },
        { selected: [1], highlighted: [], redactions: [] },
      ),
    );
    expect(refused.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['context']);
  });

  it('describes redactions by the transcript numbers', () => {
    const reason = { category: 'other' as const, note: 'home address' };
    expect(redactionText({ kind: 'text', message: 2, text: '12 Elm St', reason }, 4)).toBe(
      '“12 Elm St” in message 0002 (every occurrence)',
    );
    expect(redactionText({ kind: 'text', message: 2, text: 'x', occurrence: 2, reason }, 4)).toBe(
      '“x” in message 0002 (occurrence 2)',
    );
    expect(redactionText({ kind: 'attachment', message: 3, reason }, 12_000)).toBe(
      'The attachment of message 00003',
    );
    expect(redactionText({ kind: 'phone-number', number: '+1 555 010 4477', reason }, 4)).toBe(
      'Phone number +1 555 010 4477, everywhere',
    );
  });

  it('takes two redactions of one thing for one, as the schema does, whatever their reasons or spelling', () => {
    const minor = { category: 'minor-name' } as const;
    const other = { category: 'other', note: 'again' } as const;
    expect(
      sameRedaction(
        { kind: 'text-everywhere', text: 'Emma', reason: minor },
        { kind: 'text-everywhere', text: 'EMMA', reason: other },
      ),
    ).toBe(true);
    expect(
      sameRedaction(
        { kind: 'phone-number', number: '+1 555 010 4477', reason: minor },
        { kind: 'phone-number', number: '+1 (555) 010-4477', reason: minor },
      ),
    ).toBe(true);
    expect(
      sameRedaction(
        { kind: 'message', message: 4, reason: minor },
        { kind: 'attachment', message: 4, reason: minor },
      ),
    ).toBe(false);
  });
});

describe('the draft the server keeps', () => {
  const choices = {
    selected: new Set([5, 1, 2, 3, 9]),
    highlighted: new Set([3, 1]),
    redactions: [
      { kind: 'message' as const, message: 9, reason: { category: 'other' as const, note: 'a name' } },
    ],
    decisions: new Map([
      ['2:39:50', 'rejected' as const],
      ['2:10:21', 'accepted' as const],
    ]),
    settings: { ...DEFAULT_SETTINGS, label: 'Exhibit P-7', batesStart: '12x' },
  };

  it('keeps the selection as the spec’s runs, the rejected suggestions and the form as typed, and brings them back', () => {
    const draft = draftOf(choices);
    expect(draft).toEqual({
      selections: [{ from: 1, to: 3 }, { message: 5 }, { message: 9 }],
      highlights: [1, 3],
      redactions: choices.redactions,
      rejectedSuggestions: ['2:39:50'],
      settings: choices.settings,
    });
    expect(choicesOf(draft)).toEqual({ ...choices, decisions: new Map([['2:39:50', 'rejected']]) });
    expect(draftOf(choicesOf(draft))).toEqual(draft);
  });

  it('chooses nothing without a saved draft', () => {
    expect(draftOf(choicesOf(null))).toEqual({
      selections: [],
      highlights: [],
      redactions: [],
      rejectedSuggestions: [],
      settings: DEFAULT_SETTINGS,
    });
  });
});
