/**
 * `/`: where a signed-in person lands follows who they are — a trainer on the
 * student comments, anyone else on their profile.
 */
import { Navigate } from 'react-router-dom';
import { Skeleton } from '../components/states';
import { useAccess } from '../lib/access/use-access';

export default function Landing() {
  const state = useAccess();
  if (state.status === 'pending') {
    return (
      <div className="page">
        <Skeleton label="your dashboard" rows={2} />
      </div>
    );
  }
  const trainer = state.status === 'ready' && state.access.trainer;
  return <Navigate to={trainer ? '/comments' : '/profile'} replace />;
}
