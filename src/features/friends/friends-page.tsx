/**
 * My friends, searchable. The search text stays in the page: it is a name,
 * and names never go into the URL.
 */
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import type { FriendProfile } from '../../../contract/users';
import { TextField } from '../../components/form-field';
import { PageHeading } from '../../components/page-heading';
import { EmptyState, QueryView } from '../../components/states';
import { friendQueries } from './api/friend-queries';
import { FriendCard } from './components/friend-card';

function matches(friend: FriendProfile, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [`${friend.firstName} ${friend.lastName}`, friend.handle, friend.displayDutyTitle ?? '', friend.jobTitle ?? '']
    .join(' ')
    .toLowerCase()
    .includes(needle);
}

export default function FriendsPage() {
  const friends = useQuery(friendQueries.mine());
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);

  return (
    <div className="page">
      <title>My friends · Trainer dashboard</title>
      <PageHeading>My friends</PageHeading>
      <QueryView
        query={friends}
        what="your friends"
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState title="You have no friends here yet">
            <p>Friends you connect with on the platform appear here.</p>
          </EmptyState>
        }
      >
        {(list) => {
          const shown = list.filter((friend) => matches(friend, deferred));
          return (
            <>
              <search className="search-bar">
                <TextField
                  id="friend-search"
                  type="search"
                  label="Search your friends"
                  value={search}
                  onChange={setSearch}
                />
                <p role="status" className="muted">
                  {shown.length === list.length
                    ? `${list.length} ${list.length === 1 ? 'friend' : 'friends'}`
                    : `${shown.length} of ${list.length} friends match`}
                </p>
              </search>
              {shown.length === 0 ? (
                <EmptyState title="No friend matches your search">
                  <p>Check the spelling, or clear the search to see everyone.</p>
                </EmptyState>
              ) : (
                <ul className="friend-grid">
                  {shown.map((friend) => (
                    <li key={friend.userId}>
                      <FriendCard friend={friend} />
                    </li>
                  ))}
                </ul>
              )}
            </>
          );
        }}
      </QueryView>
    </div>
  );
}
