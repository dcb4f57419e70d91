import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAfterPaint } from './after-paint';

function Shown({ value }: { readonly value: string }) {
  return <p>{useAfterPaint(value)}</p>;
}

/** A frame, then a task after it: by then the browser has painted what the frame rendered. */
const afterPaint = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));

describe('useAfterPaint', () => {
  it('gives the first value at once, and a new one only once the render that brought it is painted', async () => {
    const { rerender } = render(<Shown value="first" />);
    expect(screen.getByText('first')).toBeInTheDocument();

    rerender(<Shown value="second" />);
    // The render that brings the new value still shows the old one: the screen it comes with goes first.
    expect(screen.getByText('first')).toBeInTheDocument();
    await afterPaint();
    expect(screen.getByText('second')).toBeInTheDocument();
  });

  it('gives only the latest of values that come before a paint', async () => {
    const { rerender } = render(<Shown value="first" />);
    rerender(<Shown value="second" />);
    rerender(<Shown value="third" />);
    await afterPaint();
    expect(screen.getByText('third')).toBeInTheDocument();
    await afterPaint();
    expect(screen.getByText('third')).toBeInTheDocument();
  });
});
