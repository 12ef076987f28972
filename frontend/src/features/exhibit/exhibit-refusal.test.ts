import type { ExhibitSpecInput } from '@chatexhibit/proto/exhibit-spec';
import { describe, expect, it } from 'vitest';
import { plainRefusal } from './exhibit-refusal';

const spec: ExhibitSpecInput = {
  label: 'Exhibit P-7',
  selections: [{ from: 1, to: 4 }],
  highlights: [3],
  redactions: [
    { kind: 'text', message: 2, text: 'old one', reason: { category: 'other', note: 'former number' } },
    { kind: 'phone-number', number: '+999 555 0104', reason: { category: 'other', note: 'a number' } },
  ],
};

describe('a refusal of the exhibit in the web app', () => {
  it('names the redaction as the list shows it and the part that is wrong, never the spec’s field path', () => {
    expect(
      plainRefusal(
        'redactions[1].number: must start with a country calling code after "+", such as +1 or +44',
        spec,
        40,
      ),
    ).toBe(
      'Redaction 2 (Phone number +999 555 0104, everywhere), its number: must start with a country calling code after "+", such as +1 or +44.',
    );
    expect(plainRefusal('redactions[0].text: "old one" is not in the text of message 0002', spec, 40)).toBe(
      'Redaction 1 (“old one” in message 0002 (every occurrence)), its text: "old one" is not in the text of message 0002.',
    );
    expect(
      plainRefusal(
        'redactions[1]: removes what redactions[0] removes: give each thing to remove once',
        spec,
        40,
      ),
    ).toBe(
      'Redaction 2 (Phone number +999 555 0104, everywhere): removes what redaction 1 removes: give each thing to remove once.',
    );
  });

  it('names the other parts in the form’s words, and keeps a sentence that names no field', () => {
    expect(
      plainRefusal(
        'highlights[0]: message 0003 is not in the exhibit, which holds messages 0001–0002 of 40',
        spec,
        40,
      ),
    ).toBe(
      'The highlight of message 0003: message 0003 is not in the exhibit, which holds messages 0001–0002 of 40.',
    );
    expect(plainRefusal('batesStart: the pages would repeat numbers', spec, 40)).toBe(
      'First Bates number: the pages would repeat numbers.',
    );
    expect(plainRefusal('The exhibit could not be made. Please try again.', spec, 40)).toBe(
      'The exhibit could not be made. Please try again.',
    );
  });
});
