/**
 * The what-if: the training the plugin recommended, the one that closes the
 * most gaps first, each with the students it was recommended for. Marking it
 * planned for one, several or all of them changes the projection, which is
 * always said to be one, never the plugin's answer.
 *
 * Each training's students are behind a disclosure, open where the training
 * is planned for some of them and not all: a class of 50 × 30 had 840
 * checkboxes in a wall, and rendering them all doubled the page's first
 * render. "All who need it" stays one click away. The list itself comes in
 * the background render that adds the matrix's students after its first
 * screen.
 */
import { memo, useDeferredValue, useState } from 'react';
import type { PlannedTraining, ReadinessMatrix, Training, TrainingKey } from '../readiness-model';
import { type TrainingNamer, trainingName } from '../readiness-text';

interface TrainingPlanProps {
  readonly matrix: ReadinessMatrix;
  readonly planned: PlannedTraining;
  readonly name: TrainingNamer;
  readonly onPlan: (training: TrainingKey, userIds: readonly string[], on: boolean) => void;
}

export function TrainingPlan({ matrix, planned, name, onPlan }: TrainingPlanProps) {
  const names = new Map(matrix.rows.map((row) => [row.member.userId, row.member.name]));
  // None on the first render, which puts the matrix on screen; all of them in the background render after it.
  const shown = useDeferredValue(matrix.trainings.length, 0);
  if (matrix.trainings.length === 0) {
    return <p>The plugin recommended no training for this class: no student it returned has a gap it can train.</p>;
  }
  // Nothing on that first render, rather than an empty list a screen reader would announce.
  if (shown === 0) return null;
  const trainings = shown < matrix.trainings.length ? matrix.trainings.slice(0, shown) : matrix.trainings;
  return (
    <ol className="readiness-trainings" aria-busy={trainings.length < matrix.trainings.length}>
      {trainings.map((training) => (
        <TrainingItem
          key={training.key}
          training={training}
          label={trainingName(training.key, name)}
          names={names}
          plannedFor={training.students.filter((userId) => planned[userId]?.includes(training.key))}
          onPlan={onPlan}
        />
      ))}
    </ol>
  );
}

const TrainingItem = memo(function TrainingItem({
  training,
  label,
  names,
  plannedFor,
  onPlan,
}: {
  readonly training: Training;
  readonly label: string;
  readonly names: ReadonlyMap<string, string>;
  readonly plannedFor: readonly string[];
  readonly onPlan: TrainingPlanProps['onPlan'];
}) {
  const count = training.students.length;
  const all = plannedFor.length === count;
  // Opened by the trainer, or from the start where the plan chose some of the students.
  const [open, setOpen] = useState(() => plannedFor.length > 0 && !all);
  return (
    <li className="readiness-training">
      <p>
        <strong>
          <bdi>{label}</bdi>
        </strong>{' '}
        ({training.type}) · recommended for {training.gaps} {training.gaps === 1 ? 'gap' : 'gaps'} of {count}{' '}
        {count === 1 ? 'student' : 'students'}
        {training.openGaps < training.gaps ? ` · ${training.openGaps} still open in the projection` : ''} ·{' '}
        {plannedFor.length === 0 ? 'not planned' : `planned for ${plannedFor.length} of ${count}`}
      </p>
      <fieldset className="readiness-plan-for">
        <legend>
          Plan <bdi>{label}</bdi> for
        </legend>
        <div className="actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => onPlan(training.key, training.students, !all)}
          >
            {all ? 'None of them' : `All ${count} who need it`}
            <span className="visually-hidden">: {label}</span>
          </button>
        </div>
        <details className="readiness-plan-choose" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
          <summary>
            Choose among the {count} {count === 1 ? 'student' : 'students'}
            <span className="visually-hidden"> for {label}</span>
          </summary>
          {open ? (
            <ul className="readiness-plan-students">
              {training.students.map((userId) => (
                <li key={userId}>
                  <label>
                    <input
                      type="checkbox"
                      checked={plannedFor.includes(userId)}
                      onChange={(event) => onPlan(training.key, [userId], event.target.checked)}
                    />
                    <bdi>{names.get(userId) ?? userId}</bdi>
                  </label>
                </li>
              ))}
            </ul>
          ) : null}
        </details>
      </fieldset>
    </li>
  );
}, sameItem);

interface ItemShown {
  readonly training: Training;
  readonly label: string;
  readonly plannedFor: readonly string[];
  readonly names: ReadonlyMap<string, string>;
  readonly onPlan: TrainingPlanProps['onPlan'];
}

function sameItem(a: ItemShown, b: ItemShown): boolean {
  return (
    a.label === b.label &&
    a.training.gaps === b.training.gaps &&
    a.training.openGaps === b.training.openGaps &&
    a.training.students.join() === b.training.students.join() &&
    a.plannedFor.join() === b.plannedFor.join() &&
    a.onPlan === b.onPlan &&
    // The names its students' checkboxes show, also while its disclosure is closed (they are rendered on opening).
    a.training.students.every((userId) => a.names.get(userId) === b.names.get(userId))
  );
}
