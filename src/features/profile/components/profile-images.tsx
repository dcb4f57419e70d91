/** Cover photo and profile picture; a placeholder where the platform has none (404). */
import { useQuery } from '@tanstack/react-query';
import { profileQueries } from '../api/profile-queries';

export function CoverPhoto() {
  const cover = useQuery(profileQueries.cover());
  if (cover.isPending) return <div className="cover cover-loading" aria-hidden="true" />;
  if (cover.data) return <img className="cover" src={cover.data} alt="Your profile cover" width={1280} height={192} />;
  return (
    <div className="cover cover-placeholder">
      <span>{cover.isError ? 'The cover photo could not be loaded.' : 'No cover photo'}</span>
    </div>
  );
}

export function ProfilePicture({ initials }: { readonly initials: string }) {
  const picture = useQuery(profileQueries.picture());
  if (picture.data)
    return (
      <img
        className="avatar avatar-xlarge profile-picture"
        src={picture.data}
        alt="Your avatar"
        width={112}
        height={112}
      />
    );
  return (
    <span
      className="avatar avatar-xlarge avatar-placeholder profile-picture"
      role="img"
      aria-label={picture.isPending ? 'Loading your avatar' : 'No avatar'}
    >
      {initials}
    </span>
  );
}
