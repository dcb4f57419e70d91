/**
 * The target positions a class is measured against (title, knowledge level,
 * AFSC) and the plugin asked. Each target is checked with the contract's
 * position schema before anything is sent; refused, focus moves to the first
 * field to fix.
 */
import { type FormEvent, useEffect, useRef } from 'react';
import { knowledgeLevels, type PlannerPlugin } from '../../../../contract/mission-planner';
import { SelectField, TextField } from '../../../components/form-field';
import type { Target } from '../readiness-storage';

export interface TargetErrors {
  readonly title?: string;
  readonly afsc?: string;
}

const levelOptions = knowledgeLevels.map((level) => ({
  value: level,
  label: level[0]?.toUpperCase() + level.slice(1),
}));

interface TargetsFormProps {
  readonly targets: readonly Target[];
  readonly errors: readonly TargetErrors[];
  readonly onChange: (targets: Target[]) => void;
  readonly plugins: readonly PlannerPlugin[];
  readonly pluginId: string;
  readonly pluginError: string | undefined;
  readonly onPluginChange: (pluginId: string) => void;
  readonly defaultAfsc: string;
  readonly pending: boolean;
  readonly onSubmit: () => void;
  readonly refusals: number;
}

export function TargetsForm({
  targets,
  errors,
  onChange,
  plugins,
  pluginId,
  pluginError,
  onPluginChange,
  defaultAfsc,
  pending,
  onSubmit,
  refusals,
}: TargetsFormProps) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (refusals > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  const update = (index: number, change: Partial<Target>) =>
    onChange(targets.map((t, i) => (i === index ? { ...t, ...change } : t)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending) onSubmit();
  };

  return (
    <form ref={form} className="form" onSubmit={submit} noValidate aria-label="Target positions">
      {targets.map((target, index) => {
        const id = `target-${index}`;
        const error = errors[index] ?? {};
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: targets are edited in place and removed from the end.
          <fieldset key={index} className="readiness-target">
            <legend>Position {index + 1}</legend>
            <TextField
              id={`${id}-title`}
              label="Title"
              required
              value={target.title}
              error={error.title}
              onChange={(title) => update(index, { title })}
            />
            <SelectField
              id={`${id}-level`}
              label="Knowledge level"
              required
              value={target.knowledgeLevel}
              options={levelOptions}
              emptyLabel="Choose a level"
              onChange={(level) => {
                const knowledgeLevel = knowledgeLevels.find((l) => l === level);
                if (knowledgeLevel) update(index, { knowledgeLevel });
              }}
            />
            <TextField
              id={`${id}-afsc`}
              label="AFSC"
              required
              hint={defaultAfsc ? `Most of this class holds ${defaultAfsc}.` : undefined}
              value={target.afsc}
              error={error.afsc}
              onChange={(afsc) => update(index, { afsc })}
            />
          </fieldset>
        );
      })}
      <div className="actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => onChange([...targets, { title: '', knowledgeLevel: 'journeyman', afsc: defaultAfsc }])}
        >
          Add a position
        </button>
        {targets.length > 1 ? (
          <button type="button" className="button button-secondary" onClick={() => onChange(targets.slice(0, -1))}>
            Remove the last position
          </button>
        ) : null}
      </div>
      <SelectField
        id="readiness-plugin"
        label="Plugin"
        required
        value={pluginId}
        error={pluginError}
        options={plugins.map((p) => ({ value: p.pluginId, label: p.name }))}
        emptyLabel={plugins.length === 0 ? 'No plugin offered' : 'Choose a plugin'}
        onChange={onPluginChange}
      />
      <div className="actions">
        <button type="submit" className="button" aria-disabled={pending}>
          {pending ? 'Checking readiness…' : 'Check readiness'}
        </button>
      </div>
    </form>
  );
}
