// Kept apart from phone-number-match, which loads libphonenumber-js's metadata: the spec's schema,
// which every page of the web app loads with the HTTP contract, needs only the digits.

import { foldText } from './text-fold';

/** The digits of a phone number as written, in any script's digits ("٥٥٥" is "555"). */
export const phoneDigits = (number: string): string => foldText(number).folded.replace(/\D/g, '');
