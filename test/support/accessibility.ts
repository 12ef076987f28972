import axe from 'axe-core';
import type { Page } from 'playwright-core';

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

/**
 * The page's serious and critical accessibility problems as axe-core finds them (WCAG 2.1 A and
 * AA, and axe's best practices), one line each: `rule (impact) at selectors`. Empty when none.
 */
export async function graveAccessibilityProblems(page: Page): Promise<string[]> {
  // Evaluated rather than added as a <script>: the page's policy allows no inline script.
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(axe.source);
  const { violations } = (await page.evaluate(
    "axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] })",
  )) as { violations: AxeViolation[] };
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
