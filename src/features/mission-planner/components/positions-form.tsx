/**
 * Step 1: describe the positions to fill (title, knowledge level, AFSC, how
 * many, exact match) and choose the plugin that derives their competencies.
 */
import { type FormEvent, useEffect, useRef } from 'react';
import { knowledgeLevels, type PlannerPlugin } from '../../../../contract/mission-planner';
import { describedBy, SelectField, TextField } from '../../../components/form-field';
import { newPosition, type PositionDraft, type PositionErrors } from '../planner-model';

interface PositionsFormProps {
  readonly positions: readonly PositionDraft[];
  readonly errors: readonly PositionErrors[];
  readonly onChange: (positions: PositionDraft[]) => void;
  readonly plugins: readonly PlannerPlugin[];
  /** The plugins offered are still loading: the form is there at once (nothing moves when they arrive). */
  readonly pluginsLoading?: boolean;
  readonly pluginId: string;
  readonly pluginError?: string | undefined;
  readonly onPluginChange: (pluginId: string) => void;
  readonly pending: boolean;
  readonly onSubmit: () => void;
  /** Counts refused submits: each one moves focus to the first field to fix. */
  readonly refusals: number;
}

const levelOptions = knowledgeLevels.map((level) => ({
  value: level,
  label: level[0]?.toUpperCase() + level.slice(1),
}));

export function PositionsForm({
  positions,
  errors,
  onChange,
  plugins,
  pluginsLoading = false,
  pluginId,
  pluginError,
  onPluginChange,
  pending,
  onSubmit,
  refusals,
}: PositionsFormProps) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (refusals > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  const update = (key: number, change: Partial<PositionDraft>) =>
    onChange(positions.map((p) => (p.key === key ? { ...p, ...change } : p)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending) onSubmit();
  };

  return (
    <form ref={form} className="form" onSubmit={submit} noValidate aria-label="Describe positions">
      {positions.map((position, index) => {
        const id = `position-${position.key}`;
        const error = errors[index] ?? {};
        const countError = error.count;
        return (
          <fieldset key={position.key} className="planner-position">
            <legend>Position {index + 1}</legend>
            <TextField
              id={`${id}-title`}
              label="Title"
              required
              value={position.title}
              error={error.title}
              onChange={(title) => update(position.key, { title })}
            />
            <SelectField
              id={`${id}-level`}
              label="Knowledge level"
              required
              value={position.knowledgeLevel}
              error={error.knowledgeLevel}
              options={levelOptions}
              emptyLabel="Choose a level"
              onChange={(value) => {
                const level = knowledgeLevels.find((l) => l === value);
                if (level) update(position.key, { knowledgeLevel: level });
              }}
            />
            <TextField
              id={`${id}-afsc`}
              label="AFSC"
              hint="Air Force Specialty Code, e.g. 3D0X2"
              required
              value={position.afsc}
              error={error.afsc}
              onChange={(afsc) => update(position.key, { afsc })}
            />
            <div className={countError ? 'field field-invalid' : 'field'}>
              <label htmlFor={`${id}-count`}>
                Number needed<span className="required-mark"> (required)</span>
              </label>
              <input
                id={`${id}-count`}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                value={position.count}
                aria-invalid={countError ? true : undefined}
                aria-describedby={describedBy(`${id}-count`, undefined, countError)}
                aria-required
                onChange={(event) => update(position.key, { count: event.target.value })}
              />
              {countError ? (
                <p className="field-error" id={`${id}-count-error`}>
                  {countError}
                </p>
              ) : null}
            </div>
            <div className="field">
              <label className="checkbox" htmlFor={`${id}-exact`}>
                <input
                  id={`${id}-exact`}
                  type="checkbox"
                  checked={position.exactMatch}
                  aria-describedby={`${id}-exact-hint`}
                  onChange={(event) => update(position.key, { exactMatch: event.target.checked })}
                />
                Exact match
              </label>
              <p className="field-hint" id={`${id}-exact-hint`}>
                Only this specialty’s competencies, without those of related specialties.
              </p>
            </div>
            {positions.length > 1 ? (
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={() => onChange(positions.filter((p) => p.key !== position.key))}
              >
                Remove position {index + 1}
              </button>
            ) : null}
          </fieldset>
        );
      })}
      <div className="actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => onChange([...positions, newPosition()])}
        >
          Add a position
        </button>
      </div>
      <SelectField
        id="planner-plugin"
        label="Plugin"
        hint="The AI plugin that derives competencies and searches candidates."
        required
        value={pluginId}
        error={pluginError}
        options={plugins.map((p) => ({ value: p.pluginId, label: p.name }))}
        emptyLabel={pluginsLoading ? 'Loading the plugins…' : 'Choose a plugin'}
        onChange={onPluginChange}
      />
      <div className="actions">
        <button type="submit" className="button" disabled={pending || pluginsLoading}>
          {pending ? 'Finding competencies…' : 'Find competencies'}
        </button>
      </div>
    </form>
  );
}
