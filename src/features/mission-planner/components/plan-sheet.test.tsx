/** The printed plan's header: the day it was printed, where the reader is, and which plugin found the candidates. */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PlanNames } from '../api/plan-names';
import { PlanSheet } from './plan-sheet';

const noNames: PlanNames = {
  person: () => undefined,
  course: () => undefined,
  objective: () => undefined,
  pending: false,
  failed: false,
};

describe('PlanSheet', () => {
  it("says the day it was printed in the reader's zone and the plugin that found the candidates", () => {
    render(
      <PlanSheet
        pluginName="Readiness planner"
        asked={[]}
        afscs={[]}
        results={[]}
        shortlist={[]}
        slots={[]}
        names={noNames}
        printedOn={new Date(2026, 10, 24, 23, 45)}
      />,
    );
    expect(screen.getByText(/candidates found by/)).toHaveTextContent(
      '24 Nov 2026 · candidates found by Readiness planner',
    );
  });
});
