/** Sandbox sign-in: the demo people grouped by role, one button each. */
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import type { SandboxUser } from '../../../../contract/sandbox';
import { TextField } from '../../../components/form-field';
import { EmptyState, LiveMessage, QueryView, SkeletonText } from '../../../components/states';
import { describeError } from '../../../lib/api/describe-error';
import { authQueries, useDemoSignIn } from '../api/auth-queries';

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function describeRoles(user: SandboxUser): string {
  const parts = [user.roles.join(', ')];
  if (user.teaches.length > 0) parts.push(`teaches ${plural(user.teaches.length, 'class', 'classes')}`);
  if (user.enrollments.length > 0) parts.push(`student in ${plural(user.enrollments.length, 'class', 'classes')}`);
  return parts.filter(Boolean).join(' · ');
}

function groupOf(user: SandboxUser): 'Trainers' | 'Students' | 'Other people' {
  if (user.teaches.length > 0) return 'Trainers';
  if (user.enrollments.length > 0) return 'Students';
  return 'Other people';
}

const groups = ['Trainers', 'Students', 'Other people'] as const;

function matches(user: SandboxUser, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return (
    !needle || `${user.firstName} ${user.lastName} ${user.handle} ${describeRoles(user)}`.toLowerCase().includes(needle)
  );
}

/**
 * While the demo people load: the search field and the first rows of the first
 * groups, the same size as the real ones, so the sign-in forms after the list
 * do not jump down when it arrives.
 */
function DemoUsersSkeleton() {
  return (
    <div role="status">
      <span className="visually-hidden">Loading the demo users…</span>
      <div className="field" aria-hidden="true">
        <SkeletonText width="30%" />
        <SkeletonText className="field-hint" width="40%" />
        <span className="skeleton-control" />
      </div>
      {[4, 4].map((rows, group) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder groups have no identity.
        <div key={group} className="demo-group" aria-hidden="true">
          <SkeletonText className="demo-group-title-skeleton" width="25%" />
          <ul className="demo-users">
            {Array.from({ length: rows }, (_, row) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity.
              <li key={row} className="demo-user">
                <div className="demo-user-who">
                  <SkeletonText className="person-name" width="9rem" />
                  <SkeletonText className="demo-user-roles" width="13rem" />
                </div>
                <span className="skeleton-button skeleton-button-small" />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

export function DemoUserList({ onSignedIn }: { readonly onSignedIn: (user: SandboxUser) => void }) {
  const users = useQuery(authQueries.demoUsers());
  const signIn = useDemoSignIn();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const problem = signIn.isError ? describeError(signIn.error, 'a session') : undefined;
  const failure = problem ? `${problem.title}. ${problem.detail}` : '';

  return (
    <>
      {users.isPending ? (
        <DemoUsersSkeleton />
      ) : (
        <QueryView
          query={users}
          what="the demo users"
          isEmpty={(list) => list.length === 0}
          empty={<EmptyState title="This sandbox has no demo users">Sign in with a token instead.</EmptyState>}
        >
          {(list) => (
            <>
              <TextField
                id="demo-user-search"
                type="search"
                label="Find a demo user"
                hint="By name, handle or role."
                value={search}
                onChange={setSearch}
              />
              {list.some((user) => matches(user, deferred)) ? null : (
                <EmptyState title="No demo user matches">
                  <p>Clear the search to see everyone.</p>
                </EmptyState>
              )}
              {groups.map((group) => {
                const members = list.filter((user) => groupOf(user) === group && matches(user, deferred));
                if (members.length === 0) return null;
                return (
                  <section key={group} aria-labelledby={`demo-group-${group}`} className="demo-group">
                    <h3 id={`demo-group-${group}`}>
                      {group} <span className="count">({members.length})</span>
                    </h3>
                    <ul className="demo-users">
                      {members.map((user) => (
                        <li key={user.userId} className="demo-user">
                          <div className="demo-user-who">
                            <p className="person-name">
                              <bdi>
                                {user.firstName} {user.lastName}
                              </bdi>
                            </p>
                            <p className="muted demo-user-roles">
                              <bdi>{user.handle}</bdi> · {describeRoles(user)}
                            </p>
                          </div>
                          <button
                            type="button"
                            className="button button-small"
                            disabled={signIn.isPending}
                            onClick={() => signIn.mutate(user.userId, { onSuccess: () => onSignedIn(user) })}
                          >
                            Sign in
                            <span className="visually-hidden">
                              {' '}
                              as {user.firstName} {user.lastName} ({user.handle})
                            </span>
                          </button>
                        </li>
                      ))}
                    </ul>
                  </section>
                );
              })}
            </>
          )}
        </QueryView>
      )}
      <LiveMessage message={failure} tone="error" />
    </>
  );
}
