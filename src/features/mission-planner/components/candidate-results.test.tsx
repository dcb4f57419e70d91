import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  type CandidatePosition,
  type PlannerCandidatesResult,
  plannerCandidatesResultSchema,
} from '../../../../contract/mission-planner';
import { renderWithProviders } from '../../../test/render';
import type { PlanNames } from '../api/plan-names';
import { initialPlannerState, plannerReducer } from '../planner-model';
import { CandidateResults, type PlanPicks } from './candidate-results';

const asked: CandidatePosition[] = [
  {
    title: 'Cyber shift lead',
    count: 2,
    competencies: [
      {
        competencyId: 'cmp-net',
        title: 'Network operations',
        minimumRequirement: 'basic',
        preferredRequirement: 'advanced',
      },
    ],
  },
];

const answer = {
  pluginId: 'coach',
  name: 'Readiness Coach',
  status: 'ok',
  candidates: {
    positions: [
      {
        title: 'Cyber shift lead',
        readyCandidates: [
          {
            candidateId: 'u-1',
            trainingGap: [],
            reason:
              'Ready: meets every minimum. Network operations: advanced (AFSC 3D072: advanced; 2 badges) | Routing: basic',
          },
        ],
        recommendedCandidates: [
          {
            candidateId: 'u-2',
            trainingGap: [
              {
                competencyId: 'cmp-net',
                currentLevel: null,
                recommendedAction: [
                  { type: 'course', objectIds: ['course-net'] },
                  { type: 'objective', objectIds: ['obj-1', 'obj-2'] },
                ],
              },
            ],
          },
          { candidateId: 'u-3', trainingGap: [] },
        ],
      },
    ],
  },
  people: [
    { userId: 'u-1', displayName: 'SSgt Ann Archer', afsc: '3D072', dutyTitle: 'Shift lead', inYourClasses: true },
    { userId: 'u-2', displayName: 'A1C Ben Brook', afsc: '3D032', dutyTitle: '', inYourClasses: true },
    // A civilian of another trainer's class: no AFSC, no record this trainer can open.
    { userId: 'u-3', displayName: 'Cy Cole', afsc: '', dutyTitle: 'IT specialist', inYourClasses: false },
  ],
  warnings: [
    {
      path: 'response.positions.0.readyCandidates.1.candidateId',
      message: 'is not a user of the orgs this plugin may access; the candidate was left out',
    },
  ],
};
const ok: PlannerCandidatesResult = plannerCandidatesResultSchema.parse(answer);

/** Names as the names service gives them: the course and the first objective, not the second. */
function namesFrom(result: PlannerCandidatesResult, pending = false): PlanNames {
  const people = new Map(result.status === 'ok' ? result.people.map((p) => [p.userId, p]) : []);
  const courses = new Map([['course-net', 'Network Defense Fundamentals']]);
  const objectives = new Map([['obj-1', 'Apply Packet Capture and Firewall Rules']]);
  return {
    person: (id) => people.get(id),
    course: (id) => courses.get(id),
    objective: (id) => objectives.get(id),
    pending,
    failed: false,
  };
}

const noPicks: PlanPicks = {
  shortlist: [],
  slots: [],
  onShortlist: () => {},
  onAssign: () => {},
  onUnassign: () => {},
};

/** The results with picks held by the planner's own reducer, as the page holds them. */
function Planned({ result }: { readonly result: PlannerCandidatesResult }) {
  const [state, setState] = useState(() =>
    plannerReducer(
      plannerReducer(initialPlannerState('coach'), { type: 'candidatesAsked', positions: asked, errors: [{}] }),
      { type: 'candidatesAnswered', results: [result] },
    ),
  );
  const act = (action: Parameters<typeof plannerReducer>[1]) => setState((current) => plannerReducer(current, action));
  return (
    <CandidateResults
      results={[result]}
      asked={state.asked}
      afscs={['3D0X2']}
      names={namesFrom(result)}
      picks={{
        shortlist: state.shortlist,
        slots: state.slots,
        onShortlist: (position, userId) => act({ type: 'shortlistToggled', position, userId }),
        onAssign: (position, userId) => act({ type: 'slotAssigned', position, userId }),
        onUnassign: (position, userId) => act({ type: 'slotCleared', position, userId }),
      }}
    />
  );
}

