/** The Markdown report: each benchmark adds a section; `run.ts` writes them out in order. */

export interface Section {
  readonly title: string;
  readonly lines: string[];
  /** Targets this section checked, for the summary at the top. */
  readonly targets: { name: string; met: boolean; detail: string }[];
}

export function section(title: string): Section {
  return { title, lines: [], targets: [] };
}

export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export function target(s: Section, name: string, met: boolean, detail: string): void {
  s.targets.push({ name, met, detail });
}

export function render(sections: readonly Section[], meta: readonly string[]): string {
  const out: string[] = ['# Benchmark report', '', ...meta, ''];
  const targets = sections.flatMap((s) => s.targets.map((t) => ({ ...t, section: s.title })));
  if (targets.length > 0) {
    out.push('## Targets', '');
    out.push(
      table(
        ['benchmark', 'target', 'result', 'measured'],
        targets.map((t) => [t.section, t.name, t.met ? 'met' : '**missed**', t.detail]),
      ),
      '',
    );
  }
  for (const s of sections) out.push(`## ${s.title}`, '', ...s.lines, '');
  return `${out.join('\n').trimEnd()}\n`;
}
