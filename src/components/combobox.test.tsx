import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { Combobox } from './combobox';

interface Person {
  readonly id: string;
  readonly name: string;
  readonly handle: string;
}

const people: readonly Person[] = [
  { id: 'p1', name: 'Oliver Hughes', handle: '@ohughes' },
  { id: 'p2', name: 'Zoë Adams', handle: '@zadams' },
  { id: 'p3', name: 'Oliver Hughes', handle: '@oliverh' },
  { id: 'p4', name: 'Sam Patel', handle: '@spatel' },
  { id: 'p5', name: 'Lea Müller', handle: '@lmueller' },
];

function Picker({ onChange, onSubmit }: { onChange: (key: string | null) => void; onSubmit: () => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <label htmlFor="who">Person</label>
      <Combobox
        id="who"
        items={people}
        keyOf={(p) => p.id}
        textOf={(p) => `${p.name} (${p.handle})`}
        value={value}
        onChange={(key) => {
          setValue(key);
          onChange(key);
        }}
        listLabel="Matching people"
        clearLabel="Clear the person"
        countMessage={(n) => (n === 1 ? '1 person matches.' : `${n} people match.`)}
        noMatch={(typed) => `Nobody matches “${typed}”.`}
      />
    </form>
  );
}

function setup() {
  const onChange = vi.fn();
  const onSubmit = vi.fn();
  const rendered = renderWithProviders(<Picker onChange={onChange} onSubmit={onSubmit} />);
  const box = screen.getByRole('combobox', { name: 'Person' });
  const live = () => rendered.container.querySelector('[aria-live="polite"]');
  return { ...rendered, onChange, onSubmit, box, live };
}

const optionNames = () => screen.queryAllByRole('option').map((option) => option.textContent);
const activeOption = (box: HTMLElement) => {
  const id = box.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
};

describe('Combobox', () => {
  it('opens with ArrowDown, moves with the arrows around the ends and with Home and End, and picks with Enter', async () => {
    const { user, box, onChange, onSubmit } = setup();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    const listId = box.getAttribute('aria-controls');

    await user.click(box);
    // A tap opens the whole list, nothing yet looked at.
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('listbox', { name: 'Matching people' })).toHaveAttribute('id', listId);
    expect(optionNames()).toHaveLength(5);
    expect(box).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}');
    expect(activeOption(box)).toHaveTextContent('Oliver Hughes (@ohughes)');
    expect(activeOption(box)).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(activeOption(box)).toHaveTextContent('Lea Müller (@lmueller)');
    await user.keyboard('{ArrowDown}');
    expect(activeOption(box)).toHaveTextContent('Oliver Hughes (@ohughes)');
    await user.keyboard('{End}');
    expect(activeOption(box)).toHaveTextContent('Lea Müller (@lmueller)');
    await user.keyboard('{Home}');
    await user.keyboard('{ArrowDown}');
    expect(activeOption(box)).toHaveTextContent('Zoë Adams (@zadams)');
    expect(screen.getAllByRole('option', { selected: true })).toHaveLength(1);

    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('p2');
    expect(box).toHaveValue('Zoë Adams (@zadams)');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(onSubmit).not.toHaveBeenCalled();

    // Opened again, the list starts at the chosen one.
    await user.keyboard('{ArrowDown}');
    expect(activeOption(box)).toHaveTextContent('Zoë Adams (@zadams)');
  });

  it('narrows as one types, ignoring case and accents, with parts of words, and says how many match', async () => {
    const { user, box, live, onChange, onSubmit } = setup();
    await user.type(box, 'ZOE');
    expect(optionNames()).toEqual(['Zoë Adams (@zadams)']);
    expect(live()).toHaveTextContent('1 person matches.');
    // The first match is ready for Enter, which picks it and does not send the form.
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('p2');
    expect(onSubmit).not.toHaveBeenCalled();

    // An accent inside a word too.
    await user.clear(box);
    await user.type(box, 'MULL');
    expect(optionNames()).toEqual(['Lea Müller (@lmueller)']);

    await user.clear(box);
    await user.type(box, 'hugh oli');
    expect(optionNames()).toEqual(['Oliver Hughes (@ohughes)', 'Oliver Hughes (@oliverh)']);
    expect(live()).toHaveTextContent('2 people match.');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('p3');
    expect(box).toHaveValue('Oliver Hughes (@oliverh)');

    await user.clear(box);
    expect(onChange).toHaveBeenLastCalledWith(null);
    await user.type(box, 'nobody here');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('Nobody matches “nobody here”.', { selector: 'p' })).toBeVisible();
    expect(live()).toHaveTextContent('Nobody matches “nobody here”.');
    await user.keyboard('{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes with Escape and puts back the chosen value; Escape again clears it', async () => {
    const { user, box, onChange, live } = setup();
    await user.type(box, 'sam');
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('Sam Patel (@spatel)');

    await user.type(box, 'xyz');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('Sam Patel (@spatel)');
    expect(live()).toHaveTextContent('');
    expect(onChange).toHaveBeenLastCalledWith('p4');

    await user.keyboard('{Escape}');
    expect(box).toHaveValue('');
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('picks by a tap on a choice, and a chosen value is cleared with its button, focus back in the box', async () => {
    const { user, box, onChange } = setup();
    await user.click(box);
    await user.click(screen.getByRole('option', { name: 'Oliver Hughes (@oliverh)' }));
    expect(onChange).toHaveBeenLastCalledWith('p3');
    expect(box).toHaveValue('Oliver Hughes (@oliverh)');
    expect(box).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Clear the person' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Clear the person' })).not.toBeInTheDocument();
  });

  it('leaving the box closes the list and shows the chosen value again', async () => {
    const { user, box } = setup();
    await user.type(box, 'sam');
    await user.keyboard('{Enter}');
    await user.type(box, ' extra');
    await user.tab();
    expect(box).toHaveValue('Sam Patel (@spatel)');
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });
});
