import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type PlannerCandidatesResult, plannerCandidatesResultSchema } from '../../../../contract/mission-planner';
import { renderWithProviders } from '../../../test/render';
import { CandidateResults } from './candidate-results';

const asked = [
  {
    title: 'Cyber shift lead',
    competencies: [
      {
        competencyId: 'cmp-net',
        title: 'Network operations',
        minimumRequirement: 'basic',
        preferredRequirement: 'advanced',
      },
    ],
  },
] as const;

const answer = {
  pluginId: 'coach',
  name: 'Readiness Coach',
  status: 'ok',
  candidates: {
    positions: [
      {
        title: 'Cyber shift lead',
        readyCandidates: [{ candidateId: 'u-1', trainingGap: [] }],
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
        ],
      },
    ],
  },
  people: [
    { userId: 'u-1', displayName: 'SSgt Ann Archer', afsc: '3D072', dutyTitle: 'Shift lead' },
    { userId: 'u-2', displayName: 'A1C Ben Brook', afsc: '3D032', dutyTitle: '' },
  ],
  warnings: [
    {
      path: 'response.positions.0.readyCandidates.1.candidateId',
      message: 'is not a user of the orgs this plugin may access; the candidate was left out',
    },
  ],
};
const ok: PlannerCandidatesResult = plannerCandidatesResultSchema.parse(answer);

describe('CandidateResults', () => {
  it('shows ready and recommended candidates by name, with each gap and the actions that close it', () => {
    renderWithProviders(<CandidateResults results={[ok]} asked={asked} />);
    const ready = screen.getByRole('region', { name: 'Ready candidates' });
    expect(within(ready).getByRole('article', { name: 'SSgt Ann Archer' })).toHaveTextContent('No training gap');
    const recommended = screen.getByRole('region', { name: 'Recommended candidates' });
    const ben = within(recommended).getByRole('article', { name: 'A1C Ben Brook' });
    expect(ben).toHaveTextContent('Network operations — now no evidence, preferred advanced');
    expect(ben).toHaveTextContent('Courses: course-net');
    expect(ben).toHaveTextContent('Objectives: obj-1, obj-2');
  });

  it('says what the platform left out of the answer, where and why', () => {
    renderWithProviders(<CandidateResults results={[ok]} asked={asked} />);
    const notice = screen.getByText('The platform left out one part of Readiness Coach’s answer').parentElement;
    if (!notice) throw new Error('no notice');
    const item = within(notice).getByRole('listitem');
    expect(within(item).getByText('response.positions.0.readyCandidates.1.candidateId')).toBeInTheDocument();
    expect(item).toHaveTextContent('is not a user of the orgs this plugin may access');
  });

  it('says nothing was left out when nothing was', () => {
    const quiet = plannerCandidatesResultSchema.parse({ ...answer, warnings: [] });
    renderWithProviders(<CandidateResults results={[quiet]} asked={asked} />);
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
    renderWithProviders(<CandidateResults results={[failed, ok]} asked={asked} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Broken plugin answered in a shape the platform does not accept');
    expect(alert).toHaveTextContent('response.positions.0.title');
    expect(screen.getByRole('article', { name: 'SSgt Ann Archer' })).toBeInTheDocument();
  });
});
