/**
 * Picks a student in a comment or note form's student combobox as a person
 * does: types what the choice says ("Jordan Lee (@jlee)"), then Enter picks
 * the first match.
 */
import { expect, type Locator } from '@playwright/test';

export async function pickStudent(form: Locator, choice: string): Promise<void> {
  const box = form.getByRole('combobox', { name: /^Student/ });
  await box.fill(choice);
  await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
  await box.press('Enter');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
}
