import type { Page } from 'playwright-core';

/** The converter's processing steps as the page shows them: each item's data-state, in order. */
export function processingStepStates(page: Page): Promise<(string | null)[]> {
  return page
    .getByRole('list', { name: 'Processing steps' })
    .locator('li')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-state')));
}
