/**
 * Optimistic applies of the observation cycle: each mirrors what the server's service does to the Observation
 * document (src/server/services/observations), so the screen changes at once offline and a pull + rebase lands
 * on the same values. Rules (./types.ts): set semantics (idempotent), never throw for a missing record.
 *
 * The side (observer / faculty) of rubric writes comes from the signed-in user (ctx.userId), like the server
 * takes it from the token.
 *
 * Every apply is one chain of Dexie promises (`.then`), never several native `await`s: the rebase runs many
 * applies in one transaction, and Dexie loses the transaction zone across chained native awaits
 * (PrematureCommitError, reproduced in tests/client/apply-observations.test.ts).
 */
import type { Meeting, Observation, ObservationPlan, PostObservation, RubricRow } from '../../../shared/contract/observations.js';
import { goalEditError, goalReviewError } from '../../../shared/growth-goals.js';
import type { RubricVersion } from '../../../shared/contract/rubrics.js';
import { cycleLabel, cycleProgress, cycleStatus } from '../../../shared/cycle.js';
import { allGroupsComplete, finalScore, percentage, sideTotal } from '../../../shared/rubric.js';
import Dexie from 'dexie';
import type { ReplicaDb, ReplicaRecord } from '../../db/db.js';
import { editRecord } from './edit-record.js';
import type { ApplyRegistry } from './types.js';

type Doc = Observation & ReplicaRecord;
type Kind = 'informed' | 'uninformed';

const iso = (ms: number) => new Date(ms).toISOString();
const meetingKey = (k: Kind): 'informedObservation' | 'uninformedObservation' => (k === 'informed' ? 'informedObservation' : 'uninformedObservation');

const done = (): void => undefined;

/** Reads, changes and writes one observation document (one round trip when repeated); skips it when absent. */
function edit(db: ReplicaDb, id: string, fn: (doc: Doc) => void): Promise<void> {
  return editRecord<Doc>(db, 'observations', id, fn);
}

/** Status, progress, label, starting and ending from the stages (the server's refreshObservation). */
export function refreshDerived(doc: Doc, now: number): void {
  const m = doc.meetings;
  const state = {
    obsRequest: doc.obsRequest?.status,
    informed: m.informedObservation?.status,
    uninformed: m.uninformedObservation?.status,
    post: m.postObservation?.status,
  };
  const status = cycleStatus(state);
  doc.status = status;
  doc.observationStatus = status;
  doc.observationProgress = cycleProgress(state);
  doc.cycleLabel = cycleLabel(state);
  if (doc.obsRequest && !doc.starting) doc.starting = iso(now);
  doc.ending = status === 'Completed' ? (doc.ending ?? iso(now)) : null;
}

function sideOf(doc: Doc, userId: string | null): 'observer' | 'faculty' | null {
  if (userId && userId === doc.observerId) return 'observer';
  if (userId && userId === doc.facultyId) return 'faculty';
  return null;
}

/**
 * Rubric rows and maximum of a new meeting: those of the observation's other meeting, else of its rubric version in
 * the replica (rubricVersions), else of another meeting on the same version (every meeting lists all its items).
 */
function rubricTemplate(db: ReplicaDb, doc: Doc): Promise<{ rows: RubricRow[]; maximum: number }> {
  const blank = (rows: RubricRow[]) => rows.map((r) => ({ ...r, facultyScore: null, observerScore: null }));
  const own = doc.meetings.informedObservation ?? doc.meetings.uninformedObservation;
  if (own?.rubrics.length) return Dexie.Promise.resolve({ rows: blank(own.rubrics), maximum: own.maximum });
  return db.rubricVersions.get(doc.rubricVersionId).then((raw) => {
    const version = raw as RubricVersion | undefined;
    if (version) {
      const rows = version.groups.flatMap((g) => g.items.map((i) => ({ id: i.id, code: g.code, title: i.title, facultyScore: null, observerScore: null })));
      return { rows, maximum: version.maximum };
    }
    return db.observations
      .filter((o) => (o as Doc).rubricVersionId === doc.rubricVersionId && ((o as Doc).meetings?.informedObservation?.rubrics?.length ?? 0) > 0)
      .first()
      .then((other) => {
        const m = (other as Doc | undefined)?.meetings.informedObservation;
        return { rows: blank(m?.rubrics ?? []), maximum: m?.maximum ?? 0 };
      });
  });
}

