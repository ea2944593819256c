/** The 20 rubric items: 4 groups of SPEC §3, 5 items each, titles written by us (docs/architecture.md). */
import type { RubricCode } from '../../shared/enums.js';

export const RUBRIC_ITEMS: Record<RubricCode, readonly string[]> = {
  '1-A': [
    'Demonstrates accurate and current knowledge of the subject',
    'Connects concepts within the discipline and to related fields',
    'Anticipates and addresses common student misconceptions',
    'Uses examples and applications relevant to the discipline',
    'Explains the significance of the content for students',
  ],
  '1-B': [
    'Chooses teaching strategies suited to the learning outcomes',
    'Sequences the lesson so that ideas build on each other',
    'Engages students actively in their own learning',
    'Uses questioning to deepen student thinking',
    'Adapts instruction to students with different needs',
  ],
  '1-C': [
    'Aligns assessment with the stated learning outcomes',
    'Checks for understanding during the lesson',
    'Gives timely and specific feedback to students',
    'Uses assessment evidence to adjust teaching',
    'Communicates clear criteria for success',
  ],
  '1-D': [
    'Creates a climate of respect and rapport',
    'Establishes a culture of learning with high expectations',
    'Manages class time and routines efficiently',
    'Manages student behaviour constructively',
    'Organises the physical and virtual space for learning',
  ],
};
