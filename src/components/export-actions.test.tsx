/**
 * Printing and downloading what a page shows in part: the whole is read
 * first (said while it is), a failed read prints and downloads nothing and
 * offers to try again, and the sheet is on the page when the print starts;
 * the browser's own Print command puts it there too.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api/api-error';
import { ExportActions } from './export-actions';
import { PrintSheet, usePrintSheet } from './print-sheet';

function Page({ load, onDownload }: { load: () => Promise<string[]>; onDownload?: (rows: string[]) => string }) {
  const { sheet, print } = usePrintSheet<string[]>(['loaded on the page']);
  return (
    <>
      <ExportActions
        label="Hand over the list"
        what="the whole list"
        load={load}
        onPrint={print}
        onDownload={onDownload ?? ((rows) => `Downloaded ${rows.length} rows.`)}
      />
      {sheet ? (
        <PrintSheet label="Printed list">
          <ul>
            {sheet.data.map((row) => (
              <li key={row}>{row}</li>
            ))}
          </ul>
        </PrintSheet>
      ) : null}
    </>
  );
}

afterEach(() => vi.restoreAllMocks());

describe('ExportActions', () => {
  it('reads the whole list, then prints once with every row on the page', async () => {
    const user = userEvent.setup();
    let finish: (rows: string[]) => void = () => {};
    const load = vi.fn(() => new Promise<string[]>((resolve) => (finish = resolve)));
    const rowsWhenPrinted: string[][] = [];
    const print = vi.spyOn(window, 'print').mockImplementation(() => {
      rowsWhenPrinted.push(Array.from(document.querySelectorAll('.print-sheet li'), (li) => li.textContent ?? ''));
    });
    render(<Page load={load} />);
    const group = screen.getByRole('group', { name: 'Hand over the list' });
    await user.click(screen.getByRole('button', { name: 'Print / save as PDF' }));
    expect(screen.getByRole('status')).toHaveTextContent('Reading the whole list before printing…');
    expect(print).not.toHaveBeenCalled();
    // A second click while reading starts nothing more.
    await user.click(screen.getByRole('button', { name: 'Print / save as PDF' }));
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => finish(['one', 'two', 'three']));
    expect(print).toHaveBeenCalledTimes(1);
    expect(rowsWhenPrinted).toEqual([['one', 'two', 'three']]);
    expect(group).toBeInTheDocument();
    // After printing, the sheet leaves the page.
    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
    expect(document.querySelector('.print-sheet')).toBeNull();
  });

  it('says what failed, prints nothing, and tries again when asked', async () => {
    const user = userEvent.setup();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<string[]>>()
      .mockRejectedValueOnce(new ApiError({ status: 503, code: 'unavailable', message: 'Service busy' }))
      .mockResolvedValueOnce(['one']);
    render(<Page load={load} />);
    await user.click(screen.getByRole('button', { name: 'Print / save as PDF' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Nothing was printed.');
    expect(print).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('downloads what was read and says so', async () => {
    const user = userEvent.setup();
    const onDownload = vi.fn((rows: string[]) => `Downloaded ${rows.join('+')}.`);
    render(<Page load={async () => ['a', 'b']} onDownload={onDownload} />);
    await user.click(screen.getByRole('button', { name: 'Download (CSV)' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Downloaded a+b.');
    expect(onDownload).toHaveBeenCalledWith(['a', 'b']);
  });

  it('puts the sheet of what the page has read on the page for the browser’s own Print command', () => {
    render(<Page load={async () => []} />);
    expect(document.querySelector('.print-sheet')).toBeNull();
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    expect(document.querySelector('.print-sheet li')?.textContent).toBe('loaded on the page');
  });
});
