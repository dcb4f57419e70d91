/**
 * The students of one class as checkboxes, with "Whole class" first: ticked
 * when every student is, half-ticked (mixed) when some are, and ticking it
 * chooses them all. A list, not the one-student picker: a trainer writing to
 * several students sees at a glance whom they have chosen.
 */
import { useEffect, useRef } from 'react';
import type { RosterClass } from '../../../../contract/roster';
import { studentLabel } from '../../../components/roster-choices';

interface StudentChecklistProps {
  readonly klass: RosterClass;
  readonly chosen: ReadonlySet<string>;
  readonly onChange: (next: ReadonlySet<string>) => void;
  readonly idPrefix: string;
  readonly error?: string | undefined;
  readonly disabled?: boolean;
}

export function StudentChecklist({ klass, chosen, onChange, idPrefix, error, disabled }: StudentChecklistProps) {
  const whole = useRef<HTMLInputElement>(null);
  const all = klass.students.length > 0 && klass.students.every((s) => chosen.has(s.studentId));
  const some = !all && klass.students.some((s) => chosen.has(s.studentId));
  // `indeterminate` is a property only (no attribute): set after each render.
  useEffect(() => {
    if (whole.current) whole.current.indeterminate = some;
  }, [some]);
  const errorId = `${idPrefix}-students-error`;
  const toggle = (studentId: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(studentId);
    else next.delete(studentId);
    onChange(next);
  };
  const count = klass.students.length;
  return (
    <fieldset
      className={
        error ? 'checkbox-group field field-invalid several-checklist' : 'checkbox-group field several-checklist'
      }
      aria-describedby={error ? errorId : undefined}
      disabled={disabled}
    >
      <legend>
        Students <span className="required-mark">(required)</span>
      </legend>
      <label className="checkbox several-whole">
        <input
          ref={whole}
          type="checkbox"
          checked={all}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(new Set(event.target.checked ? klass.students.map((s) => s.studentId) : []))}
        />
        Whole class ({count === 1 ? '1 student' : `${count} students`})
      </label>
      {klass.students.map((s) => (
        <label key={s.studentId} className="checkbox">
          <input
            type="checkbox"
            checked={chosen.has(s.studentId)}
            onChange={(event) => toggle(s.studentId, event.target.checked)}
          />
          <bdi>{studentLabel(s, klass.className, false)}</bdi>
        </label>
      ))}
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
