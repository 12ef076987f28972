import { render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmailedLinksNotice } from './emailed-links-notice';

describe('EmailedLinksNotice', () => {
  // A browser west of UTC (Node reads TZ again when it changes).
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/New_York';
  });
  afterAll(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('names the UTC day the links expire, as the mail does, in any browser zone', () => {
    // 01:30 UTC on 3 December is still 2 December in New York: the page must say 3, as the mail does.
    render(<EmailedLinksNotice emailedTo="sam@example.org" linksValidUntil="2026-12-03T01:30:00.000Z" />);
    expect(screen.getByTestId('emailed-links').textContent).toBe(
      'We emailed the links to sam@example.org; they are valid until 3 December 2026.',
    );
  });
});
