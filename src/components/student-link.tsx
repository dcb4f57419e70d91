/** A student's name as a link to their whole record (`/students/:userId`); the URL holds only the userId. */
import { Link } from 'react-router-dom';

export function studentPath(userId: string): string {
  return `/students/${encodeURIComponent(userId)}`;
}

export function StudentLink({ userId, name }: { readonly userId: string; readonly name: string }) {
  return (
    <Link to={studentPath(userId)} className="student-link">
      <bdi>{name}</bdi>
    </Link>
  );
}
