// A failure of the pdf core copied across the worker thread's boundary and made again on the
// other side as the class its callers test for (a spec that does not fit, a volume no split
// keeps under its limit), with the fields their sentences and reasons read.

import { ExhibitSpecError } from '../exhibit/exhibit-spec-error';
import { VolumeTooLargeError } from '../volumes/split-into-volumes';
import type { CopiedError } from './worker-protocol';

const KNOWN_ERRORS: Readonly<Record<string, { prototype: Error }>> = {
  ExhibitSpecError,
  VolumeTooLargeError,
};

export function copyError(error: unknown): CopiedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  // The class's own fields (a reason, the spec's field); `name` travels on its own.
  const fields = Object.fromEntries(Object.entries(error).filter(([key]) => key !== 'name'));
  return { name: error.name, message: error.message, fields };
}

export function remadeError({ name, message, fields }: CopiedError): Error {
  const error = Object.assign(new Error(message), fields);
  const known = KNOWN_ERRORS[name];
  if (known) Object.setPrototypeOf(error, known.prototype);
  // An own field, as the known classes have it.
  error.name = name;
  return error;
}
