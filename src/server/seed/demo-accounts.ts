/**
 * The demo university's accounts (SEED_DEMO). README.md's account table is written from this list, and the
 * tests sign in with these addresses. Every account's password is DEMO_PASSWORD.
 */
import type { Role } from '../../shared/enums.js';

export const DEMO_PASSWORD = 'observa-demo';

export const DEMO_DEPARTMENTS = ['Computer Science', 'Mathematics', 'Physics', 'Electrical Engineering'] as const;
export type DemoDepartment = (typeof DEMO_DEPARTMENTS)[number];

export interface DemoAccount {
  /** Local part; the address is `${local}@${UNIVERSITY_DOMAIN}`. */
  local: string;
  name: string;
  role: Role;
  department: DemoDepartment | null;
  designation?: string;
  phone?: string;
  institute?: string;
  degree?: string;
  starting?: string;
  ending?: string;
  dateOfBirth?: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { local: 'superadmin', name: 'Sara Admin', role: 'Super_Admin', department: null, designation: 'System Administrator' },
  { local: 'admin', name: 'Adam Whitfield', role: 'Admin', department: null, designation: 'Academic Administrator', phone: '+1 555 0100' },
  { local: 'director', name: 'Diana Castillo', role: 'Campus_Director', department: null, designation: 'Campus Director', phone: '+1 555 0101' },
  {
    local: 'hod', name: 'Hassan Okafor', role: 'Head_of_Department', department: 'Computer Science',
    designation: 'Professor', institute: 'University of Toronto', degree: 'PhD Computer Science', starting: '2004', ending: '2009',
  },
  {
    local: 'observer', name: 'Olivia Brennan', role: 'Observer', department: 'Computer Science',
    designation: 'Associate Professor', phone: '+1 555 0102', institute: 'ETH Zurich', degree: 'PhD Software Engineering', starting: '2008', ending: '2012',
  },
  { local: 'observer2', name: 'Omar Haddad', role: 'Observer', department: 'Computer Science', designation: 'Senior Lecturer' },
  {
    local: 'faculty', name: 'Fatima Rahman', role: 'Faculty', department: 'Computer Science',
    designation: 'Lecturer', phone: '+1 555 0103', dateOfBirth: '1988-04-12', institute: 'University of Melbourne', degree: 'MSc Computer Science', starting: '2011', ending: '2013',
  },
  { local: 'faculty2', name: 'Felix Moreau', role: 'Faculty', department: 'Computer Science', designation: 'Assistant Professor' },
  { local: 'faculty3', name: 'Grace Lindqvist', role: 'Faculty', department: 'Computer Science', designation: 'Lecturer' },
  { local: 'hod.math', name: 'Helena Petrova', role: 'Head_of_Department', department: 'Mathematics', designation: 'Professor' },
  { local: 'faculty.math', name: 'Marcus Chen', role: 'Faculty', department: 'Mathematics', designation: 'Lecturer' },
];

export interface DemoCourse {
  courseCode: string;
  name: string;
  credits: number;
  departments: DemoDepartment[];
  isElective?: boolean;
  isDepthElective?: boolean;
  /** faculty: local part of the assigned faculty, or undefined for an unassigned slot. */
  slots: { sectionCode: string; day: string; time: string; location: string; faculty?: string }[];
}

