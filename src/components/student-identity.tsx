/**
 * Who a listed student is, at a glance: picture, name (a link to the whole
 * record) and handle, so two people of the same name are told apart
 * wherever students are listed. `children` adds what a list knows beyond
 * that (rank, classes).
 */
import type { ReactNode } from 'react';
import { Avatar } from './avatar';
import { StudentLink } from './student-link';
import './student-identity.css';

interface StudentIdentityProps {
  readonly userId: string;
  readonly name: string;
  readonly handle: string;
  readonly pictureId: string | null;
  readonly children?: ReactNode;
}

export function StudentIdentity({ userId, name, handle, pictureId, children }: StudentIdentityProps) {
  return (
    <div className="student-identity">
      <Avatar pictureId={pictureId} name={name} size="small" />
      <div className="student-identity-text">
        <p className="card-title">
          <StudentLink userId={userId} name={name} />
        </p>
        <p className="student-identity-detail">
          <bdi>{handle}</bdi>
          {children}
        </p>
      </div>
    </div>
  );
}
