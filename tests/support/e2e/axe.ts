// axe's WCAG 2.1 A and AA rules, the one audit every accessibility journey runs.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/** Each rule the page breaks, with the elements that break it; empty when it passes. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  )
}
