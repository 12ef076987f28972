// A refusal of the pdf core reaches its caller from the documents' worker thread as the class the
// caller tells refusals by, with the fields and sentence it had.

import { copyError, remadeError } from '@chatexhibit/pdf/domain/document-worker/copied-errors';
import { ExhibitSpecError } from '@chatexhibit/pdf/domain/exhibit/exhibit-spec-error';
import { VolumeTooLargeError } from '@chatexhibit/pdf/domain/volumes/split-into-volumes';

/** As a message between threads copies it. */
const acrossThreads = (error: unknown): Error => remadeError(structuredClone(copyError(error)));

describe('errors from the documents’ worker', () => {
  it.each([
    new ExhibitSpecError('no_such_message', 'selections[0].to', 'there is no message 9999.'),
    new VolumeTooLargeError('Page 3 of exhibit.pdf (message 0007) alone makes a volume of 30,000,000 bytes.'),
  ])('come back as $name, with their fields and sentence', (error) => {
    const remade = acrossThreads(error);
    expect(remade).toBeInstanceOf(error.constructor);
    expect(remade.name).toBe(error.name);
    expect(remade.message).toBe(error.message);
    expect({ ...remade }).toEqual({ ...error });
  });

  it('come back as plain errors otherwise', () => {
    const remade = acrossThreads(new TypeError('x is not a function'));
    expect(remade).toBeInstanceOf(Error);
    expect(remade).not.toBeInstanceOf(ExhibitSpecError);
    expect([remade.name, remade.message]).toEqual(['TypeError', 'x is not a function']);
  });
});
