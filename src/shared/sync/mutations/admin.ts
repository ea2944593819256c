/** Mutations of administration: users, courses, plans, email templates, prompts (issue 5). */
export const ADMIN_MUTATIONS = {} as const;
