/** Every field of the full profile that has a value, labelled and worded as a person would say them. */
import type { FullProfile } from '../../../../contract/users';
import {
  accountInWords,
  countryName,
  type DetailRow,
  fieldLabels,
  filledRows,
  trainingInWords,
  workRows,
} from '../../../lib/people/profile-words';

export function profileDetails(profile: FullProfile): DetailRow[] {
  return filledRows([
    ...workRows(profile),
    [fieldLabels.afsc, profile.organizationRoles.afsc],
    [fieldLabels.training, trainingInWords(profile)],
    [fieldLabels.email, profile.email],
    [fieldLabels.gender, profile.gender],
    [fieldLabels.country, countryName(profile.country)],
    [fieldLabels.account, accountInWords(profile.accountType, profile.userType)],
  ]);
}

export function ProfileDetails({ profile }: { readonly profile: FullProfile }) {
  return (
    <dl className="details">
      {profileDetails(profile).map((row) => (
        <div key={row.label}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
