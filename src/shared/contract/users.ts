import { z } from 'zod';
import { MSG } from '../messages.js';
import { Campus, Role } from './enums.js';
import { Department, NullableText } from './common.js';
import { LIST_MAX, TEXT_MAX } from '../constants.js';
import { intId, text } from './text.js';

/** A slot as carried on a user (the faculty's course slots). */
export const UserSlot = z.object({
  id: z.string(),
  courseId: z.string(),
  course: z.object({ id: z.string(), courseCode: z.string(), name: z.string() }).nullable(),
  sectionCode: z.string(),
  day: z.string(),
  time: z.string(),
  location: z.string(),
});
export type UserSlot = z.infer<typeof UserSlot>;

/** The user object of SPEC §3. Never carries password material. `token` only in the login answer. */
export const User = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: Role,
  campus: z.string(),
  department: Department.nullable(),
  phone: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  designation: z.string().nullable(),
  avatar: z.string().nullable(),
  institute: z.string().nullable(),
  degree: z.string().nullable(),
  starting: z.string().nullable(),
  ending: z.string().nullable(),
  /** Ids of observations this faculty member is in. */
  facultyObs: z.array(z.string()).default([]),
  courseSlots: z.array(UserSlot).default([]),
  /** When the account was deactivated (offboarding); null or absent while active. Full view only. */
  deactivatedAt: z.string().nullable().optional(),
  token: z.string().optional(),
});
export type User = z.infer<typeof User>;

/** POST /auth/login. Empty strings pass here and get the SPEC §5 message from loginError. */
export const LoginRequest = z.object({
  email: text(TEXT_MAX.email),
  password: text(TEXT_MAX.password),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/**
 * POST /auth/create. campus and department come from the creator (Super_Admin may name a department). Without
 * `password` the new user is invited: an email carries a link to set their own password (POST
 * /auth/accept-invitation); API clients may still send `password` (and `confirmPassword`) as before.
 */
export const CreateUserRequest = z.object({
  id: z.uuid().optional(),
  name: text(TEXT_MAX.name).trim().optional().default(''),
  email: text(TEXT_MAX.email).trim().optional().default(''),
  password: text(TEXT_MAX.password).optional().default(''),
  confirmPassword: text(TEXT_MAX.password).optional(),
  role: z.union([Role, z.literal('Select'), z.literal('')]).optional().default(''),
  campus: Campus.optional(),
  department: intId().optional(),
  course: text(TEXT_MAX.id).optional(),
  /** Slot ids for a Faculty user (SPEC §7 calls them courses). */
  courses: z.array(text(TEXT_MAX.id)).max(LIST_MAX.slots).optional().default([]),
});
export type CreateUserRequest = z.input<typeof CreateUserRequest>;

/** POST /auth/accept-invitation: the token from the invitation link and the password the new user chose. */
export const AcceptInvitationRequest = z.object({
  token: text(TEXT_MAX.id).optional().default(''),
  password: text(TEXT_MAX.password).optional().default(''),
  confirmPassword: text(TEXT_MAX.password).optional(),
});
export type AcceptInvitationRequest = z.input<typeof AcceptInvitationRequest>;

export const ResetPasswordRequest = z.object({
  email: text(TEXT_MAX.email).optional(),
  oldPassword: text(TEXT_MAX.password).optional().default(''),
  newPassword: text(TEXT_MAX.password).optional().default(''),
  confirmPassword: text(TEXT_MAX.password).optional(),
});
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequest>;

/** PUT /user/update/{id}: only the editable fields of SPEC §2 (empty sent as null). */
export const ProfileUpdate = z
  .strictObject({
    phone: NullableText,
    dateOfBirth: NullableText,
    designation: NullableText,
    institute: NullableText,
    degree: NullableText,
    starting: NullableText,
    ending: NullableText,
  })
  .superRefine((v, ctx) => {
    const problem = degreeDatesError(v.starting, v.ending);
    if (problem) ctx.addIssue({ code: 'custom', path: ['ending'], message: problem });
  });

/**
 * Degree dates are a year ("2009", older profiles and the demo seed) or a day ("2009-06-30"). The end may not
 * precede the start; when either is year-only only the years are compared. Missing values never conflict.
 */
export function degreeDatesError(starting: string | null | undefined, ending: string | null | undefined): string | null {
  const s = starting?.trim();
  const e = ending?.trim();
  if (!s || !e) return null;
  const yearOnly = /^\d{4}$/.test(s) || /^\d{4}$/.test(e);
  const [a, b] = yearOnly ? [s.slice(0, 4), e.slice(0, 4)] : [s.slice(0, 10), e.slice(0, 10)];
  return b < a ? MSG.degreeEndBeforeStart : null;
}
export type ProfileUpdate = z.input<typeof ProfileUpdate>;
export const PROFILE_FIELDS = ['phone', 'dateOfBirth', 'designation', 'institute', 'degree', 'starting', 'ending'] as const;

/**
 * PUT /user/avatar: registers a finished tus upload (its id, or its `/api/files/<id>` URL) as the caller's
 * profile picture. The answer's `avatar` is the picture's URL (GET /avatar/{key}), also the user document's.
 */
export const AvatarRequest = z.object({
  uploadId: z.string().max(200).optional(),
  fileURL: z.string().max(2000).optional(),
});
export type AvatarRequest = z.input<typeof AvatarRequest>;
export const AvatarResponse = z.object({ message: z.string(), avatar: z.string() });
export type AvatarResponse = z.infer<typeof AvatarResponse>;
