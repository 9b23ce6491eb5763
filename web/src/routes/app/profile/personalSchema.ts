import { z } from 'zod';
import { zProfileUpdate, zDateOfBirth, type Profile, type ProfileUpdate } from '@contract/users';

const s = zProfileUpdate.shape;

/** The personal-information form: first and last name and email required (spec §5 Profile edit). */
export const zPersonal = z.object({
  firstName: s.firstName.unwrap(),
  lastName: s.lastName.unwrap(),
  email: s.email.unwrap(),
  phone: s.phone.unwrap(),
  dateOfBirth: z.union([z.literal(''), zDateOfBirth]),
  country: s.country.unwrap(),
  address: s.address.unwrap(),
  city: s.city.unwrap(),
  state: s.state.unwrap(),
  zipcode: s.zipcode.unwrap(),
});
export type PersonalValues = z.input<typeof zPersonal>;

export function personalDefaults(p: Profile): PersonalValues {
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    phone: p.phone,
    dateOfBirth: p.dateOfBirth ?? '',
    country: p.country,
    address: p.address,
    city: p.city,
    state: p.state,
    zipcode: p.zipcode,
  };
}

/** Only what changed goes to the server (an unchanged email must not restart verification). */
export function personalPatch(values: z.output<typeof zPersonal>, p: Profile): ProfileUpdate {
  const before = personalDefaults(p);
  const patch: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value !== before[key as keyof PersonalValues]) patch[key] = value;
  }
  if (patch.dateOfBirth === '') delete patch.dateOfBirth;
  return patch as ProfileUpdate;
}
