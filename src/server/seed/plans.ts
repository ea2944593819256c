/** The master teaching (7 steps) and reflection (13 steps) plans with the response keys of SPEC §3. */
import type { PlanType } from '../../shared/enums.js';

export interface SeedStep {
  key: string;
  code: string;
  name: string;
  field: string;
}

const PERSPECTIVE = 'Teacher Perspective';
const CONTEXT = 'Teaching Context';
const LEARNING = 'Student Learning';
const WRITEUPS = 'Reflective Write-ups';

export const TEACHING_STEPS: SeedStep[] = [
  { key: 'ProgramOutcomes', code: PERSPECTIVE, name: 'Program Outcomes', field: 'Which program learning outcomes does this class contribute to?' },
  { key: 'LearningOutcomes', code: PERSPECTIVE, name: 'Learning Outcomes', field: 'What should students be able to do by the end of this class?' },
  { key: 'LearningResources', code: CONTEXT, name: 'Learning Resources', field: 'Which readings, materials and tools will students use?' },
  { key: 'TeachingSummary', code: CONTEXT, name: 'Teaching Summary', field: 'Summarise the activities of the class and how the time is divided.' },
  { key: 'PreTeaching', code: LEARNING, name: 'Pre-Teaching', field: 'What do students prepare or already know before the class?' },
  { key: 'PostTeaching', code: LEARNING, name: 'Post-Teaching', field: 'What will students do after the class to consolidate learning?' },
  { key: 'Feedback', code: LEARNING, name: 'Feedback', field: 'How will you check understanding and give students feedback?' },
];

export const REFLECTION_STEPS: SeedStep[] = [
  { key: 'Perception', code: PERSPECTIVE, name: 'Perception', field: 'How do you perceive the observed classes went?' },
  { key: 'StrategiesWork', code: PERSPECTIVE, name: 'Strategies That Work', field: 'Which teaching strategies worked well for your students?' },
  { key: 'StrategiesNeverWork', code: PERSPECTIVE, name: 'Strategies That Never Work', field: 'Which strategies have not worked for you, and why?' },
  { key: 'ForwardStrategies', code: CONTEXT, name: 'Strategies To Carry Forward', field: 'Which strategies will you keep using in future classes?' },
  { key: 'RemoveStrategies', code: CONTEXT, name: 'Strategies To Remove', field: 'Which strategies will you stop using?' },
  { key: 'WordsRemember', code: CONTEXT, name: 'Words To Remember', field: 'Which words or moments from the observation stay with you?' },
  { key: 'SupportiveFactors', code: LEARNING, name: 'Supportive Factors', field: 'What supported student learning in these classes?' },
  { key: 'TeachingConstrain', code: LEARNING, name: 'Teaching Constraints', field: 'What constrained your teaching?' },
  { key: 'CiteOfStudent', code: LEARNING, name: 'Student Voice', field: 'Cite something a student said or did that shows their learning.' },
  { key: 'CourseLeaning', code: WRITEUPS, name: 'Course Learning', field: 'Write a narrative about what students learned in the course.' },
  { key: 'PlanAndImplementation', code: WRITEUPS, name: 'Plan and Implementation', field: 'Write a narrative comparing your teaching plan with what happened in class.' },
  { key: 'ConstrainingFactors', code: WRITEUPS, name: 'Constraining Factors', field: 'Write a narrative about the factors that constrained learning and how you responded.' },
  { key: 'IdealTeaching', code: WRITEUPS, name: 'Ideal Teaching', field: 'Write a narrative describing your ideal class for this course.' },
];

export const PLANS: { type: PlanType; name: string; steps: SeedStep[] }[] = [
  { type: 'Teaching', name: 'Teaching Plan', steps: TEACHING_STEPS },
  { type: 'Reflection', name: 'Reflection Plan', steps: REFLECTION_STEPS },
];
