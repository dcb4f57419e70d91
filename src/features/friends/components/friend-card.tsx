/** One friend: picture, name, handle, the optional fields they have in a person's words, and parent flags in words. */
import type { FriendProfile } from '../../../../contract/users';
import { Avatar } from '../../../components/avatar';
import {
  accountInWords,
  countryName,
  type DetailRow,
  fieldLabels,
  filledRows,
  workRows,
} from '../../../lib/people/profile-words';

/** The fields a friend has (some are present on some friends only), empty ones left out. */
export function friendDetails(friend: FriendProfile): DetailRow[] {
  return filledRows([
    ...workRows(friend),
    [fieldLabels.gender, friend.gender],
    [fieldLabels.account, accountInWords(friend.accountType, friend.userType)],
    [fieldLabels.country, countryName(friend.country)],
  ]);
}

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
        {friendDetails(friend).map((row) => (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      <ul className="flags" aria-label={`Parent settings for ${name}`}>
        {parentFlagText(friend).map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
    </article>
  );
}
