/**
 * The demo university (SEED_DEMO): departments, one account per role plus extra observers and faculty, courses
 * with slots (some assigned). Only on a fresh database (no users yet): a production database is never touched.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { courseDepartments, courses, departments, slots, users } from '../db/schema.js';
import { hashPassword } from '../services/auth/password.js';
import { DEMO_ACCOUNTS, DEMO_COURSES, DEMO_DEPARTMENTS, DEMO_PASSWORD, DEMO_STAGED_ACCOUNTS, DEMO_STAGED_COURSES } from './demo-accounts.js';
import { seedDemoCycles } from './demo-cycles.js';

/** Hashing is deliberately slow; the demo accounts share one hash per process (tests re-seed often). */
let demoHash: Promise<string> | undefined;

/**
 * `observations`: also the staged Physics department (DEMO_STAGED_ACCOUNTS, DEMO_STAGED_COURSES) and its
 * observations at every stage (demo-cycles.ts), in the same transaction: all of it or nothing.
 */
export async function seedDemo(db: Db, domain: string, observations?: { dataDir: string }): Promise<boolean> {
  demoHash ??= hashPassword(DEMO_PASSWORD);
  const passwordHash = await demoHash;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(users);
    if (n > 0) return false;

    const deptRows = await tx
      .insert(departments)
      .values(DEMO_DEPARTMENTS.map((name) => ({ name })))
      .onConflictDoNothing()
      .returning();
    const allDepts = deptRows.length === DEMO_DEPARTMENTS.length ? deptRows : await tx.select().from(departments);
    const deptId = new Map(allDepts.map((d) => [d.name, d.id]));

    const accounts = observations ? [...DEMO_ACCOUNTS, ...DEMO_STAGED_ACCOUNTS] : DEMO_ACCOUNTS;
    const userRows = await tx
      .insert(users)
      .values(
        accounts.map((a) => ({
          name: a.name,
          email: `${a.local}@${domain}`.toLowerCase(),
          passwordHash,
          role: a.role,
          campus: 'Main_Campus',
          departmentId: a.department ? (deptId.get(a.department) ?? null) : null,
          phone: a.phone ?? null,
          dateOfBirth: a.dateOfBirth ?? null,
          designation: a.designation ?? null,
          institute: a.institute ?? null,
          degree: a.degree ?? null,
          starting: a.starting ?? null,
          ending: a.ending ?? null,
        })),
      )
      .returning({ id: users.id, email: users.email });
    const userId = new Map(userRows.map((u) => [u.email.split('@')[0], u.id]));

    for (const c of observations ? [...DEMO_COURSES, ...DEMO_STAGED_COURSES] : DEMO_COURSES) {
      const [course] = await tx
        .insert(courses)
        .values({
          courseCode: c.courseCode,
          name: c.name,
          credits: c.credits,
          campus: 'Main_Campus',
          isElective: c.isElective ?? false,
          isDepthElective: c.isDepthElective ?? false,
        })
        .returning({ id: courses.id });
      await tx.insert(courseDepartments).values(c.departments.map((d) => ({ courseId: course.id, departmentId: deptId.get(d)! })));
      await tx.insert(slots).values(
        c.slots.map((s) => ({
          courseId: course.id,
          sectionCode: s.sectionCode,
          day: s.day,
          time: s.time,
          location: s.location,
          facultyId: s.faculty ? (userId.get(s.faculty) ?? null) : null,
        })),
      );
    }
    if (observations) await seedDemoCycles(tx, domain, observations.dataDir);
    return true;
  });
}
