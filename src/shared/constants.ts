/** Business constants and limits (SPEC §9). Both sides read these; never inline the numbers. */
export const RUBRIC_MIN = 0;
export const RUBRIC_MAX = 4;
export const RUBRIC_ITEMS_PER_GROUP = 5;
export const RUBRIC_GROUPS = 4;
/** 4 groups × 5 items × 4 points. */
export const RUBRIC_TOTAL_MAX = RUBRIC_GROUPS * RUBRIC_ITEMS_PER_GROUP * RUBRIC_MAX; // 80

export const PASSWORD_MIN_LENGTH = 8;
export const PROMPT_THRESHOLD_MIN = 50;
export const EMAIL_TEMPLATE_MAX_WORDS = 500;
export const TEACHING_ANSWER_MAX_WORDS = 500;
export const REFLECTIVE_WRITEUP_MIN_WORDS = 60;
export const USER_PAGE_SIZE = 10;
export const USER_PAGE_BUTTONS = 5;

export const TOAST_AUTOCLOSE_MS = 5000;
export const DELAY = {
  logout: 2000,
  afterDeleteObservation: 1500,
  afterSchedulingDone: 3000,
  createUserClear: 2000,
  initiateRedirect: 2500,
  courseReset: 1500,
  promptReset: 2500,
  saveSpinner: 1000,
  pageFade: 300,
} as const;

export const TEXTAREA_ROWS = 5;
export const ARTIFACT_THUMB_PX = 100;

/** Artifacts: accepted content types (checked by content on the server) and the size limit. */
export const ARTIFACT_TYPES = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'video/mp4': 'mp4',
} as const;
export const ARTIFACT_MAX_BYTES = 200 * 1024 * 1024;
/** Profile pictures: the client resizes to an AVATAR_PX square before upload; the server accepts at most this. */
export const AVATAR_PX = 256;
export const AVATAR_MAX_BYTES = 512 * 1024;
/** Blob lane: chunks stored in IndexedDB are never larger than this (iOS fails on huge Blobs). */
export const BLOB_CHUNK_BYTES = 8 * 1024 * 1024;
export const MAX_PARALLEL_UPLOADS = 2;

/** Observation progress per milestone. */
export const PROGRESS = { initiated: 0, scheduled: 10, informed: 50, uninformed: 80, completed: 100 } as const;

export const PRODUCT_NAME = 'Observa';

/**
 * Input ceilings. Every text a client sends has a maximum length, checked by the shared zod contract
 * (`text(max)` in contract/text.ts) before any pattern runs or any row is written, so hostile sizes cost little
 * and fail with a 400 naming the field. Counted in UTF-16 code units (String.length).
 */
export const TEXT_MAX = {
  /** RFC 5321 path limit: the longest address that can be delivered. */
  email: 254,
  password: 256,
  /** A person's name. */
  name: 120,
  /** Ids sent as strings (uuids, step ids, slot ids, upload ids); generous for uuids, small for the database. */
  id: 64,
  /** Short codes and labels: course and section codes, day, time, semester, role, status words. */
  code: 40,
  /** One-line texts: course name, location, profile fields, file names, content types, subjects, step labels. */
  line: 200,
  /** A plan answer (500 words at most, SPEC §9; room for long words and links). */
  planAnswer: 20_000,
  /** A master plan step's guidance text. */
  planField: 4000,
  /** An email template body (500 words at most, SPEC §9). */
  emailTemplate: 20_000,
  /** A chat message. */
  chat: 5000,
  /** Scheduling reasons. */
  reasons: 5000,
  /** An upload URL (tus location). */
  url: 2000,
  /** An evidence note written in the room, or one agenda point. */
  note: 2000,
} as const;

/** Largest PostgreSQL `integer`: ids and counts above it are refused before they reach the database. */
export const INT32_MAX = 2_147_483_647;

/** Largest number of items in a list a client sends (slots, faculty ids, step answers …). */
export const LIST_MAX = {
  slots: 50,
  facultyIds: 200,
  planAnswers: 100,
  rubricEntries: 40,
  departments: 50,
  /** Points of a meeting agenda. */
  agendaItems: 20,
} as const;

/** Count words the way both the editor's live counter and the server limit do. */
export function countWords(text: string | null | undefined): number {
  const t = (text ?? '').trim();
  return t === '' ? 0 : t.split(/\s+/).length;
}