/** Adds a meeting created by this change (once), then refreshes the derived fields. */
function addMeeting(db: ReplicaDb, observationsId: string, key: 'informedObservation' | 'uninformedObservation', id: string, now: number, before?: (doc: Doc) => void): Promise<void> {
  return db.observations.get(observationsId).then((raw) => {
    const doc = raw as Doc | undefined;
    if (!doc) return;
    return rubricTemplate(db, doc).then(({ rows, maximum }) => {
      before?.(doc);
      if (!doc.meetings[key]) doc.meetings[key] = newMeeting(id, doc.id, rows, maximum);
      refreshDerived(doc, now);
      return db.observations.put(doc).then(done);
    });
  });
}

function newMeeting(id: string, observationsId: string, rubrics: RubricRow[], maximum: number): Meeting {
  return { id, status: 'Ongoing', observerScore: null, facultyScore: null, finalScore: null, percentage: null, maximum, rubrics, observationsId };
}

/** Totals after a side's items changed: a submitted side's total follows its saved items (as on the server). */
function applyScores(meeting: Meeting, side: 'observer' | 'faculty', entries: { id: string; score: number }[], submit: boolean): void {
  const byId = new Map(entries.map((e) => [e.id, e.score]));
  meeting.rubrics = meeting.rubrics.map((r) => (byId.has(r.id) ? { ...r, [side === 'observer' ? 'observerScore' : 'facultyScore']: byId.get(r.id)! } : r));
  const submitted = side === 'observer' ? meeting.observerScore != null : meeting.facultyScore != null;
  if (submit || submitted) {
    const scored = new Map<string, number>();
    for (const r of meeting.rubrics) {
      const s = side === 'observer' ? r.observerScore : r.facultyScore;
      if (s != null) scored.set(r.id, s);
    }
    if (allGroupsComplete(meeting.rubrics, scored)) {
      const total = sideTotal(scored.values());
      if (side === 'observer') meeting.observerScore = total;
      else meeting.facultyScore = total;
    }
  }
  // Faculty viewers never hold the observer's numbers, so the combined figures stay null for them.
  if (meeting.observerScore != null) {
    meeting.finalScore = finalScore(meeting.observerScore, meeting.facultyScore);
    meeting.percentage = percentage(meeting.observerScore, meeting.facultyScore, meeting.maximum);
  }
}

function answerPlan(plan: ObservationPlan | null, answers: { id: string; response: string }[], editedBy: string | null, now: number): ObservationPlan | null {
  if (!plan) return plan;
  const byId = new Map(answers.map((a) => [a.id, a.response.trim()]));
  return {
    ...plan,
    editedBy: editedBy ?? plan.editedBy,
    editedAt: iso(now),
    steps: plan.steps.map((s) => (byId.has(s.id) ? { ...s, response: byId.get(s.id)! } : s)),
  };
}

type UserRow = { id: string; name?: string; email?: string; avatar?: string | null; role?: string; department?: { id: number } | null; courseSlots?: Observation['faculty']['courseSlots'] };
const personOf = (id: string, u: UserRow | undefined) => ({ id, name: u?.name ?? '', avatar: u?.avatar ?? null });

