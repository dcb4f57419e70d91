/** The found words marked: ranges become <mark> around text, and the text stays text (markup in it is shown). */
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { matchesIn, searchWords } from '../../../../contract/search';
import { MarkedText, markRanges } from './marked-text';

function marked(container: HTMLElement): string[] {
  return Array.from(container.querySelectorAll('mark'), (mark) => mark.textContent ?? '');
}

describe('MarkedText', () => {
  it('marks each range and keeps the rest as plain text', () => {
    const text = 'Safety first: a safety brief.';
    const { container } = render(
      <p>
        <MarkedText
          text={text}
          matches={[
            { start: 0, end: 6 },
            { start: 16, end: 22 },
          ]}
        />
      </p>,
    );
    expect(marked(container)).toEqual(['Safety', 'safety']);
    expect(container.textContent).toBe(text);
  });

  it('shows markup in the text literally, marked or not, and never parses it', () => {
    const text = '<b>safety</b> and <img src=x onerror=alert(1)>';
    const { container } = render(
      <p>
        <MarkedText text={text} matches={matchesIn(text, searchWords('safety'))} />
      </p>,
    );
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(marked(container)).toEqual(['safety']);
    expect(container.textContent).toBe(text);
  });

  it('joins overlapping ranges and cuts ranges to the text', () => {
    expect(
      markRanges(10, [
        { start: 6, end: 20 },
        { start: 0, end: 3 },
        { start: 2, end: 4 },
        { start: 5, end: 5 },
      ]),
    ).toEqual([
      { start: 0, end: 4 },
      { start: 6, end: 10 },
    ]);
  });

  it('marks words after characters outside the basic plane where the ranges say (UTF-16 units)', () => {
    const text = '👍 Señor safety';
    const { container } = render(
      <p>
        <MarkedText text={text} matches={matchesIn(text, searchWords('senor'))} />
      </p>,
    );
    expect(marked(container)).toEqual(['Señor']);
  });
});
