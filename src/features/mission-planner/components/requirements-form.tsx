/**
 * Step 2: each position's competencies as the plugin suggested them, with the
 * preferred level it gave; the trainer includes or leaves out competencies
 * (additional ones too) and sets the minimum and preferred requirement.
 */
import { type FormEvent, useEffect, useRef } from 'react';
import { type CompetencyLevel, competencyLevels } from '../../../../contract/mission-planner';
import type { PositionRequirements, RequirementErrors, RequirementRow } from '../planner-model';

interface RequirementsFormProps {
  readonly requirements: readonly PositionRequirements[];
  readonly errors: readonly RequirementErrors[];
  readonly onChange: (requirements: PositionRequirements[]) => void;
  readonly pending: boolean;
  readonly onSubmit: () => void;
  /** Counts refused submits: each one moves focus to the first requirement to fix. */
  readonly refusals: number;
}

const toLevel = (value: string): CompetencyLevel => competencyLevels.find((l) => l === value) ?? 'basic';

function LevelSelect({
  id,
  label,
  value,
  disabled,
  invalid,
  errorId,
  onChange,
}: {
  readonly id: string;
  readonly label: string;
  readonly value: CompetencyLevel;
  readonly disabled: boolean;
  readonly invalid: boolean;
  readonly errorId: string;
  readonly onChange: (level: CompetencyLevel) => void;
}) {
  return (
    <select
      id={id}
      aria-label={label}
      value={value}
      disabled={disabled}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? errorId : undefined}
      onChange={(event) => onChange(toLevel(event.target.value))}
    >
      {competencyLevels.map((level) => (
        <option key={level} value={level}>
          {level}
        </option>
      ))}
    </select>
  );
}

function RequirementTable({
  caption,
  rows,
  positionIndex,
  errors,
  onRow,
}: {
  readonly caption: string;
  readonly rows: readonly RequirementRow[];
  readonly positionIndex: number;
  readonly errors: RequirementErrors;
  readonly onRow: (competencyId: string, change: Partial<RequirementRow>) => void;
}) {
  if (rows.length === 0) return null;
  return (
    <table className="planner-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Include</th>
          <th scope="col">Competency</th>
          <th scope="col">Levels</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const id = `req-${positionIndex}-${row.competencyId}`;
          const error = errors[row.competencyId];
          return (
            <tr key={row.competencyId}>
              <td>
                <input
                  id={`${id}-include`}
                  type="checkbox"
                  checked={row.included}
                  aria-label={`Include ${row.title}`}
                  onChange={(event) => onRow(row.competencyId, { included: event.target.checked })}
                />
              </td>
              <th scope="row">
                {row.title}
                {error ? (
                  <span className="field-error planner-row-error" id={`${id}-error`}>
                    {' '}
                    {error}
                  </span>
                ) : null}
              </th>
              <td>
                {/* Both levels in one cell, side by side or one above the other: the table fits a phone. */}
                <div className="planner-levels">
                  <label className="planner-level" htmlFor={`${id}-minimum`}>
                    <span>Minimum</span>
                    <LevelSelect
                      id={`${id}-minimum`}
                      label={`Minimum level of ${row.title}`}
                      value={row.minimum}
                      disabled={!row.included}
                      invalid={Boolean(error)}
                      errorId={`${id}-error`}
                      onChange={(minimum) => onRow(row.competencyId, { minimum })}
                    />
                  </label>
                  <label className="planner-level" htmlFor={`${id}-preferred`}>
                    <span>Preferred</span>
                    <LevelSelect
                      id={`${id}-preferred`}
                      label={`Preferred level of ${row.title}`}
                      value={row.preferred}
                      disabled={!row.included}
                      invalid={Boolean(error)}
                      errorId={`${id}-error`}
                      onChange={(preferred) => onRow(row.competencyId, { preferred })}
                    />
                  </label>
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function RequirementsForm({
  requirements,
  errors,
  onChange,
  pending,
  onSubmit,
  refusals,
}: RequirementsFormProps) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (refusals > 0)
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"], input[type="checkbox"]')?.focus();
  }, [refusals]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending) onSubmit();
  };
  const updateRow = (positionIndex: number, competencyId: string, change: Partial<RequirementRow>) =>
    onChange(
      requirements.map((position, index) =>
        index === positionIndex
          ? {
              ...position,
              rows: position.rows.map((row) => (row.competencyId === competencyId ? { ...row, ...change } : row)),
            }
          : position,
      ),
    );

  return (
    <form ref={form} className="form" onSubmit={submit} noValidate aria-label="Set requirements">
      {requirements.map((position, index) => {
        const positionErrors = errors[index] ?? {};
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: positions are fixed once their competencies are found.
          <section key={index} aria-labelledby={`req-${index}-heading`} className="planner-requirements">
            <h3 id={`req-${index}-heading`}>
              {position.title} <span className="muted">({position.count} needed)</span>
            </h3>
            {positionErrors[''] ? (
              <p className="field-error" role="alert">
                {positionErrors['']}
              </p>
            ) : null}
            <RequirementTable
              caption="Competencies the plugin suggests"
              rows={position.rows.filter((row) => row.suggested)}
              positionIndex={index}
              errors={positionErrors}
              onRow={(id, change) => updateRow(index, id, change)}
            />
            <RequirementTable
              caption="Additional competencies"
              rows={position.rows.filter((row) => !row.suggested)}
              positionIndex={index}
              errors={positionErrors}
              onRow={(id, change) => updateRow(index, id, change)}
            />
          </section>
        );
      })}
      <div className="actions">
        <button type="submit" className="button" disabled={pending}>
          {pending ? 'Searching candidates…' : 'Search candidates'}
        </button>
      </div>
    </form>
  );
}
