/**
 * The one search box of the signed-in layout: a search landmark on every
 * page, "/" anywhere but in a field goes to it, and submitting opens
 * `/search?q=…` (the filters of a search already open stay). Wide, the field
 * is always there; on a narrow screen a "Search" button opens it below the
 * header (styles decide, as the navigation's menu does).
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { searchLimits } from '../../../../contract/search';
import '../search.css';

const SEARCH_PATH = '/search';

/** Whether a key press is typing somewhere, where "/" is a character and not a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest('input, textarea, select, [contenteditable="true"]') !== null;
}

export function SearchBox() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const onSearchPage = pathname === SEARCH_PATH;
  const current = onSearchPage ? (params.get('q') ?? '') : '';
  const [text, setText] = useState(current);
  const [shown, setShown] = useState(current);
  // The box follows the search shown (back, forward, a link), not the other way round.
  if (shown !== current) {
    setShown(current);
    setText(current);
  }
  const [open, setOpen] = useState(false);
  const [focusWanted, setFocusWanted] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const formId = useId();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      event.preventDefault();
      setOpen(true);
      setFocusWanted((n) => n + 1);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // After opening (a narrow screen shows the field only then), the field takes focus.
  useEffect(() => {
    if (focusWanted === 0) return;
    input.current?.focus();
    input.current?.select();
  }, [focusWanted]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (!q) {
      input.current?.focus();
      return;
    }
    const next = new URLSearchParams(onSearchPage ? params : undefined);
    next.set('q', q);
    setOpen(false);
    input.current?.blur();
    navigate(`${SEARCH_PATH}?${next.toString()}`);
  };

  return (
    <div className={open ? 'site-search is-open' : 'site-search'}>
      <button
        ref={toggle}
        type="button"
        className="site-search-toggle"
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => {
          setOpen(!open);
          if (!open) setFocusWanted((n) => n + 1);
        }}
      >
        <span aria-hidden="true" className="site-search-icon" />
        <span className="visually-hidden">Open the search</span>
      </button>
      <search id={formId} className="site-search-panel" aria-label="Comments and notes">
        <form
          onSubmit={submit}
          onKeyDown={(event) => {
            if (event.key !== 'Escape' || !open) return;
            setOpen(false);
            toggle.current?.focus();
          }}
        >
          <label htmlFor={`${formId}-q`} className="visually-hidden">
            Search comments and notes
          </label>
          <input
            ref={input}
            id={`${formId}-q`}
            type="search"
            value={text}
            maxLength={searchLimits.query}
            placeholder="Search comments and notes"
            aria-keyshortcuts="/"
            autoComplete="off"
            enterKeyHint="search"
            onChange={(event) => setText(event.target.value)}
          />
          <button type="submit" className="button site-search-go">
            Search
          </button>
        </form>
      </search>
    </div>
  );
}
