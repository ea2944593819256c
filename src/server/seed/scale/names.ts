/** Word lists for the scale seed: people, departments, courses, rooms and the texts people write. */

export const FIRST_NAMES = [
  'Amina', 'Ben', 'Carla', 'Dmitri', 'Elena', 'Farid', 'Gita', 'Hugo', 'Ines', 'Jonas', 'Keiko', 'Luis', 'Maya',
  'Nikhil', 'Olga', 'Pedro', 'Qin', 'Rosa', 'Samir', 'Tara', 'Umar', 'Vera', 'Wei', 'Ximena', 'Yusuf', 'Zoe',
  'Anders', 'Bianca', 'Chidi', 'Dalia', 'Emre', 'Freya', 'Goran', 'Hana', 'Ivan', 'Jade', 'Kofi', 'Lena', 'Mateo',
  'Nora', 'Oscar', 'Priya', 'Rafael', 'Sofia', 'Tomas', 'Ulla', 'Viktor', 'Wanjiru', 'Yara', 'Zain',
] as const;

export const LAST_NAMES = [
  'Abbott', 'Barros', 'Costa', 'Dubois', 'Eriksen', 'Ferreira', 'Gupta', 'Hoffmann', 'Ibrahim', 'Jensen', 'Kowalski',
  'Larsen', 'Mendes', 'Nakamura', 'Osei', 'Petrov', 'Quinn', 'Rossi', 'Sato', 'Torres', 'Usman', 'Varga', 'Weber',
  'Xu', 'Yilmaz', 'Zhang', 'Andersen', 'Bauer', 'Castro', 'Diallo', 'Evans', 'Fischer', 'Garcia', 'Hansen', 'Ito',
  'Jovanovic', 'Kim', 'Lopez', 'Moreno', 'Novak', 'Okoro', 'Park', 'Reyes', 'Schmidt', 'Tanaka', 'Ueda', 'Vargas',
  'Wong', 'Young', 'Zeller',
] as const;

/** Not the demo departments (Computer Science, Mathematics, Physics, …): the demo accounts' views stay as seeded. */
export const DEPARTMENT_NAMES = [
  'Chemistry', 'Biology', 'Economics', 'History', 'Philosophy', 'Psychology', 'Sociology', 'Linguistics',
  'Civil Engineering', 'Mechanical Engineering', 'Electrical Engineering', 'Architecture', 'Law', 'Medicine',
  'Nursing', 'Pharmacy', 'Geography', 'Geology', 'Statistics', 'Political Science', 'Music', 'Fine Arts',
  'Education', 'Business Administration', 'Accounting', 'Finance', 'Marketing', 'Anthropology', 'Astronomy',
  'Environmental Science', 'Chemical Engineering', 'Biomedical Engineering', 'Modern Languages', 'Classics',
  'Journalism', 'Public Health', 'Nutrition', 'Veterinary Science', 'Agriculture', 'Theology',
] as const;

export const COURSE_TOPICS = [
  'Foundations', 'Methods', 'Theory', 'Laboratory', 'Seminar', 'Research Design', 'Advanced Topics', 'Practice',
  'Ethics', 'Data Analysis', 'Field Work', 'Capstone Project', 'Introduction', 'Modelling', 'History and Context',
] as const;

export const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const;
export const TIMES = ['08:00-09:30', '09:45-11:15', '11:30-13:00', '14:00-15:30', '15:45-17:15'] as const;
export const DESIGNATIONS = ['Lecturer', 'Senior Lecturer', 'Assistant Professor', 'Associate Professor', 'Professor'] as const;

export const TEACHING_ANSWERS = [
  'Students connect the week’s concepts to the program outcome on applying methods to unfamiliar problems.',
  'By the end, students can explain the key idea in their own words and solve a worked example unaided.',
  'The textbook chapter, a short reading on the course site and a one-page worksheet for the pair activity.',
  'A ten-minute recap, a worked example, twenty minutes of pair work, a class discussion and a two-question quiz.',
  'Students read the assigned chapter and answer three preparation questions before the class.',
  'A short problem set due next week and a reflection post on what was still unclear.',
  'Cold calling during the discussion, the exit quiz, and written feedback on the problem set within a week.',
] as const;

const NARRATIVES = [
  'The class opened with a short recap, then students worked in pairs on a problem that connected the week’s reading to a real case. Most pairs reached a sound answer, and the discussion afterwards showed that the central idea is now clearer than it was in the previous session. Next time I will leave more time for pairs to present their reasoning, because the explanations students gave each other were the most useful part of the class.',
  'My plan assumed students had done the preparation reading, but about half had not, so the first activity took longer than planned. I shortened the lecture part and kept the group task, which worked well: students asked better questions once they had tried the problem themselves. In future I will check preparation with a two-question quiz at the start and adapt the plan on the spot.',
  'Large class size and a room with fixed seating constrained group work, and the projector failed for ten minutes. I responded by moving to the whiteboard and using think-pair-share with neighbours instead of groups of four. Students stayed engaged, and the exit quiz showed that most of them understood the main concept, although a few still confused the two related terms.',
  'My ideal class for this course starts from a question students care about, gives them a short input, and then lets them work on a problem with support from me and from each other. It ends with a few minutes where students write what they learned and what is still unclear, so that I can start the next class from where they really are rather than from where I assume they are.',
] as const;

export const SHORT_REFLECTIONS = [
  'The class went well overall; students were engaged during the pair work.',
  'Worked examples followed by pair work, and short quizzes to check understanding.',
  'Long lectures without breaks: attention drops after twenty minutes.',
  'Think-pair-share and the exit quiz.',
  'Reading slides aloud; I will share them before class instead.',
  '“Now I see why the method works” from a student at the end.',
  'A well-equipped room and students who had prepared.',
  'Time pressure and a class of ninety students.',
  'A student explained the concept to her neighbour using her own example.',
] as const;

export const narrative = (i: number) => NARRATIVES[i % NARRATIVES.length];

export const CHAT_LINES = [
  'Thanks for a lively class. Could you share the worksheet you used for the pair work?',
  'Of course, I have uploaded it with the lesson plan.',
  'Please pick one of the meeting slots this week.',
  'Could we move the meeting to the afternoon? I teach in the morning.',
  'Good to see the reflection already in.',
  'The afternoon slot works for me.',
  'I noted a few ideas for the group activity; we can discuss them at the meeting.',
  'Thank you for the feedback, it was very helpful.',
] as const;

export const ROOMS = ['Room A-101', 'Room B-204', 'Lecture Hall 2', 'Seminar Room 3', 'Lab C-12', 'Room D-310'] as const;