export const DEMO_COURSES: readonly DemoCourse[] = [
  {
    courseCode: 'CSC-101', name: 'Introduction to Programming', credits: 3, departments: ['Computer Science'],
    slots: [
      { sectionCode: 'A', day: 'Monday', time: '09:00-10:30', location: 'Room B-101', faculty: 'faculty' },
      { sectionCode: 'B', day: 'Wednesday', time: '11:00-12:30', location: 'Room B-102', faculty: 'faculty2' },
      { sectionCode: 'C', day: 'Friday', time: '14:00-15:30', location: 'Room B-103' },
    ],
  },
  {
    courseCode: 'CSC-201', name: 'Data Structures', credits: 3, departments: ['Computer Science'],
    slots: [
      { sectionCode: 'A', day: 'Tuesday', time: '10:00-11:30', location: 'Lab C-201', faculty: 'faculty' },
      { sectionCode: 'B', day: 'Thursday', time: '13:00-14:30', location: 'Lab C-202' },
    ],
  },
  {
    courseCode: 'CSC-340', name: 'Human-Computer Interaction', credits: 3, departments: ['Computer Science'], isElective: true,
    slots: [
      { sectionCode: 'A', day: 'Monday', time: '15:00-16:30', location: 'Room D-110', faculty: 'faculty3' },
      { sectionCode: 'B', day: 'Thursday', time: '09:00-10:30', location: 'Room D-111' },
    ],
  },
  {
    courseCode: 'MTH-210', name: 'Linear Algebra', credits: 4, departments: ['Mathematics', 'Computer Science'],
    slots: [
      { sectionCode: 'A', day: 'Tuesday', time: '08:30-10:00', location: 'Room M-12', faculty: 'faculty.math' },
      { sectionCode: 'B', day: 'Thursday', time: '16:00-17:30', location: 'Room M-14' },
      { sectionCode: 'C', day: 'Friday', time: '10:00-11:30', location: 'Room M-15' },
    ],
  },
  {
    courseCode: 'PHY-110', name: 'Mechanics and Waves', credits: 3, departments: ['Physics'], isDepthElective: true,
    slots: [
      { sectionCode: 'A', day: 'Wednesday', time: '08:00-09:30', location: 'Hall P-1' },
      { sectionCode: 'B', day: 'Friday', time: '12:00-13:30', location: 'Hall P-2' },
    ],
  },
];

/**
 * The staged Physics department (seeded with SEED_DEMO_OBSERVATIONS, on by default): its HOD, observer and one
 * faculty member per stage of the cycle (see demo-cycles.ts). Kept apart from DEMO_ACCOUNTS so the journeys and
 * server tests, which initiate observations for the accounts above, find them as they always were.
 */
export const DEMO_STAGED_ACCOUNTS: readonly DemoAccount[] = [
  { local: 'hod.physics', name: 'Paolo Ricci', role: 'Head_of_Department', department: 'Physics', designation: 'Professor' },
  { local: 'observer.physics', name: 'Nadia Karim', role: 'Observer', department: 'Physics', designation: 'Associate Professor' },
  { local: 'faculty.physics1', name: 'Aisha Bello', role: 'Faculty', department: 'Physics', designation: 'Lecturer' },
  { local: 'faculty.physics2', name: 'Tomas Silva', role: 'Faculty', department: 'Physics', designation: 'Lecturer' },
  { local: 'faculty.physics3', name: 'Yuki Tanaka', role: 'Faculty', department: 'Physics', designation: 'Assistant Professor' },
  { local: 'faculty.physics4', name: 'Leon Fischer', role: 'Faculty', department: 'Physics', designation: 'Lecturer' },
  { local: 'faculty.physics5', name: 'Chloe Martin', role: 'Faculty', department: 'Physics', designation: 'Senior Lecturer' },
  { local: 'faculty.physics6', name: 'Ravi Menon', role: 'Faculty', department: 'Physics', designation: 'Associate Professor' },
];

/** One section per staged faculty member. */
export const DEMO_STAGED_COURSES: readonly DemoCourse[] = [
  {
    courseCode: 'PHY-220', name: 'Electromagnetism', credits: 3, departments: ['Physics'],
    slots: [
      { sectionCode: 'A', day: 'Monday', time: '10:00-11:30', location: 'Hall P-3', faculty: 'faculty.physics1' },
      { sectionCode: 'B', day: 'Tuesday', time: '12:00-13:30', location: 'Hall P-3', faculty: 'faculty.physics2' },
      { sectionCode: 'C', day: 'Wednesday', time: '10:00-11:30', location: 'Hall P-4', faculty: 'faculty.physics3' },
      { sectionCode: 'D', day: 'Thursday', time: '14:00-15:30', location: 'Hall P-4', faculty: 'faculty.physics4' },
      { sectionCode: 'E', day: 'Friday', time: '09:00-10:30', location: 'Lab P-10', faculty: 'faculty.physics5' },
      { sectionCode: 'F', day: 'Monday', time: '13:00-14:30', location: 'Lab P-10', faculty: 'faculty.physics6' },
    ],
  },
];
