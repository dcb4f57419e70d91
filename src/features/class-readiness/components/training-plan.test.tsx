import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildMatrix, type PlannedTraining } from '../readiness-model';
import { answerRecommending, asked, members, name } from './readiness-test-class';
import { TrainingPlan } from './training-plan';

const answer = answerRecommending(['u-bob', 'u-cy']);

function plan(planned: PlannedTraining) {
  const onPlan = vi.fn();
  render(
    <TrainingPlan
      matrix={buildMatrix(members, asked, answer, planned)}
      planned={planned}
      name={name}
      onPlan={onPlan}
    />,
  );
  // The trainings' list: its first item is the one training (the students' list is inside it).
  const training = screen.getAllByRole('listitem')[0] as HTMLElement;
  return { onPlan, training };
}

describe('the what-if training plan', () => {
  it("keeps a training's students behind a disclosure until the trainer opens it, then plans one of them", async () => {
    const { onPlan, training } = plan({});
    expect(training).toHaveTextContent('Network basics (course) · recommended for 2 gaps of 2 students · not planned');
    expect(within(training).queryAllByRole('checkbox')).toHaveLength(0);

    await userEvent.click(within(training).getByText('Choose among the 2 students'));
    const boxes = within(training).getAllByRole('checkbox');
    expect(boxes.map((box) => box.parentElement?.textContent)).toEqual(['Bob Ray', 'Cy Day']);
    await userEvent.click(within(training).getByRole('checkbox', { name: 'Cy Day' }));
    expect(onPlan).toHaveBeenCalledWith('course:c1', ['u-cy'], true);
  });

  it('plans a training for all who need it in one click', async () => {
    const { onPlan, training } = plan({});
    await userEvent.click(within(training).getByRole('button', { name: 'All 2 who need it: Network basics' }));
    expect(onPlan).toHaveBeenCalledWith('course:c1', ['u-bob', 'u-cy'], true);
  });

  it('takes a training planned for all back in one click, its students kept closed', async () => {
    const { onPlan, training } = plan({ 'u-bob': ['course:c1'], 'u-cy': ['course:c1'] });
    expect(training).toHaveTextContent('planned for 2 of 2');
    expect(within(training).queryAllByRole('checkbox')).toHaveLength(0);
    await userEvent.click(within(training).getByRole('button', { name: 'None of them: Network basics' }));
    expect(onPlan).toHaveBeenCalledWith('course:c1', ['u-bob', 'u-cy'], false);
  });

  it('opens the disclosure from the start where the plan chose some of the students, showing whom', () => {
    const { training } = plan({ 'u-bob': ['course:c1'] });
    expect(training).toHaveTextContent('planned for 1 of 2');
    expect(within(training).getByRole('checkbox', { name: 'Bob Ray' })).toBeChecked();
    expect(within(training).getByRole('checkbox', { name: 'Cy Day' })).not.toBeChecked();
  });

  it('takes the checkboxes away again when the trainer closes the disclosure', async () => {
    const { training } = plan({ 'u-bob': ['course:c1'] });
    expect(within(training).getAllByRole('checkbox')).toHaveLength(2);
    await userEvent.click(within(training).getByText('Choose among the 2 students'));
    expect(within(training).queryAllByRole('checkbox')).toHaveLength(0);
  });
});
