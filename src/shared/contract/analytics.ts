/**
 * Department analytics on the wire: GET /analytics?departmentId= — aggregates the server
 * computes with GROUP BY, so neither side ever holds every observation. Scores are the observers' only
 * (never shown to faculty: the route refuses Faculty and Observer).
 */
import { z } from 'zod';
import { INT32_MAX } from '../constants.js';

/** An open observation older than this many days is overdue (a cycle is meant to finish within a semester). */
export const ANALYTICS_OVERDUE_DAYS = 60;
/** The overdue list shows at most this many (oldest first); `overdue.count` has them all. */
export const ANALYTICS_OVERDUE_LIMIT = 20;

export const AnalyticsQuery = z.object({
  departmentId: z.coerce.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }).min(1, { error: 'must be a positive id' }).max(INT32_MAX, { error: `must be at most ${INT32_MAX}` }).optional(),
  /** The rubric version whose items are averaged (observations of one version only; default: the most used). */
  rubricVersionId: z.uuid({ error: 'must be a rubric version id' }).optional(),
});
export type AnalyticsQuery = z.input<typeof AnalyticsQuery>;

/** The cycle's milestones in order (shared/constants PROGRESS): how many observations reached each. */
export const FUNNEL_STAGES = ['Initiated', 'Scheduled', 'Informed observed', 'Uninformed observed', 'Completed'] as const;

export const AnalyticsResponse = z.object({
  /** null: every department (full-menu roles without a departmentId). */
  departmentId: z.number().int().nullable(),
  total: z.number().int(),
  funnel: z.array(z.object({ stage: z.enum(FUNNEL_STAGES), count: z.number().int() })),
  overdue: z.object({
    days: z.number().int(),
    count: z.number().int(),
    items: z.array(
      z.object({
        id: z.string(),
        faculty: z.string(),
        observer: z.string(),
        semester: z.string(),
        status: z.string(),
        progress: z.number().int(),
        createdAt: z.string(),
        daysOpen: z.number().int(),
      }),
    ),
  }),
  /** The rubric version the item averages and the heatmap are of, and its lowest and highest level values. */
  rubricVersionId: z.string(),
  scale: z.object({ min: z.number(), max: z.number() }),
  /** The rubric versions the scope's observations use, most used first: the choice of `rubricVersionId`. */
  versions: z.array(z.object({ id: z.string(), name: z.string(), number: z.number().int(), observations: z.number().int() })),
  /** The version's rubric items in their order. */
  items: z.array(z.object({ id: z.string(), code: z.string(), title: z.string(), position: z.number().int() })),
  /** Observer score averages per semester and rubric item (submitted scores of both meetings). */
  itemAverages: z.array(z.object({ semester: z.string(), rubricItemId: z.string(), average: z.number(), n: z.number().int() })),
  /** Observer score averages per faculty member and rubric item. */
  heatmap: z.array(z.object({ facultyId: z.string(), faculty: z.string(), rubricItemId: z.string(), average: z.number(), n: z.number().int() })),
});
export type AnalyticsResponse = z.infer<typeof AnalyticsResponse>;
