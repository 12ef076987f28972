import type { Page } from 'playwright-core';

/**
 * Waits for the toast titled `title` and answers its title and description exactly as shown, so
 * a test can tell the description from the title (SPEC §8 sometimes repeats a title's words).
 */
export async function shownToast(page: Page, title: string): Promise<{ title: string; description: string }> {
  // The toasts are the items of Radix's notifications region (its role=status copies are
  // announcements that disappear).
  const toast = page
    .getByRole('region', { name: /^Notifications/ })
    .locator('li')
    .filter({ has: page.locator('[data-slot="toast-title"]', { hasText: title }) });
  await toast.waitFor();
  return {
    title: ((await toast.locator('[data-slot="toast-title"]').textContent()) ?? '').trim(),
    // A toast with a title only has no description element: an empty description.
    description: (await toast.locator('[data-slot="toast-description"]').count())
      ? ((await toast.locator('[data-slot="toast-description"]').textContent()) ?? '').trim()
      : '',
  };
}
