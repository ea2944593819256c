/** Building rubrics: create or import, save a draft, publish, copy, retire, delete a draft, a department's default (services/rubrics/). */
import { z } from 'zod';
import { INT32_MAX } from '../../../shared/constants.js';
import { MessageBody } from '../../../shared/contract/common.js';
import { RubricCreateRequest, RubricDefaultRequest, RubricVersion } from '../../../shared/contract/rubrics.js';
import { RubricDefinition } from '../../../shared/rubric-definition.js';
import { notFound } from '../../services/errors.js';
import { createRubric, deleteDraft, newDraft, publishVersion, retireVersion, saveDraft, setDepartmentDefault } from '../../services/rubrics/builder.js';
import { created, mutator, ok } from '../mutator.js';

const WHO = 'Super_Admin and Admin (institution rubrics); a Head_of_Department (their department’s)';

/** A department id in the path: a whole number 1 … 2^31−1, else 404. */
function departmentParam(v: string): number {
  const n = /^[1-9][0-9]{0,9}$/.test(v) ? Number(v) : NaN;
  if (!(n <= INT32_MAX)) throw notFound();
  return n;
}

export const RUBRIC_MUTATORS = [
  mutator({
    method: 'POST',
    url: '/rubrics',
    doc: { tag: 'rubrics', summary: 'Create a rubric as draft version 1, or import one (`definition`: an export’s JSON)', who: WHO, body: RubricCreateRequest, response: RubricVersion, status: 201 },
    names: [],
    input: (req) => RubricCreateRequest.parse(req.body ?? {}),
    run: async (ctx, body) => created(await createRubric(ctx, ctx.user, body)),
  }),
  mutator({
    method: 'PUT',
    url: '/rubrics/versions/:id',
    doc: { tag: 'rubrics', summary: 'Save a draft version (name, groups, items, scale)', who: `${WHO}; drafts only (409 once published)`, body: RubricDefinition, response: RubricVersion },
    names: [],
    input: (req) => ({ id: req.params.id!, body: RubricDefinition.parse(req.body ?? {}) }),
    run: async (ctx, { id, body }) => ok(await saveDraft(ctx, ctx.user, id, body)),
  }),
  mutator({
    method: 'POST',
    url: '/rubrics/versions/:id/publish',
    doc: { tag: 'rubrics', summary: 'Publish a draft: from then on it never changes', who: WHO, response: RubricVersion },
    names: [],
    input: (req) => req.params.id!,
    run: async (ctx, id) => ok(await publishVersion(ctx, ctx.user, id)),
  }),
  mutator({
    method: 'POST',
    url: '/rubrics/versions/:id/draft',
    doc: { tag: 'rubrics', summary: 'Start the rubric’s next draft as a copy of this published (or retired) version', who: WHO, response: RubricVersion, status: 201 },
    names: [],
    input: (req) => req.params.id!,
    run: async (ctx, id) => created(await newDraft(ctx, ctx.user, id)),
  }),
  mutator({
    method: 'POST',
    url: '/rubrics/versions/:id/retire',
    doc: { tag: 'rubrics', summary: 'Retire a published version: no new observation uses it; those on it keep it', who: WHO, response: RubricVersion },
    names: [],
    input: (req) => req.params.id!,
    run: async (ctx, id) => ok(await retireVersion(ctx, ctx.user, id)),
  }),
  mutator({
    method: 'DELETE',
    url: '/rubrics/versions/:id',
    doc: { tag: 'rubrics', summary: 'Delete a draft version (its rubric too when it was the only version)', who: `${WHO}; drafts only`, response: MessageBody.extend({ id: z.string() }) },
    names: [],
    input: (req) => req.params.id!,
    run: async (ctx, id) => {
      await deleteDraft(ctx, ctx.user, id);
      return ok({ message: 'Rubric draft deleted!', id });
    },
  }),
  mutator({
    method: 'PUT',
    url: '/rubrics/defaults/:departmentId',
    doc: {
      tag: 'rubrics',
      summary: 'Set a department’s default rubric (its newest published version is used when an initiate names none)',
      who: 'Super_Admin and Admin (any department); a Head_of_Department (their own)',
      body: RubricDefaultRequest,
      response: z.object({ departmentId: z.number(), rubricId: z.string() }),
    },
    names: [],
    input: (req) => ({ departmentId: departmentParam(req.params.departmentId!), body: RubricDefaultRequest.parse(req.body ?? {}) }),
    run: async (ctx, { departmentId, body }) => ok(await setDepartmentDefault(ctx, ctx.user, departmentId, body)),
  }),
];
