/**
 * An editable combobox with a list of choices that typing narrows: the ARIA
 * 1.2 "combobox with listbox popup" pattern (list autocomplete). Focus stays
 * in the text box; the option being looked at is `aria-activedescendant`.
 *
 * Keys: ArrowDown and ArrowUp open the list and move through it (around the
 * ends), Home and End go to the first and last choice while one is being
 * looked at (else they move the caret, as in any text box), Enter picks,
 * Escape closes the list and puts back the chosen value, or with the list
 * closed clears the box. Typing opens the list narrowed to what matches
 * (case and accents ignored, every word somewhere, parts of words too) with
 * the first match ready for Enter; how many match is said in a polite live
 * region. A tap on the box opens the whole list (touch), a tap on a choice
 * picks it, and a chosen value has a button to clear it.
 *
 * Generic: it knows items by key and shows them through the caller's
 * functions; the value is a key or null.
 *
 * Written here rather than taken from a library: Headless UI's Combobox
 * brings Floating UI, React Aria's focus and interaction packages and a
 * virtualizer with it, and downshift brings prop-types, react-is 18 (under
 * React 19) and a Babel runtime, for what is a text box, a list and a
 * handful of keys; neither announces the number of matches, which the
 * pattern needs here, so that part would be ours anyway.
 */
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { foldText, matchesWords, queryWords } from '../lib/text/folded-match';
import './combobox.css';

export interface ComboboxProps<T> {
  /** The text box's id, which the field's label points at. */
  readonly id: string;
  readonly items: readonly T[];
  readonly keyOf: (item: T) => string;
  /** What the box shows once the item is chosen (and what typing is matched against, unless `searchTextOf`). */
  readonly textOf: (item: T) => string;
  /** Everything typing may match: name, handle, rank, class… */
  readonly searchTextOf?: (item: T) => string;
  /** An item in the list; its text is the option's accessible name. Default: `textOf`. */
  readonly renderItem?: (item: T) => ReactNode;
  /** The chosen item's key, or null. */
  readonly value: string | null;
  readonly onChange: (key: string | null) => void;
  /** The list's accessible name ("Matching students"): not the field's label, which names the box. */
  readonly listLabel: string;
  /** The clear button's accessible name ("Clear the student"). */
  readonly clearLabel: string;
  /** Said in the live region while the list is open: "3 students match", "1 student matches". */
  readonly countMessage: (count: number) => string;
  /** Shown (and said) when nothing matches what was typed. */
  readonly noMatch: (typed: string) => string;
  readonly placeholder?: string;
  readonly required?: boolean;
  readonly invalid?: boolean;
  readonly describedBy?: string | undefined;
}

