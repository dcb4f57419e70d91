/** Every field of the full profile that has a value, labelled for people. */
import type { FullProfile } from '../../../../contract/users';

export function profileDetails(profile: FullProfile): { label: string; value: string }[] {
  const rows: [string, string][] = [
    ['Rank', profile.displayRank],
    ['Military grade', profile.militaryGrade],
    ['Civilian grade', profile.civilianGrade],
    ['Civilian band', profile.civilianBand],
    ['Duty title', profile.displayDutyTitle],
    ['Job title', profile.jobTitle],
    ['Job series', profile.jobSeriesNumber],
    ['AFSC', profile.organizationRoles.afsc],
    ['Email', profile.email],
    ['Gender', profile.gender],
    ['Country', profile.country],
    ['Account type', profile.accountType],
    ['User type', profile.userType],
  ];
  return rows.filter(([, value]) => value.trim() !== '').map(([label, value]) => ({ label, value }));
}

export function ProfileDetails({ profile }: { readonly profile: FullProfile }) {
  const rows = profileDetails(profile);
  return (
    <dl className="details">
      {rows.map((row) => (
        <div key={row.label}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
      <div>
        <dt>Trainer</dt>
        <dd>{profile.trainer ? 'Yes' : 'No'}</dd>
      </div>
      <div>
        <dt>Trainee</dt>
        <dd>{profile.trainee ? 'Yes' : 'No'}</dd>
      </div>
    </dl>
  );
}
