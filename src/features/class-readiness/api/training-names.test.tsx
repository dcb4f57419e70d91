import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlannerNames } from '../../../../contract/mission-planner';
import { nextTask } from '../../../lib/tasks/next-task';
import { signInSandboxTrainer } from '../../../test/sign-in';
import { trainingKey } from '../readiness-model';
import { useTrainingNames } from './training-names';

const course = trainingKey('course', 'crs-cyber');
const objective = trainingKey('objective', 'obj-1');
const keys = [course, objective];

function answering(names: Omit<PlannerNames, 'people'>) {
  const fetchMock = vi.fn(async (url: string) => {
    const kind = new URL(url, window.location.origin).searchParams.has('courseIds') ? 'courses' : 'objectives';
    return new Response(JSON.stringify({ people: [], courses: [], objectives: [], [kind]: names[kind] }), {
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function withClient() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { readonly children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

describe('the names of the recommended training', () => {
  beforeEach(signInSandboxTrainer);
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('names each course and objective the service names, and changes its namer when they come', async () => {
    answering({
      courses: [{ courseId: 'crs-cyber', name: 'Cyber defense' }],
      objectives: [{ objectiveId: 'obj-1', name: 'Harden a host' }],
    });
    const { result } = renderHook(() => useTrainingNames('plugin-1', keys), withClient());
    const before = result.current.name;
    expect(before(course)).toBeUndefined();

    await waitFor(() => expect(result.current.name(course)).toBe('Cyber defense'));
    await waitFor(() => expect(result.current.name(objective)).toBe('Harden a host'));
    expect(result.current.name).not.toBe(before);
  });

  it('keeps the same namer while the requests run and when their answers name nothing, so the rows need not re-render', async () => {
    const fetchMock = answering({ courses: [], objectives: [] });
    const namers = new Set<unknown>();
    const { client, wrapper } = withClient();
    const { result } = renderHook(
      () => {
        const names = useTrainingNames('plugin-1', keys);
        namers.add(names.name);
        return names;
      },
      { wrapper },
    );

    // Both requests made and answered, and what they changed rendered.
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(client.isFetching()).toBe(0));
    // React Query tells its observers in a task of its own: two tasks on, the answers are rendered.
    await act(async () => {
      await nextTask();
      await nextTask();
    });
    expect(result.current.name(course)).toBeUndefined();
    expect(result.current.failed).toBe(false);
    expect(namers.size).toBe(1);
  });
});
