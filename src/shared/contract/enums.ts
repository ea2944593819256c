/** zod schemas of the domain enumerations (values in ../enums.ts). */
import { z } from 'zod';
import {
  CAMPUSES,
  EMAIL_TEMPLATE_TYPES,
  OBSERVATION_STATUSES,
  PLAN_TYPES,
  POST_OBSERVATION_STATUSES,
  ROLES,
  SEMESTERS,
} from '../enums.js';

export const Role = z.enum(ROLES);
export const Semester = z.enum(SEMESTERS);
export const ObservationStatus = z.enum(OBSERVATION_STATUSES);
export const PostObservationStatus = z.enum(POST_OBSERVATION_STATUSES);
export const PlanType = z.enum(PLAN_TYPES);
export const Campus = z.enum(CAMPUSES);
export const EmailTemplateType = z.enum(EMAIL_TEMPLATE_TYPES);
