// Kept apart from phone-number-match, which loads libphonenumber-js's metadata: the spec's schema,
// which every page of the web app loads with the HTTP contract, needs only the digits.

/** The digits of a phone number as written. */
export const phoneDigits = (number: string): string => number.replace(/\D/g, '');
