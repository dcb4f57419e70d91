/** My profile: cover photo, picture, name, handle and every field that has a value. Shown, never stored. */
import { useQuery } from '@tanstack/react-query';
import { PageHeading } from '../../components/page-heading';
import { QueryView } from '../../components/states';
import { profileQueries } from './api/profile-queries';
import { PasswordSection } from './components/password-section';
import { ProfileDetails } from './components/profile-details';
import { CoverPhoto, ProfilePicture } from './components/profile-images';

export default function ProfilePage() {
  const profile = useQuery(profileQueries.me());
  return (
    <div className="page page-narrow">
      <title>My profile · Trainer dashboard</title>
      <PageHeading>My profile</PageHeading>
      <QueryView query={profile} what="your profile" skeletonRows={4}>
        {(me) => {
          const name = `${me.firstName} ${me.lastName}`.trim();
          const initials = `${me.firstName.charAt(0)}${me.lastName.charAt(0)}`.toUpperCase() || '?';
          // The password section arrives with the profile: below the profile's skeleton, it was pushed off a
          // phone's screen when the (taller) profile replaced it (a layout shift of 0.22).
          return (
            <>
              <article className="profile panel" aria-labelledby="profile-name">
                <CoverPhoto />
                <div className="profile-identity">
                  <ProfilePicture initials={initials} />
                  <div>
                    <h2 id="profile-name" className="profile-name">
                      {name ? <bdi>{name}</bdi> : 'Anonymous profile'}
                    </h2>
                    <p className="handle">
                      <bdi>{me.handle}</bdi>
                    </p>
                  </div>
                </div>
                <h3>Details</h3>
                <ProfileDetails profile={me} />
              </article>
              <PasswordSection />
            </>
          );
        }}
      </QueryView>
    </div>
  );
}
