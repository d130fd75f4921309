// The caps of the profile form's fields, without zod: the settings page in the browser shows them.

export const PROFILE_LIMITS = { firstName: 50, lastName: 50, bio: 500, location: 100 } as const;