describe('CandidateResults', () => {
  it('sums up each position, with its candidates folded until asked for', async () => {
    const { user } = renderWithProviders(
      <CandidateResults results={[ok]} asked={asked} afscs={['3D0X2']} names={namesFrom(ok)} picks={noPicks} />,
    );
    const position = screen.getByRole('region', { name: 'Cyber shift lead' });
    expect(within(position).getByText('2 needed · 1 ready · 2 trainable')).toBeVisible();
    expect(within(position).getByText('0 of 2 slots filled · 0 shortlisted')).toBeVisible();
    const ready = within(position).getByRole('region', { name: 'Ready candidates' });
    expect(within(ready).getByRole('article', { name: 'SSgt Ann Archer', hidden: true })).not.toBeVisible();
    await user.click(within(ready).getByText('Ready candidates'));
    expect(within(ready).getByRole('article', { name: 'SSgt Ann Archer' })).toBeVisible();
  });

  it('links each candidate to their record and reads the plugin’s reason as a list', async () => {
    const { user } = renderWithProviders(
      <CandidateResults results={[ok]} asked={asked} afscs={['3D0X2']} names={namesFrom(ok)} picks={noPicks} />,
    );
    const ready = screen.getByRole('region', { name: 'Ready candidates' });
    await user.click(within(ready).getByText('Ready candidates'));
    const ann = within(ready).getByRole('article', { name: 'SSgt Ann Archer' });
    expect(within(ann).getByRole('link', { name: 'SSgt Ann Archer' })).toHaveAttribute('href', '/students/u-1');
    await user.click(within(ann).getByText('Why the plugin placed them here'));
    const why = within(ann).getByText('Why the plugin placed them here').closest('details');
    if (!why) throw new Error('no reason');
    const reasons = within(why)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(reasons).toEqual([
      'Ready: meets every minimum.',
      'Network operations: advanced (AFSC 3D072: advanced; 2 badges)',
      'Routing: basic',
    ]);
  });

  it('names a candidate outside the trainer’s classes without a link to a record, and flags an AFSC not recorded', async () => {
    const { user } = renderWithProviders(
      <CandidateResults results={[ok]} asked={asked} afscs={['3D0X2']} names={namesFrom(ok)} picks={noPicks} />,
    );
    const trainable = screen.getByRole('region', { name: 'Trainable candidates' });
    await user.click(within(trainable).getByText('Trainable candidates'));
    const cy = within(trainable).getByRole('article', { name: 'Cy Cole' });
    expect(within(cy).getByRole('heading', { level: 5 })).toHaveTextContent('Cy Cole · not in your classes');
    expect(within(cy).queryByRole('link')).not.toBeInTheDocument();
    expect(cy).toHaveTextContent('AFSC not recorded: the position asks for 3D0X2');
    // Of the trainer's own students, one of the position's specialty: a link, no flag.
    const ben = within(trainable).getByRole('article', { name: 'A1C Ben Brook' });
    expect(within(ben).getByRole('link', { name: 'A1C Ben Brook' })).toHaveAttribute('href', '/students/u-2');
    expect(ben).not.toHaveTextContent(/AFSC .*(not recorded|differs)/);
  });

  it('flags a candidate whose AFSC is another specialty than the position names', async () => {
    const { user } = renderWithProviders(
      <CandidateResults results={[ok]} asked={asked} afscs={['3D1X2']} names={namesFrom(ok)} picks={noPicks} />,
    );
    const ready = screen.getByRole('region', { name: 'Ready candidates' });
    await user.click(within(ready).getByText('Ready candidates'));
    expect(within(ready).getByRole('article', { name: 'SSgt Ann Archer' })).toHaveTextContent(
      'AFSC 3D072 differs from the position’s 3D1X2',
    );
  });

  it('explains Ready by each competency, its required and preferred levels and the plugin’s answer', async () => {
    const { user } = renderWithProviders(
      <CandidateResults results={[ok]} asked={asked} afscs={['3D0X2']} names={namesFrom(ok)} picks={noPicks} />,
    );
    const ready = screen.getByRole('region', { name: 'Ready candidates' });
    await user.click(within(ready).getByText('Ready candidates'));
    const ann = within(ready).getByRole('article', { name: 'SSgt Ann Archer' });
    const lines = within(within(ann).getByRole('list', { name: 'Competencies' })).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      'Network operations: required basic, preferred advanced; the plugin answered no training gap',
    ]);
  });

  it('names the courses and objectives that close a gap, with the ids only behind a toggle', async () => {
    const { user } = renderWithProviders(
      <CandidateResults results={[ok]} asked={asked} afscs={['3D0X2']} names={namesFrom(ok)} picks={noPicks} />,
    );
    const trainable = screen.getByRole('region', { name: 'Trainable candidates' });
    await user.click(within(trainable).getByText('Trainable candidates'));
    const ben = within(trainable).getByRole('article', { name: 'A1C Ben Brook' });
    expect(ben).toHaveTextContent('Network operations — now no evidence, preferred advanced');
    expect(within(ben).getByText('Courses: Network Defense Fundamentals')).toBeVisible();
    expect(
      within(ben).getByText('Objectives: Apply Packet Capture and Firewall Rules, 1 not named in the catalogue'),
    ).toBeVisible();
    expect(within(ben).getByText('course-net')).not.toBeVisible();
    await user.click(within(ben).getByText('Ids'));
    expect(within(ben).getByText('course-net')).toBeVisible();
    expect(within(ben).getByText('obj-1, obj-2')).toBeVisible();
  });

  it('says names are loading rather than showing ids while they are asked for', async () => {
    const { user } = renderWithProviders(
      <CandidateResults
        results={[ok]}
        asked={asked}
        afscs={['3D0X2']}
        names={{ ...namesFrom(ok, true), person: () => undefined, course: () => undefined }}
        picks={noPicks}
      />,
    );
    const trainable = screen.getByRole('region', { name: 'Trainable candidates' });
    await user.click(within(trainable).getByText('Trainable candidates'));
    const cards = within(trainable).getAllByRole('article', { name: 'Loading the name…' });
    expect(cards).toHaveLength(2);
    expect(within(cards[0] as HTMLElement).getByText('Courses: 1 loading…')).toBeVisible();
  });

  it('shortlists a candidate and assigns people to the position’s slots, never more than it needs', async () => {
    const { user } = renderWithProviders(<Planned result={ok} />);
    const position = screen.getByRole('region', { name: 'Cyber shift lead' });
    const trainable = within(position).getByRole('region', { name: 'Trainable candidates' });
    await user.click(within(trainable).getByText('Trainable candidates'));
    const ben = within(trainable).getByRole('article', { name: 'A1C Ben Brook' });
    const shortlistBen = within(ben).getByRole('button', { name: 'Shortlist A1C Ben Brook' });
    expect(shortlistBen).toHaveAttribute('aria-pressed', 'false');
    await user.click(shortlistBen);
    expect(shortlistBen).toHaveAttribute('aria-pressed', 'true');
    const shortlist = within(position).getByRole('region', { name: 'Shortlist' });
    expect(within(shortlist).getByRole('link', { name: 'A1C Ben Brook' })).toHaveAttribute('href', '/students/u-2');

    await user.click(within(ben).getByRole('button', { name: 'Assign to a slot (A1C Ben Brook)' }));
    const cy = within(trainable).getByRole('article', { name: 'Cy Cole' });
    await user.click(within(cy).getByRole('button', { name: 'Assign to a slot (Cy Cole)' }));
    const slots = within(position).getByRole('region', { name: 'Slots' });
    expect(
      within(slots)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Slot 1: A1C Ben BrookRemove from slot 1', 'Slot 2: Cy Cole · not in your classesRemove from slot 2']);
    expect(within(position).getByText('2 of 2 slots filled · 1 shortlisted')).toBeVisible();
    // Both slots are taken: nobody else is offered one.
    const ready = within(position).getByRole('region', { name: 'Ready candidates' });
    await user.click(within(ready).getByText('Ready candidates'));
    const ann = within(ready).getByRole('article', { name: 'SSgt Ann Archer' });
    expect(within(ann).queryByRole('button', { name: /Assign to a slot/ })).not.toBeInTheDocument();
    expect(ann).toHaveTextContent('Every slot is filled');

    await user.click(within(slots).getByRole('button', { name: 'Remove from slot 1 (A1C Ben Brook)' }));
    expect(
      within(slots)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Slot 1: Cy Cole · not in your classesRemove from slot 1']);
    expect(within(ann).getByRole('button', { name: 'Assign to a slot (SSgt Ann Archer)' })).toBeEnabled();
  });

  it('says what the platform left out of the answer, where and why', () => {
    renderWithProviders(
      <CandidateResults results={[ok]} asked={asked} afscs={['3D0X2']} names={namesFrom(ok)} picks={noPicks} />,
    );
    const notice = screen.getByText('The platform left out one part of Readiness Coach’s answer').parentElement;
    if (!notice) throw new Error('no notice');
    const item = within(notice).getByRole('listitem');
    expect(within(item).getByText('response.positions.0.readyCandidates.1.candidateId')).toBeInTheDocument();
    expect(item).toHaveTextContent('is not a user of the orgs this plugin may access');
  });

  it('says nothing was left out when nothing was', () => {
    const quiet = plannerCandidatesResultSchema.parse({ ...answer, warnings: [] });
    renderWithProviders(
      <CandidateResults results={[quiet]} asked={asked} afscs={['3D0X2']} names={namesFrom(quiet)} picks={noPicks} />,
    );
    expect(screen.queryByText(/left out/)).not.toBeInTheDocument();
  });

  it('shows a plugin’s failure with what went wrong and where, next to the answers of the others', () => {
    const failed = plannerCandidatesResultSchema.parse({
      pluginId: 'broken',
      name: 'Broken plugin',
      status: 'failed',
      failure: {
        code: 'invalid_response',
        message: 'The plugin’s answer does not have the shape of the interface',
        issues: [{ path: 'response.positions.0.title', message: 'Invalid input' }],
      },
    });
    renderWithProviders(
      <CandidateResults results={[failed, ok]} asked={asked} afscs={['3D0X2']} names={namesFrom(ok)} picks={noPicks} />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Broken plugin answered in a shape the platform does not accept');
    expect(alert).toHaveTextContent('response.positions.0.title');
    expect(screen.getByRole('article', { name: 'SSgt Ann Archer', hidden: true })).toBeInTheDocument();
  });
});
