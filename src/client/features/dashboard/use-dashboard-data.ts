/** Live replica reads for the dashboard; `undefined` fields mean "still loading". */
import { useLiveQuery } from 'dexie-react-hooks';
import type { Course } from '../../../shared/contract/courses.js';
import type { Observation } from '../../../shared/contract/observations.js';
import type { User } from '../../../shared/contract/users.js';
import { getDb } from '../../sync/index.js';

export interface DashboardData {
  users: User[] | undefined;
  observations: Observation[] | undefined;
  courses: Course[] | undefined;
}

export function useDashboardData(): DashboardData {
  const users = useLiveQuery(() => getDb().users.toArray() as unknown as Promise<User[]>, []);
  const observations = useLiveQuery(() => getDb().observations.toArray() as unknown as Promise<Observation[]>, []);
  const courses = useLiveQuery(() => getDb().courses.toArray() as unknown as Promise<Course[]>, []);
  return { users, observations, courses };
}