export const OBSERVATION_APPLY: ApplyRegistry = {
  'observation.initiate': {
    tables: ['users'],
    apply(db, args, ctx) {
      const people = [args.observerId, ...(ctx.userId ? [ctx.userId] : []), ...args.facultyIds];
      const wanted = args.facultyIds.map((f) => ({ facultyId: f, id: args.ids[f] })).filter((w): w is { facultyId: string; id: string } => !!w.id);
      return db.users.bulkGet(people).then((rows) => {
        const byId = new Map(rows.filter((r): r is NonNullable<typeof r> => !!r).map((r) => [r.id, r as UserRow]));
        return db.observations.bulkGet(wanted.map((w) => w.id)).then((existing) => {
          const hod = ctx.userId ? byId.get(ctx.userId) : undefined;
          const docs: Doc[] = wanted
            .filter((_, i) => !existing[i])
            .map(({ facultyId, id }) => ({
              id,
              course: null,
              courseId: null,
              faculty: { ...personOf(facultyId, byId.get(facultyId)), courseSlots: byId.get(facultyId)?.courseSlots ?? [] },
              facultyId,
              observer: personOf(args.observerId, byId.get(args.observerId)),
              observerId: args.observerId,
              hod: ctx.userId ? personOf(ctx.userId, hod) : null,
              hodId: ctx.userId ?? '',
              departmentId: hod?.department?.id ?? null,
              semester: args.semester,
              // The department's mode is the server's to copy (the next pull brings it); summative until then.
              mode: 'summative',
              status: 'Pending',
              observationStatus: 'Pending',
              starting: null,
              ending: null,
              createdAt: iso(ctx.now),
              updatedAt: iso(ctx.now),
              observationProgress: 0,
              cycleLabel: '---',
              obsRequest: null,
              meetings: { informedObservation: null, uninformedObservation: null, postObservation: null },
              closing: null,
              goals: [],
              carriedGoals: [],
              // Until the server answers: the version asked for, or none (the server picks the default).
              rubricVersionId: args.rubricVersionId ?? '',
              version: 0,
            }));
          return db.observations.bulkPut(docs).then(done);
        });
      });
    },
  },
  'observation.delete': {
    apply(db, args) {
      return db.observations.delete(args.id).then(done);
    },
  },
  'scheduling.create': {
    apply(db, args, ctx) {
      return edit(db, args.observationsId, (doc) => {
        if (doc.obsRequest) return;
        const slot = doc.faculty.courseSlots.find((s) => s.courseId === args.courseId);
        doc.courseId = args.courseId;
        doc.course = slot?.course ?? doc.course;
        // The teaching plan is copied on the server from the master plan; it arrives with the next pull.
        doc.obsRequest = {
          id: args.id,
          status: 'Ongoing',
          timeSlotByObserver: [],
          timeSlotsByFaculty: [],
          scheduledOn: null,
          reasons: null,
          facultyAccepted: false,
          observerAccepted: false,
          teachingPlan: null,
        };
        refreshDerived(doc, ctx.now);
      });
    },
  },
  'scheduling.update': {
    apply(db, args) {
      return edit(db, args.observationsId, (doc) => {
        const r = doc.obsRequest;
        if (!r || r.status === 'Completed') return;
        const same = (a: { day: string; time: string }, b: { day: string; time: string }) =>
          a.day.trim().toLowerCase() === b.day.trim().toLowerCase() && a.time.trim() === b.time.trim();
        if (args.timeSlotsByFaculty) {
          r.timeSlotsByFaculty = args.timeSlotsByFaculty;
          r.facultyAccepted = false;
          r.observerAccepted = false;
          if (!r.timeSlotByObserver.every((p) => args.timeSlotsByFaculty!.some((s) => same(s, p)))) {
            r.timeSlotByObserver = [];
            r.scheduledOn = null;
          }
        } else if (args.timeSlotByObserver !== undefined || args.scheduledOn !== undefined) {
          if (r.facultyAccepted) return;
          if (args.timeSlotByObserver) r.timeSlotByObserver = args.timeSlotByObserver;
          if (args.scheduledOn) {
            const d = new Date(args.scheduledOn);
            r.scheduledOn = Number.isNaN(d.getTime()) ? args.scheduledOn : d.toISOString();
          }
          r.observerAccepted = false;
        }
        if (args.reasons?.trim()) r.reasons = args.reasons.trim();
      });
    },
  },
  'scheduling.accept': {
    apply(db, args) {
      return edit(db, args.observationsId, (doc) => {
        if (!doc.obsRequest) return;
        if (args.side === 'faculty') doc.obsRequest.facultyAccepted = true;
        else doc.obsRequest.observerAccepted = true;
      });
    },
  },
  'scheduling.done': {
    tables: ['rubricVersions'],
    apply(db, args, ctx) {
      return db.observations.get(args.observationsId).then((raw) => {
        if (!(raw as Doc | undefined)?.obsRequest) return;
        return addMeeting(db, args.observationsId, 'informedObservation', args.informedId, ctx.now, (doc) => {
          doc.obsRequest!.status = 'Completed';
        });
      });
    },
  },
  'teachingPlan.submit': {
    apply(db, args, ctx) {
      return edit(db, args.observationsId, (doc) => {
        if (!doc.obsRequest) return;
        doc.obsRequest.teachingPlan = answerPlan(doc.obsRequest.teachingPlan, args.templateResponse, args.editedById ?? ctx.userId, ctx.now);
      });
    },
  },
  'reflectionPlan.submit': {
    apply(db, args, ctx) {
      return edit(db, args.observationsId, (doc) => {
        const post = doc.meetings.postObservation;
        if (!post) return;
        post.reflectionPlan = answerPlan(post.reflectionPlan, args.templateResponse, args.editedById ?? ctx.userId, ctx.now);
      });
    },
  },
  'rubrics.saveGroup': {
    apply(db, args, ctx) {
      return edit(db, args.observationsId, (doc) => {
        const meeting = doc.meetings[meetingKey(args.kind)];
        const side = sideOf(doc, ctx.userId);
        if (!meeting || !side || meeting.status === 'Completed') return;
        applyScores(meeting, side, args.rubricsFinal, false);
      });
    },
  },
  'rubrics.submit': {
    apply(db, args, ctx) {
      return edit(db, args.observationsId, (doc) => {
        const meeting = doc.meetings[meetingKey(args.kind)];
        const side = sideOf(doc, ctx.userId);
        if (!meeting || !side || meeting.status === 'Completed') return;
        applyScores(meeting, side, args.rubricsFinal ?? [], true);
      });
    },
  },
  'rubrics.lock': {
    apply(db, args, ctx) {
      return edit(db, args.observationsId, (doc) => {
        const meeting = doc.meetings[meetingKey(args.kind)];
        if (!meeting) return;
        meeting.status = 'Completed';
        refreshDerived(doc, ctx.now);
      });
    },
  },
  'uninformed.start': {
    tables: ['rubricVersions'],
    apply(db, args, ctx) {
      return addMeeting(db, args.observationsId, 'uninformedObservation', args.id, ctx.now);
    },
  },
  'postObservation.create': {
    apply(db, args, ctx) {
      return edit(db, args.observationsId, (doc) => {
        if (doc.meetings.postObservation) return;
        const post: PostObservation = {
          id: args.id,
          status: 'Ongoing',
          location: args.location.trim() || null,
          scheduledOn: null,
          timeSlotsByObserver: normaliseSlots(args.timeSlotsByObserver),
          timeSlotByFaculty: null,
          artifacts: [],
          // Copied from the master reflection plan on the server; arrives with the next pull.
          reflectionPlan: null,
          observationsId: doc.id,
        };
        doc.meetings.postObservation = post;
        refreshDerived(doc, ctx.now);
      });
    },
  },
  'postObservation.update': {
    apply(db, args) {
      return edit(db, args.observationsId, (doc) => {
        const post = doc.meetings.postObservation;
        if (!post || post.status !== 'Ongoing') return;
        if (args.timeSlotByFaculty !== undefined) {
          post.timeSlotByFaculty = args.timeSlotByFaculty;
          return;
        }
        if (args.timeSlotsByObserver) {
          post.timeSlotsByObserver = normaliseSlots(args.timeSlotsByObserver);
          if (post.timeSlotByFaculty && !post.timeSlotsByObserver.some((s) => s.id === post.timeSlotByFaculty)) post.timeSlotByFaculty = null;
        }
        if (args.location?.trim()) post.location = args.location.trim();
      });
    },
  },
  'postObservation.setStatus': {
    apply(db, args, ctx) {
      return edit(db, args.observationsId, (doc) => {
        const post = doc.meetings.postObservation;
        if (!post) return;
        if (args.status === 'Scheduled') {
          if (post.status !== 'Ongoing') return;
          post.scheduledOn = post.timeSlotsByObserver.find((s) => s.id === post.timeSlotByFaculty)?.dateTime ?? null;
        } else if (post.status !== 'Scheduled') return;
        post.status = args.status;
        refreshDerived(doc, ctx.now);
        // The response window opens; its end is the server's (RESPONSE_WINDOW_DAYS), known with the next pull.
        if (doc.status === 'Completed') doc.closing ??= { responseDueAt: null, acknowledgedAt: null, acknowledgedName: null, response: null, respondedAt: null, signedOffAt: null, signedOffBy: null };
      });
    },
  },
  'observation.acknowledge': {
    apply(db, args, ctx) {
      return edit(db, args.observationsId, (doc) => {
        const c = doc.closing;
        if (!c || c.acknowledgedAt || c.signedOffAt) return;
        c.acknowledgedAt = iso(ctx.now);
        c.acknowledgedName = args.fullName.trim().replace(/\s+/g, ' ');
      });
    },
  },
  'observation.respond': {
    apply(db, args, ctx) {
      return edit(db, args.observationsId, (doc) => {
        const c = doc.closing;
        if (!c?.acknowledgedAt || c.signedOffAt) return;
        c.response = args.response.trim();
        c.respondedAt = iso(ctx.now);
      });
    },
  },
  // Growth goals (src/shared/growth-goals.ts): the same stage rule the server applies; a goal the rule refuses is
  // not shown (the server's refusal parks the change as needs attention).
  'goal.save': {
    apply(db, args, ctx) {
      return edit(db, args.observationsId, (doc) => {
        doc.goals ??= [];
        const i = doc.goals.findIndex((g) => g.id === args.id);
        const stage = { status: doc.status, hasMeeting: doc.meetings.postObservation != null };
        if (goalEditError(stage, doc.goals.length + (i >= 0 ? 0 : 1))) return;
        const before = i >= 0 ? doc.goals[i] : undefined;
        const goal = {
          id: args.id,
          observationId: doc.id,
          rubricItemIds: [...new Set(args.rubricItemIds)],
          goal: args.goal.trim(),
          actions: (args.actions ?? '').trim(),
          targetDate: args.targetDate,
          createdBy: before?.createdBy ?? ctx.userId ?? null,
          createdAt: before?.createdAt ?? iso(ctx.now),
          updatedAt: iso(ctx.now),
        };
        if (i >= 0) doc.goals[i] = goal;
        else doc.goals.push(goal);
      });
    },
  },
  'goal.delete': {
    apply(db, args) {
      return edit(db, args.observationsId, (doc) => {
        if (goalEditError({ status: doc.status, hasMeeting: doc.meetings.postObservation != null }, 0)) return;
        doc.goals = (doc.goals ?? []).filter((g) => g.id !== args.id);
      });
    },
  },
  'goal.review': {
    apply(db, args, ctx) {
      return edit(db, args.observationsId, (doc) => {
        if (goalReviewError(doc)) return;
        const g = (doc.carriedGoals ?? []).find((c) => c.id === args.goalId);
        if (g) g.review = { status: args.status, note: (args.note ?? '').trim(), reviewedAt: iso(ctx.now), reviewedBy: ctx.userId ?? null };
      });
    },
  },
  'observation.signOff': {
    apply(db, args, ctx) {
      return edit(db, args.observationsId, (doc) => {
        const c = doc.closing;
        if (!c || c.signedOffAt) return;
        c.signedOffAt = iso(ctx.now);
        c.signedOffBy = doc.hod && doc.hod.id === ctx.userId ? doc.hod : { id: ctx.userId ?? '', name: '', avatar: null };
      });
    },
  },
  'artifact.register': {
    apply(db, args) {
      return edit(db, args.observationsId, (doc) => {
        const post = doc.meetings.postObservation;
        if (!post) return;
        const fileURL = args.fileURL ?? args.uploadId ?? '';
        const i = post.artifacts.findIndex((a) => a.id === args.id);
        const artifact = { id: args.id, name: args.name, type: args.type, fileURL };
        if (i >= 0) post.artifacts[i] = artifact;
        else post.artifacts.push(artifact);
      });
    },
  },
  'message.send': {
    tables: ['users'],
    apply(db, args, ctx) {
      return db.messages.get(args.id).then((existing) => {
        if (existing) return;
        return db.users.get(ctx.userId ?? '').then((raw) => {
          const author = raw as UserRow | undefined;
          return db.messages
            .put({
              id: args.id,
              observationId: args.observationId,
              authorId: ctx.userId ?? '',
              authorName: author?.name ?? '',
              authorRole: author?.role ?? '',
              body: args.body.trim(),
              createdAt: iso(ctx.now),
              version: 0,
            })
            .then(done);
        });
      });
    },
  },
};

/** Observer slots are stored as UTC ISO strings with seconds and milliseconds (SPEC §5). */
function normaliseSlots(list: { id: string; dateTime: string }[]): { id: string; dateTime: string }[] {
  return list.map((s) => {
    const d = new Date(s.dateTime);
    return { id: s.id, dateTime: Number.isNaN(d.getTime()) ? s.dateTime : d.toISOString() };
  });
}
