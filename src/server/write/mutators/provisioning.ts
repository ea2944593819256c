/** Provisioning from CSV files: a whole file applied in the change's one transaction (services/provisioning). */
import { ImportApplied, ImportRequest } from '../../../shared/contract/provisioning.js';
import { applyImport } from '../../services/provisioning/index.js';
import { mutator, ok } from '../mutator.js';

export const PROVISIONING_MUTATORS = [
  mutator({
    method: 'POST',
    url: '/provisioning/:kind/apply',
    doc: {
      tag: 'admin',
      summary: 'Apply a CSV file of users, courses or assignments: all of it in one transaction, or nothing (400 naming the first error)',
      who: 'users: the roles that create users (HOD: own department); courses, assignments: Super_Admin, Admin, Head_of_Department (own department)',
      body: ImportRequest,
      response: ImportApplied,
    },
    names: [],
    input: (req) => ({ kind: req.params.kind!, body: ImportRequest.parse(req.body ?? {}) }),
    run: async (ctx, { kind, body }) => ok(await applyImport(ctx, kind, body.csv)),
  }),
];
