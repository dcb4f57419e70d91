/** Picks a student in a form's student combobox as a person does: types what the choice says, then Enter. */
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

export async function chooseStudent(user: UserEvent, choice: string): Promise<void> {
  const box = screen.getByRole('combobox', { name: /^Student/ });
  await user.clear(box);
  await user.type(box, choice);
  await user.keyboard('{Enter}');
}
