/** One friend: picture, name, handle, the optional fields they have, and parent flags in words. */
import type { FriendProfile } from '../../../../contract/users';
import { Avatar } from '../../../components/avatar';

const optionalFields = [
  ['displayRank', 'Rank'],
  ['militaryGrade', 'Military grade'],
  ['civilianGrade', 'Civilian grade'],
  ['civilianBand', 'Civilian band'],
  ['displayDutyTitle', 'Duty title'],
  ['jobTitle', 'Job title'],
  ['jobSeriesNumber', 'Job series'],
  ['gender', 'Gender'],
] as const;

export function parentFlagText(friend: FriendProfile): string[] {
  return [
    friend.parentFlags.cameraDisabled ? 'Camera turned off by a parent' : 'Camera allowed',
    friend.parentFlags.proximityFriends ? 'Proximity friends allowed' : 'Proximity friends not allowed',
  ];
}

export function FriendCard({ friend }: { readonly friend: FriendProfile }) {
  const name = `${friend.firstName} ${friend.lastName}`;
  return (
    <article className="friend" aria-labelledby={`friend-${friend.userId}`}>
      <div className="friend-head">
        <Avatar pictureId={friend.profilePic} name={name} size="large" alt={`Picture of ${name}`} />
        <div>
          <h2 id={`friend-${friend.userId}`} className="friend-name">
            <bdi>{name}</bdi>
          </h2>
          <p className="handle">
            <bdi>{friend.handle}</bdi>
          </p>
        </div>
      </div>
      <dl className="meta">
        {optionalFields.map(([key, label]) => {
          const value = friend[key];
          return value ? (
            <div key={key}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ) : null;
        })}
        <div>
          <dt>Account</dt>
          <dd>{friend.accountType}</dd>
        </div>
        <div>
          <dt>Country</dt>
          <dd>{friend.country}</dd>
        </div>
      </dl>
      <ul className="flags" aria-label={`Parent settings for ${name}`}>
        {parentFlagText(friend).map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
    </article>
  );
}
