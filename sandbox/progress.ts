/**
 * Progress of long work on a terminal: rows done, rate and time left. On a
 * TTY one line is rewritten in place (at most ten times a second); otherwise
 * (a pipe, a CI log) a plain line is written at each tenth of the work, so a
 * log holds a few lines rather than thousands.
 */

export interface ProgressOptions {
  readonly label: string;
  /** Whether the output is a terminal (a line rewritten in place) or not (plain lines). */
  readonly tty: boolean;
  readonly write: (text: string) => void;
  /** Milliseconds; `performance.now` unless given. */
  readonly now?: () => number;
}

export interface Progress {
  update(done: number, total: number): void;
  /** Ends the line on a terminal. */
  finish(): void;
}

const count = (n: number) => Math.round(n).toLocaleString('en-US');

function duration(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(seconds < 10 ? 1 : 0)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${Math.round(seconds - minutes * 60)} s`;
}

export function progressReporter(options: ProgressOptions): Progress {
  const now = options.now ?? (() => performance.now());
  const started = now();
  let lastDraw = Number.NEGATIVE_INFINITY;
  let lastTenth = 0;
  let drawn = false;

  const line = (done: number, total: number): string => {
    const elapsed = now() - started;
    const rate = elapsed > 0 ? (done / elapsed) * 1000 : 0;
    const percent = total > 0 ? Math.floor((done / total) * 100) : 100;
    const left =
      done >= total
        ? `done in ${duration(elapsed)}`
        : rate > 0
          ? `about ${duration(((total - done) / rate) * 1000)} left`
          : 'time left unknown';
    return `${options.label}: ${count(done)} of ${count(total)} (${percent}%), ${count(rate)} rows/s, ${left}`;
  };

  return {
    update(done, total) {
      if (options.tty) {
        const at = now();
        if (done < total && at - lastDraw < 100) return;
        lastDraw = at;
        drawn = true;
        options.write(`\r\x1b[2K${line(done, total)}`);
        return;
      }
      const tenth = total > 0 ? Math.floor((done / total) * 10) : 10;
      if (tenth <= lastTenth) return;
      lastTenth = tenth;
      options.write(`${line(done, total)}\n`);
    },
    finish() {
      if (options.tty && drawn) options.write('\n');
      drawn = false;
    },
  };
}
