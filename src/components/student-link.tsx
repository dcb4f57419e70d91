/** A student's name as a link to their whole record (`/students/:userId`); the URL holds only the userId. */
import { Link } from 'react-router-dom';
import { useHereAsOrigin } from '../lib/url/came-from';

export function studentPath(userId: string): string {
  return `/students/${encodeURIComponent(userId)}`;
}

export function StudentLink({ userId, name }: { readonly userId: string; readonly name: string }) {
  // The record's "Back to …" returns here, filters and all.
  const state = useHereAsOrigin();
  return (
    <Link to={studentPath(userId)} state={state} className="student-link">
      <bdi>{name}</bdi>
    </Link>
  );
}
