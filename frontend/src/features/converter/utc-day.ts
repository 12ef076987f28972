/** A day as the mails name it (the files' deletion, a link's expiry): the UTC day, whatever zone this browser is in. */
const UTC_DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "12 March 2025" for an ISO 8601 moment. */
export const utcDay = (iso: string): string => UTC_DAY.format(new Date(iso));
