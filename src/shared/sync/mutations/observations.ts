/** Mutations of the observation cycle (issue 4). */
export const OBSERVATION_MUTATIONS = {} as const;
