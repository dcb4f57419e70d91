/**
 * The filters in force, above the results they narrow: one button each,
 * named by what it filters and its value in words ("Student Ada Lovelace"),
 * that removes it. Removing moves focus to the next chip, or to the list's
 * heading when none is left, so the keyboard is never dropped on the page.
 */
import { useRef } from 'react';

export interface FilterChip {
  /** The filter's key (in the URL). */
  readonly key: string;
  /** What it filters, e.g. "Student". */
  readonly label: string;
  /** Its value in words, e.g. a name. */
  readonly value: string;
}

export function FilterChips({
  chips,
  onRemove,
  afterLast,
}: {
  readonly chips: readonly FilterChip[];
  readonly onRemove: (key: string) => void;
  /** Where focus goes when the last chip is removed (the results' heading). */
  readonly afterLast?: () => HTMLElement | null;
}) {
  const list = useRef<HTMLUListElement>(null);
  if (chips.length === 0) return null;
  const remove = (index: number, key: string) => {
    const buttons = [...(list.current?.querySelectorAll('button') ?? [])];
    const next = buttons[index + 1] ?? buttons[index - 1];
    onRemove(key);
    if (next) next.focus();
    else {
      const target = afterLast?.();
      if (target) {
        target.tabIndex = -1;
        target.focus();
      }
    }
  };
  return (
    <ul ref={list} className="filter-chips" aria-label="Filters in use">
      {chips.map((chip, index) => (
        <li key={chip.key}>
          <button
            type="button"
            className="filter-chip"
            aria-label={`Remove filter: ${chip.label} ${chip.value}`}
            onClick={() => remove(index, chip.key)}
          >
            {chip.label}: <bdi>{chip.value}</bdi> <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
