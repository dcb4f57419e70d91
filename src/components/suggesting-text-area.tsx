/**
 * A text area that offers wordings while one types: the list-autocomplete
 * part of the ARIA 1.2 combobox pattern, on a multi-line box. The box keeps
 * its own role (HTML allows no other on a textarea, and a textbox may not
 * carry aria-expanded), so it says what it offers with aria-autocomplete,
 * aria-controls and aria-activedescendant, and a polite live region says how
 * many suggestions there are as the list changes.
 *
 * Keys, while the list shows: ArrowDown and ArrowUp move through it (Up from
 * the first goes back to the text), Enter inserts the one being looked at,
 * Escape closes the list until the next keystroke. With no suggestion looked
 * at, Enter and the arrows do what they do in any text area. Focus stays in
 * the box; what is inserted is plain text there, to edit as one likes. The
 * list has the combobox's looks (combobox.css) but sits in the page's flow
 * under the box rather than over what follows: in a form, what follows is
 * who will read the text and the button that sends it, which a list over
 * them would hide and take the click of.
 */
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { describedBy } from './form-field';
import './combobox.css';
import './suggesting-text-area.css';

export interface Offered {
  readonly key: string;
  readonly text: string;
  /** Said after the text: "pinned", "used 3 times, this lesson". */
  readonly detail?: string;
}

interface SuggestingTextAreaProps {
  readonly id: string;
  readonly label: string;
  readonly hint?: ReactNode;
  readonly error?: string | undefined;
  readonly required?: boolean;
  readonly rows?: number;
  readonly maxLength?: number;
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** The suggestions for this text, best first. */
  readonly offered: readonly Offered[];
  /** The text once `chosen` is inserted. */
  readonly insert: (text: string, chosen: Offered) => string;
  /** The list's accessible name ("Your earlier words"). */
  readonly listLabel: string;
  /** Said while the list shows: "3 suggestions from your earlier words". */
  readonly countMessage: (count: number) => string;
  /** Below the box (the count of characters goes above it). */
  readonly children?: ReactNode;
  readonly onFocus?: () => void;
}

export function SuggestingTextArea({
  id,
  label,
  hint,
  error,
  required,
  rows = 4,
  maxLength,
  value,
  onChange,
  offered,
  insert,
  listLabel,
  countMessage,
  children,
  onFocus,
}: SuggestingTextAreaProps) {
  const listId = `${id}-suggestions`;
  const optionPrefix = `${useId()}-suggestion`;
  const boxRef = useRef<HTMLTextAreaElement>(null);
  const [focused, setFocused] = useState(false);
  /** Closed by Escape or by inserting, until the next keystroke. */
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(-1);
  /** Where the caret goes once an inserted text is in the box. */
  const caretAt = useRef<number | null>(null);

  const open = focused && !dismissed && offered.length > 0;
  const activeItem = open && active >= 0 ? offered[active] : undefined;
  const optionId = (index: number) => `${optionPrefix}-${index}`;

  useEffect(() => {
    if (caretAt.current === null || !boxRef.current) return;
    boxRef.current.setSelectionRange(caretAt.current, caretAt.current);
    caretAt.current = null;
  });
  useEffect(() => {
    if (!open || active < 0) return;
    document.getElementById(`${optionPrefix}-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active, optionPrefix]);

  const choose = (item: Offered) => {
    const next = insert(value, item);
    caretAt.current = next.length;
    onChange(next);
    setDismissed(true);
    setActive(-1);
    boxRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    const last = offered.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActive(active >= last ? 0 : active + 1);
        return;
      case 'ArrowUp':
        if (active < 0) return;
        event.preventDefault();
        setActive(active - 1);
        return;
      case 'Enter':
        if (activeItem === undefined || event.shiftKey) return;
        event.preventDefault();
        choose(activeItem);
        return;
      case 'Escape':
        // Closing the list is all Escape does here (not, say, closing a dialog around the form).
        event.preventDefault();
        event.stopPropagation();
        setDismissed(true);
        setActive(-1);
        return;
      default:
        return;
    }
  };

  const described = [describedBy(id, hint, error), `${id}-suggest-hint`].filter(Boolean).join(' ');

  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>
        {label}
        {required ? <span className="required-mark"> (required)</span> : null}
      </label>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <div className="combobox">
        <textarea
          ref={boxRef}
          id={id}
          value={value}
          rows={rows}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={described}
          aria-autocomplete="list"
          aria-controls={listId}
          aria-activedescendant={activeItem !== undefined ? optionId(active) : undefined}
          onChange={(event) => {
            onChange(event.target.value);
            setDismissed(false);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => {
            setFocused(true);
            onFocus?.();
          }}
          onBlur={() => {
            setFocused(false);
            setActive(-1);
          }}
        />
        {/* Pressing in the list must not take focus from the box, or it would close before the click inserts. */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: only keeps focus in the box; the options are the controls. */}
        <div className="combobox-popup suggestion-popup" hidden={!open} onMouseDown={(event) => event.preventDefault()}>
          <div id={listId} role="listbox" aria-label={listLabel}>
            {open
              ? offered.map((item, index) => (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works in the text area (aria-activedescendant).
                  <div
                    key={item.key}
                    id={optionId(index)}
                    role="option"
                    tabIndex={-1}
                    aria-selected={index === active}
                    className={
                      index === active
                        ? 'combobox-option suggestion combobox-option-active'
                        : 'combobox-option suggestion'
                    }
                    onClick={() => choose(item)}
                  >
                    <span className="suggestion-text">{item.text}</span>
                    {item.detail ? <span className="suggestion-detail"> ({item.detail})</span> : null}
                  </div>
                ))
              : null}
          </div>
        </div>
      </div>
      <p className="visually-hidden" id={`${id}-suggest-hint`}>
        Suggestions may appear below as you type: Down arrow goes through them, Enter inserts one, Escape closes them.
      </p>
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {open ? countMessage(offered.length) : ''}
      </div>
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      {maxLength ? (
        <p className={value.length > maxLength ? 'field-count field-count-over' : 'field-count'}>
          {value.length} / {maxLength} characters
        </p>
      ) : null}
      {children}
    </div>
  );
}