export function Combobox<T>({
  id,
  items,
  keyOf,
  textOf,
  searchTextOf = textOf,
  renderItem = textOf,
  value,
  onChange,
  listLabel,
  clearLabel,
  countMessage,
  noMatch,
  placeholder,
  required,
  invalid,
  describedBy,
}: ComboboxProps<T>) {
  const listId = `${id}-listbox`;
  const optionPrefix = `${useId()}-option`;
  const inputRef = useRef<HTMLInputElement>(null);
  /** What is being typed; null when the box shows the chosen value as it is. */
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  /** The option being looked at (index into `shown`), -1 for none. */
  const [active, setActive] = useState(-1);

  const haystacks = useMemo(() => items.map((item) => foldText(searchTextOf(item))), [items, searchTextOf]);
  const words = useMemo(() => queryWords(typed ?? ''), [typed]);
  const shown = useMemo(
    () => items.filter((_, index) => matchesWords(haystacks[index] ?? '', words)),
    [items, haystacks, words],
  );
  const chosen = value === null ? undefined : items.find((item) => keyOf(item) === value);
  const boxText = typed ?? (chosen ? textOf(chosen) : '');
  const activeItem = open && active >= 0 ? shown[active] : undefined;
  const optionId = (index: number) => `${optionPrefix}-${index}`;

  useEffect(() => {
    if (!open || active < 0) return;
    // jsdom has no scrollIntoView; browsers do.
    document.getElementById(`${optionPrefix}-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active, optionPrefix]);

  const choose = (item: T) => {
    onChange(keyOf(item));
    setTyped(null);
    setOpen(false);
    setActive(-1);
  };
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const openAt = (index: number) => {
    setOpen(true);
    setActive(index < 0 || shown.length === 0 ? -1 : Math.min(index, shown.length - 1));
  };
  const chosenIndex = chosen ? shown.indexOf(chosen) : -1;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = shown.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openAt(event.altKey ? -1 : chosenIndex >= 0 ? chosenIndex : 0);
        else if (shown.length > 0) setActive(active >= last ? 0 : active + 1);
        return;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openAt(chosenIndex >= 0 ? chosenIndex : last);
        else if (shown.length > 0) setActive(active <= 0 ? last : active - 1);
        return;
      case 'Home':
      case 'End':
        if (!open || active < 0) return;
        event.preventDefault();
        setActive(event.key === 'Home' ? 0 : last);
        return;
      case 'Enter':
        if (!open) return;
        // An open list takes Enter: it picks, and never sends the form.
        event.preventDefault();
        if (activeItem !== undefined) choose(activeItem);
        else close();
        return;
      case 'Escape':
        if (open) {
          event.preventDefault();
          close();
          setTyped(null);
        } else if (boxText) {
          event.preventDefault();
          setTyped(null);
          if (value !== null) onChange(null);
        }
        return;
      default:
        return;
    }
  };

  const count = shown.length;
  const announcement = !open ? '' : count === 0 ? noMatch(typed ?? '') : countMessage(count);

  return (
    <div className="combobox">
      <div className="combobox-box">
        <input
          ref={inputRef}
          id={id}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeItem !== undefined ? optionId(active) : undefined}
          aria-invalid={invalid || undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          value={boxText}
          onChange={(event) => {
            const text = event.target.value;
            setTyped(text);
            setOpen(true);
            // The first match is ready for Enter once something is typed.
            setActive(queryWords(text).length > 0 ? 0 : -1);
            if (!text.trim() && value !== null) onChange(null);
          }}
          onKeyDown={onKeyDown}
          // A tap opens the whole list (touch has no arrow keys); it never closes it, so moving the caret is safe.
          onClick={() => {
            if (!open) openAt(chosenIndex);
          }}
          onBlur={() => {
            close();
            setTyped(null);
          }}
        />
        {value !== null ? (
          <button
            type="button"
            className="combobox-clear"
            aria-label={clearLabel}
            onClick={() => {
              onChange(null);
              setTyped(null);
              inputRef.current?.focus();
            }}
          >
            <span aria-hidden="true">×</span>
          </button>
        ) : null}
      </div>
      {/* Pressing in the list must not take focus from the box, or it would close before the click picks. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: only keeps focus in the box; the options are the controls. */}
      <div className="combobox-popup" hidden={!open} onMouseDown={(event) => event.preventDefault()}>
        <div id={listId} role="listbox" aria-label={listLabel} hidden={count === 0}>
          {shown.map((item, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works in the text box (aria-activedescendant), as the pattern asks.
            <div
              key={keyOf(item)}
              id={optionId(index)}
              role="option"
              // Focus stays in the box (aria-activedescendant); -1 keeps the option out of the Tab order.
              tabIndex={-1}
              aria-selected={index === active}
              className={[
                'combobox-option',
                index === active ? 'combobox-option-active' : '',
                item === chosen ? 'combobox-option-chosen' : '',
              ]
                .filter(Boolean)
                .join(' ')}
              onClick={() => choose(item)}
            >
              {renderItem(item)}
            </div>
          ))}
        </div>
        {count === 0 ? <p className="combobox-empty">{noMatch(typed ?? '')}</p> : null}
      </div>
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
    </div>
  );
}
