/** Every field of the full profile that has a value, labelled and worded as a person would say them. */
import type { FullProfile } from '../../../../contract/users';
import {
  accountInWords,
  countryName,
  type DetailRow,
  fieldLabels,
  filledRows,
  trainingInWords,
} from '../../../lib/people/profile-words';

export function profileDetails(profile: FullProfile): DetailRow[] {
  return filledRows([
    [fieldLabels.displayRank, profile.displayRank],
    [fieldLabels.militaryGrade, profile.militaryGrade],
    [fieldLabels.civilianGrade, profile.civilianGrade],
    [fieldLabels.civilianBand, profile.civilianBand],
    [fieldLabels.displayDutyTitle, profile.displayDutyTitle],
    [fieldLabels.jobTitle, profile.jobTitle],
    [fieldLabels.jobSeriesNumber, profile.jobSeriesNumber],
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
