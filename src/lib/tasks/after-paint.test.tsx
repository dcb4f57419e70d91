import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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

  it('keeps the latest value: what an earlier value scheduled does not come back after it', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    try {
      const { rerender } = render(<Shown value="first" />);
      rerender(<Shown value="second" />);
      act(() => vi.advanceTimersByTime(100));
      expect(screen.getByText('second')).toBeInTheDocument();
      rerender(<Shown value="third" />);
      act(() => vi.advanceTimersByTime(100));
      expect(screen.getByText('third')).toBeInTheDocument();
      // 550 ms after "second" came: past its wait for a frame (a background tab's), it is not given again.
      act(() => vi.advanceTimersByTime(350));
      expect(screen.getByText('third')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives a new value without a frame when none comes, as in a background tab', async () => {
    const frames = vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    try {
      const { rerender } = render(<Shown value="first" />);
      rerender(<Shown value="second" />);
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(screen.getByText('first')).toBeInTheDocument();
      expect(await screen.findByText('second', undefined, { timeout: 2000 })).toBeInTheDocument();
    } finally {
      frames.mockRestore();
    }
  });
});
