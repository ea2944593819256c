/**
 * The message catalogue (SPEC §5, §8). Both the server (error bodies) and the client (toasts, inline
 * errors) use these texts, so a rule's message is written once. SPEC's spelling mistakes are corrected.
 */
export const MSG = {
  // Login / session
  invalidLoginEmail: 'Enter Valid Email Address!',
  serverNotResponding: 'Server not responding at that time!',
  invalidCredentials: 'Invalid email or password!',
  tooManyAttempts: 'Too many attempts, try again in a moment!',
  tooManyStreams: 'Too many open live-update connections: close another tab or device, or wait a moment!',
  notSignedIn: 'Please sign in again.',
  forbidden: 'You are not allowed to do that!',
  notFound: 'Not found!',
  notificationsRead: 'All notifications marked as read.',
  somethingWrong: 'Something went wrong, Try again in a moment!',
  somethingWrongScheduling: 'Something Went Wrong, Try Again!',
  loggingOut: 'Logging out...',

  // Single sign-on (docs/operations/single-sign-on.md)
  passwordSignInOff: 'Password sign-in is switched off here: use single sign-on.',
  ssoNotConfigured: 'Single sign-on is not set up on this server.',
  ssoStateMissing: 'Single sign-on failed: the answer from the identity provider has no state. Start again.',
  ssoStateUnknown: 'Single sign-on failed: this sign-in was not started here, was already used or took too long. Start again.',
  ssoFailed: 'Single sign-on failed: the identity provider’s answer could not be verified. Start again.',
  ssoProviderError: 'Single sign-on failed at the identity provider. Start again, or ask the IT service desk.',
  ssoProviderUnreachable: 'The identity provider cannot be reached at the moment. Try again in a moment.',
  ssoEmailMissing: 'Single sign-on failed: the identity provider did not give an email address.',
  ssoEmailUnverified: 'Single sign-on failed: the identity provider does not vouch for this email address.',
  ssoEmailOutsideDomain: (domain: string) => `Only @${domain} accounts may sign in here.`,
  ssoPending: 'Your account is waiting for an administrator’s approval. You can sign in once it is approved.',
  ssoSubjectConflict: 'This account is already linked to another identity at the identity provider. Ask an administrator.',
  ssoRejected: 'An administrator has declined access for this account.',
  ssoTicketInvalid: 'This sign-in link is not valid or has expired. Sign in again.',
  ssoRequestDecided: 'This request has already been decided.',
  // Offboarding (deactivate, reactivate, reassign)
  accountDeactivated: 'This account has been deactivated. Ask your administrator or head of department to reactivate it.',
  userDeactivated: 'User deactivated: they are signed out everywhere and can no longer sign in.',
  userReactivated: 'User reactivated: they can sign in again.',
  alreadyDeactivated: 'This user is already deactivated!',
  notDeactivated: 'This user is not deactivated!',
  deactivatedParticipant: 'A deactivated user cannot take part in a new observation!',
  mayNotManageUser: 'You can only deactivate or reactivate users your role may create (a head of department: of their own department)!',
  reassignTarget: 'observerId: choose an active observer of the observation\'s department!',
  reassignNotOpen: 'observationIds: every observation must be an open observation of this observer!',
  observationsReassigned: (n: number) => `${n} observation${n === 1 ? '' : 's'} reassigned.`,

  // Create user
  requiredData: 'Please provide required data!',
  invalidEmail: 'Please enter valid email address!',
  domainOnly: (domain: string) => `Only @${domain} email domain allowed!`,
  passwordMin: 'Password should be minimum 8 characters long!',
  invitationInvalid: 'This invitation link is not valid or has expired. Ask your head of department for a new one.',
  invitationAccepted: 'Your password is set. Sign in with it now.',
  userInvited: 'User created. An invitation to set their password was emailed to them.',
  passwordsSame: 'Passwords should be same!',
  facultyNeedsCourse: 'Assign Course to Faculty',
  facultyNeedsSlot: 'Assign Course Slot to Faculty',
  noSlotsForCourse: 'No available slots for that course!',
  emailTaken: 'A user with that email already exists!',
  roleNotAllowed: 'You may not create users of that role!',
  selectDepartment: 'Please select a department!',
  userCreating: 'User Creating...',
  userCreated: 'User created successfully',

  // Initiate observation
  selectObserverAndFaculty: 'Provide select observer and faculties both!',
  selectSemester: 'Provide select semester!',
  noFacultyAvailable: 'No available faculty for observation at the moment!',
  observationsInitiating: 'Observation(s) initiating...',
  observationsInitiated: 'Observation(s) initiated successfully!',

  // Rubrics
  selectAllRubrics: 'Please Select all Rubrics Point!',
  saveAllRubrics: 'Please save all rubrics scores!',
  rubricsSaved: 'Rubrics Point Saved!',
  savingRubrics: 'Saving rubrics scores...',
  lockingRubrics: 'Locking rubrics scores...',
  notReversible: 'This action will not be reversed!',
  alreadyScored: 'You have already submitted your scores!',
  scoresLocked: 'Scores are locked!',

  // Scheduling
  provideAllDetails: 'Please provide all the required details...',
  provideSlots: 'Provide your slots!',
  provideAllFields: 'Provide all required fields!',
  schedulingCreating: 'Scheduling Creating...',
  schedulingCreated: 'Scheduling Created Successfully!',
  schedulingUpdating: 'Scheduling updating...',
  observationUpdated: 'Observation updated!',
  acknowledged: 'Observation acknowledged!',
  responseSaved: 'Response saved!',
  signedOff: 'Observation signed off!',
  goalSaved: 'Growth goal saved!',
  goalRemoved: 'Growth goal removed!',
  goalReviewed: 'Growth goal reviewed!',
  observationAccepting: 'Observation accepting...',
  observationAccepted: 'Observation Accepted',
  doneScheduling: 'Done Scheduling...',
  schedulingCompleted: 'Observation Scheduling Completed!',
  observerNotConfirmed: 'Observer not confirmed yet...',

  // Observation cycle: server-side rules
  observerAndFacultyOfDepartment: 'The observer and the faculty must be users of your department!',
  facultyHasOpenObservation: 'A selected faculty member already has an open observation!',
  observationCompleted: 'This observation is already completed!',
  schedulingExists: 'Scheduling has already been started!',
  schedulingNotStarted: 'Scheduling has not been started yet!',
  schedulingAlreadyCompleted: 'Scheduling is already completed!',
  courseNotOfFaculty: 'That course is not one of the faculty member\'s courses!',
  teachingPlanFirst: 'Please provide the teaching plan first!',
  slotsNotOfFaculty: 'Offer slots from your own course slots!',
  slotNotOffered: 'Pick one of the slots the faculty offered!',
  facultyAlreadyAccepted: 'Faculty Accepted Day and Slot',
  noScheduledDate: 'The observer has not picked a day and date yet!',
  facultyNotAccepted: 'Faculty has not accepted yet!',
  bothMustAccept: 'Both sides must accept before Done!',
  answerTooLong: 'Each answer may have at most 500 words!',
  reflectiveWriteupRule: 'Reflective write-ups need a narrative of at least 60 words without bullets!',
  bothScoresNeeded: 'Both scores are needed before locking!',
  informedNotCompleted: 'The informed observation is not completed yet!',
  uninformedExists: 'The uninformed observation has already been started!',
  meetingNotStarted: 'That observation has not been started yet!',
  observationsNotCompleted: 'Both observations must be completed first!',
  postExists: 'The post observation meeting has already been created!',
  postNotCreated: 'The post observation meeting has not been created yet!',
  postNotOngoing: 'The post observation meeting is no longer open for changes!',
  reflectionPlanFirst: 'Please provide the reflection plan first!',
  artifactNeeded: 'Please upload at least one artifact!',
  markScheduledNeedsSlot: 'Faculty has not chosen a slot yet!',
  completeNeedsScheduled: 'Mark the meeting Scheduled first!',
  artifactTypeNotAllowed: 'Only pdf, docx, jpeg, png and mp4 files are accepted!',
  artifactTooLarge: 'The file is too large!',
  uploadNotFound: 'The uploaded file was not found!',
  avatarUpdated: 'Profile picture updated!',
  calendarFeedReady: 'Calendar link ready: add it to your calendar app. It is shown only now; reset it if it leaks.',
  calendarFeedStopped: 'Calendar link stopped.',
  avatarTypeNotAllowed: 'A profile picture must be a JPEG, PNG or WebP image!',
  avatarTooLarge: 'The profile picture is too large (at most 512 KB)!',
  avatarUnreadable: (name: string) => `"${name}" could not be read as a picture: upload a JPEG, PNG or WebP image!`,
  avatarTooManyPixels: (name: string, max: number) => `"${name}" has too many pixels: at most ${max / 1_000_000} megapixels!`,
  artifactUploaded: 'Artifact uploaded successfully!',
  emptyMessage: 'Please write a message!',

  // Courses
  incompleteSlot: 'Please provide complete slot details if you want to add!',
  courseDetails: 'Provide course details properly!',
  minOneSlot: 'Please provide and save minimum 1 slot details!',
  assignDetails: 'Provide details properly!',
  selectSlots: 'Please select the slots!',
  noSlotsAvailable: 'Oops, sorry no available slots for that course!',
  courseCreating: 'Course creating...',
  courseCreated: 'Course created successfully!',
  slotsLoading: 'Slots loading...',
  slotsLoaded: 'Slots load successfully!',
  courseAssigning: 'Course assigning...',

  // Post observation
  timingsOrLocation: 'Please provide appropriate timings or location...',
  timings: 'Please provide appropriate timings...',
  postCreating: 'Post Observation Scheduling Creating...',
  postCreated: 'Post Observation created!',
  postUpdating: 'Post Observation Scheduling Updating...',
  postUpdated: 'Post Observation updated!',
  postScheduling: 'Scheduling Post Observation Scheduling...',
  observationCompleting: 'Observation Completing...',
  uploading: 'Uploading...',
  noFileSelected: 'No file selected',

  // Password reset
  provideAllRequired: 'Provide all required fields!',
  newPasswordsSame: 'New password and confirm password should be same!',
  newPasswordMin: 'New password should be minimum of 8 characters!',
  oldPasswordWrong: 'Old password is incorrect!',
  passwordResetting: 'Password Resetting...',
  passwordReset: 'Password reset successfully!',

  // Profile
  profileUpdating: 'Profile Updating...',
  profileUpdated: 'Profile Updated Successfully!',

  // Courses, templates, prompt: server-side rules
  slotDay: 'Slot day must be a day of the week!',
  slotTime: 'Slot timing must be 24-hour HH:MM or HH:MM-HH:MM!',
  creditsRange: 'Credit hours must be a whole number from 1 to 6!',
  duplicateSection: 'Each slot needs its own section code!',
  unknownDepartment: 'Unknown department!',
  ownDepartmentCourse: 'A course you create must include your own department!',
  courseCodeTaken: 'A course with that code already exists on this campus!',
  courseIdTaken: 'A course with that id already exists!',
  slotTaken: 'A selected slot is already assigned to a faculty member!',
  slotsOfOneCourse: 'The selected slots must belong to one course!',
  notFaculty: 'Courses can only be assigned to Faculty!',
  courseAssigned: 'Course slots assigned successfully!',
  // Slots changed after a course is created
  slotAdded: 'Slot added successfully!',
  slotUpdated: 'Slot updated successfully!',
  slotDeleted: 'Slot deleted successfully!',
  slotUnassigned: 'Slot unassigned successfully!',
  slotNotAssigned: 'This slot is not assigned to anyone!',
  slotInOpenObservation: (name: string) => `${name} has an open observation of this course; unassign the slot once it is completed!`,
  lastSlot: 'A course needs at least one slot: add another before deleting this one!',
  slotAssignedTo: (name: string) => `This slot is assigned to ${name}; unassign it first!`,
  slotUsedByObservation: (name: string) => `This slot is used by an observation of ${name}; it cannot be deleted!`,
  ownDepartmentSlot: 'You can only change slots of your own department\'s courses!',
  ownDepartmentFaculty: 'You can only assign or change the slots of your own department\'s faculty!',
  planStepDetails: 'Provide the step name and text!',
  thresholdMax: 'Provide maximum 100 threshold!',
  promptSent: (n: number) => `Observation prompt sent: ${n} faculty member(s) listed.`,
  promptResult: (listed: number, to: readonly { name: string; email: string }[]) =>
    listed === 0
      ? 'Observation prompt sent: nobody is below the threshold, so no email was sent.'
      : `Observation prompt sent: ${listed} faculty member(s) listed; ${to.length} email(s) sent${to.length ? ` to ${to.map((r) => `${r.name} (${r.email})`).join(', ')}` : ''}.`,

  // Prompt
  campusAndDepartment: 'Provide select campus and department both!',
  thresholdMin: 'Provide minimum 50 threshold!',
  noDepartment: 'No available department at the moment!',
  observationPrompting: 'Observation prompting...',

  // Templates
  updatedSuccessfully: 'Updated Successfully!',
  templateTooLong: 'The template may have at most 500 words!',

  // Field-ready forms
  degreeEndBeforeStart: 'Degree Ending cannot be before Degree Starting!',
  draftRestored: 'Your unsaved draft was restored.',
  stepIncomplete: (field: string) => `Please answer "${field}" before going on!`,

  classDateInPast: 'The class date cannot be in the past!',
  classDateNotSlotDay: (slotDay: string, dateDay: string) => `The class date must be a ${slotDay}, the day of the picked slot (that date is a ${dateDay})!`,
  rubricsBeforeClass: (day: string) => `Rubrics can be completed from the day of the scheduled class (${day}) onwards!`,

  // Write outcomes
  savedOnDevice: 'Saved on this device — will sync',
  /** A file chosen while offline: kept on the device, uploaded later; the real success comes when it is. */
  uploadSavedOffline: 'Saved on this phone — it will upload when you are online',
  uploadWaiting: 'Waiting to upload…',
  saving: 'Saving...',

  // Empty states
  noObservations: 'No Observations!',
  noUsers: 'No Users!',
  noCourseSlots: 'No Courses Slots!',
  noCourses: 'No Courses!',

  // Observer calibration (docs/calibration-statistics.md): why a figure has no value, and the certification checks
  calibrationStat: {
    'no-items': 'Not available: no item has the scores this figure needs.',
    'too-few-items': 'Not available: at least two items scored by every participant are needed.',
    'single-participant': 'Not available: at least two participants are needed.',
    'no-variation': 'Not defined: every score is the same level, so agreement cannot be told apart from chance.',
    'indeterminate': 'Not defined for these scores: they vary neither between items nor between observers.',
    'too-few-values': 'Not available: at least two values are needed for a confidence interval.',
  },
  calibrationFigure: { exact: 'Exact agreement', adjacent: 'Adjacent agreement' },
  calibrationThresholdMet: (figure: string, actual: number, required: number) =>
    `${figure}: ${actual.toFixed(1)} % meets the required ${required} %.`,
  // Rounded down, so a share just under the threshold never reads as the threshold itself.
  calibrationThresholdBelow: (figure: string, actual: number, required: number) =>
    `${figure}: ${(Math.floor(actual * 10) / 10).toFixed(1)} % is below the required ${required} %.`,
} as const;
