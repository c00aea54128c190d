import type { Requirement } from './requirement.ts';

/**
 * Every requirement of the spec's sections 2, 4, 5, 8 and 9, where it is implemented and the
 * tests that prove it (trace/requirement.ts says what each field holds; `npm run trace` checks
 * them). In the spec's order.
 */
export const REQUIREMENTS: Requirement[] = [
  // 2. Screens and routes
  {
    id: 'S2.ROUTE.HOME',
    spec: '| / | Landing page |',
    by: ['contract/paths.ts home'],
    tests: ["tests/ui/every-route.test.tsx › ['/', {", "tests/e2e/routes.spec.ts › { name: 'landing', url: () => '/'"],
  },
  {
    id: 'S2.ROUTE.LOGIN',
    spec: '| /login | Login |',
    by: ['contract/paths.ts login'],
    tests: [
      "tests/ui/every-route.test.tsx › ['/login',",
      "tests/e2e/routes.spec.ts › { name: 'login', url: () => '/login'",
    ],
  },
  {
    id: 'S2.ROUTE.REGISTER',
    spec: '| /register | Customer registration |',
    by: ['contract/paths.ts register'],
    tests: [
      "tests/ui/every-route.test.tsx › ['/register',",
      "tests/e2e/routes.spec.ts › { name: 'register', url: () => '/register'",
    ],
  },
  {
    id: 'S2.ROUTE.VERIFY',
    spec: '| /email/verification | One-time-code entry |',
    by: ['contract/paths.ts verifyEmail'],
    tests: ["tests/e2e/routes.spec.ts › { name: 'verify-email', url: () => '/email/verification'"],
  },
  {
    id: 'S2.ROUTE.FORGOT',
    spec: '| /forgotpassword | Request a reset link |',
    by: ['contract/paths.ts forgotPassword'],
    tests: [
      "tests/ui/every-route.test.tsx › ['/forgotpassword',",
      "tests/e2e/routes.spec.ts › { name: 'forgot-password', url: () => '/forgotpassword'",
    ],
  },
  {
    id: 'S2.ROUTE.RESET',
    spec: '| /reset_password/{id}/{token} | Set a new password |',
    by: ['contract/paths.ts resetPassword'],
    tests: [
      "tests/ui/every-route.test.tsx › ['/reset_password/u1/t1',",
      "tests/e2e/routes.spec.ts › { name: 'reset-password', url: (s) =>",
    ],
  },
  {
    id: 'S2.ROUTE.CHECKSTATUS',
    spec: '| /checkstatus | Case lookup by case number |',
    by: ['contract/paths.ts checkStatus'],
    tests: [
      "tests/ui/every-route.test.tsx › ['/checkstatus',",
      "tests/e2e/routes.spec.ts › { name: 'check-status', url: () => '/checkstatus'",
    ],
  },
  {
    id: 'S2.ROUTE.ACCUSATION',
    spec: '| /makeaccusation | Accusation form |',
    by: ['contract/paths.ts accusation'],
    tests: [
      "tests/ui/every-route.test.tsx › ['/makeaccusation',",
      "tests/e2e/routes.spec.ts › { name: 'accusation', url: () => '/makeaccusation'",
    ],
  },
  {
    id: 'S2.ROUTE.MANUAL',
    spec: '| /manual | User manual viewer |',
    by: ['contract/paths.ts manual'],
    tests: [
      "tests/ui/every-route.test.tsx › ['/manual',",
      "tests/e2e/routes.spec.ts › { name: 'manual', url: () => '/manual'",
    ],
  },
  {
    id: 'S2.ROUTE.PRINT',
    spec: '| /print/{id} | Printable case document |',
    by: ['contract/paths.ts print'],
    tests: ["tests/ui/every-route.test.tsx › ['/print/c1',", "tests/e2e/routes.spec.ts › { name: 'print', url: (s) =>"],
  },
  {
    id: 'S2.ROUTE.DIVISION',
    spec: '| /division/{id} | Division detail with its active directorates |',
    by: ['contract/paths.ts division'],
    tests: ["tests/e2e/routes.spec.ts › { name: 'division', url: (s) =>"],
  },
  {
    id: 'S2.ROUTE.NOT_FOUND',
    spec: "| any other path | 404 page: 'Page not found' with a 'Go back' link to the root |",
    by: ['contract/paths.ts', 'src/app/errors.tsx'],
    tests: [
      'tests/ui/public-screens.test.tsx › unknown paths show the 404 page with Go back',
      "tests/ui/every-route.test.tsx › ['/anything/else',",
    ],
  },
  {
    id: 'S2.ROUTE.OTP_FLAG',
    spec: "/email/verification is reachable only while an 'otp screen' flag is on.",
    by: ['src/ui/stores.ts otp', 'machines/registration.machine.ts otpOn, otpOff'],
    tests: [
      'tests/ui/public-screens.test.tsx › the verification screen is unreachable while the otp flag is off',
      'tests/ui/public-screens.test.tsx › registers, turns the otp flag on, and verifies the email with the code',
    ],
  },
  {
    id: 'S2.ROUTE.PROTECTED',
    spec: '/dashboard and everything under it is a protected area.',
    by: ['src/app/dashboard'],
    tests: ['tests/ui/public-screens.test.tsx › /dashboard without a token goes to /'],
  },
  {
    id: 'S2.ROUTE.FULL_TABLE',
    spec: 'Full route table: not shown.',
    by: [],
    tests: [],
    nothing:
      "the route table is the contract's (contract/paths.ts), every route in it tested by tests/e2e/routes.spec.ts",
  },
  {
    id: 'S2.LANDING.HEADER',
    spec: "Header: logo, bureau name, the word 'customer', and a language selector.",
    by: ['src/screens/landing/landing.tsx'],
    tests: ['tests/ui/public-screens.test.tsx › switches to English with the selector, and remembers it'],
  },
  {
    id: 'S2.LANDING.BAR',
    spec: 'Blue bar with links to /checkstatus, /makeaccusation and /manual.',
    by: ['src/screens/landing/landing.tsx'],
    tests: ['tests/ui/public-screens.test.tsx › offer the way back to the dashboard'],
  },
  {
    id: 'S2.LANDING.BODY',
    spec: 'Body:',
    by: ['src/screens/landing/landing.tsx'],
    tests: ['tests/ui/public-screens.test.tsx › lists active, non-special divisions in reverse order'],
  },
  {
    id: 'S2.LANDING.BANNER',
    spec: "a banner title with the subtitle 'Customer Service';",
    by: ['src/screens/landing/landing.tsx'],
    tests: [],
  },
  {
    id: 'S2.LANDING.HEAD_MESSAGE',
    spec: "a 'Message From The Head' block in English and Amharic;",
    by: ['src/screens/landing/landing.tsx'],
    tests: [],
  },
  {
    id: 'S2.LANDING.SERVICES',
    spec: 'a Services grid;',
    by: ['src/screens/landing/landing.tsx'],
    tests: [],
  },
  {
    id: 'S2.LANDING.ABOUT',
    spec: 'an About Us section with three statistics;',
    by: ['src/screens/landing/landing.tsx'],
    tests: [],
  },
  {
    id: 'S2.LANDING.MISSION',
    spec: 'Mission and Vision blocks in six languages;',
    by: ['src/screens/landing/landing.tsx'],
    tests: [],
  },
  {
    id: 'S2.LANDING.MAP',
    spec: 'an embedded map of the bureau location;',
    by: ['src/screens/landing/landing.tsx'],
    tests: [],
  },
  {
    id: 'S2.LANDING.FOOTER',
    spec: "a footer reading a copyright line with the brand and 'All Right Reserved'.",
    by: ['src/screens/landing/landing.tsx'],
    tests: [],
  },
  {
    id: 'S2.LANDING.SERVICES_GRID',
    spec: "The Services grid lists divisions whose status is active and whose special flag is 'no', in reverse order of the list.",
    by: ['contract/rules.ts openDivisions', 'machines/divisions.machine.ts'],
    tests: [
      'tests/ui/public-screens.test.tsx › lists active, non-special divisions in reverse order, in Amharic, linking to their page',
      'tests/machines/lockout-session.test.ts › the Services grid: active, not special, in reverse order',
    ],
  },
  {
    id: 'S2.LANDING.WAIT',
    spec: "If the division fetch was rate-limited, the message 'Please wait 3 minutes before retrying.'",
    by: ['machines/divisions.machine.ts limitError'],
    tests: [
      'tests/ui/public-screens.test.tsx › replaces the page with the wait message when the division list answers 429',
    ],
  },
  {
    id: 'S2.LOGIN.FIELDS',
    spec: 'Fields: email (email type) and password (masked).',
    by: ['src/screens/login/login.tsx'],
    tests: [],
  },
  {
    id: 'S2.LOGIN.ELEMENTS',
    spec: "Elements: a login button, a forgot-password link, an 'OR' divider, a Register button, a Home link and a language switch.",
    by: ['src/screens/login/login.tsx'],
    tests: [],
  },
  {
    id: 'S2.LOGIN.SUCCESS',
    spec: 'Success stores the returned token in session storage and goes to /dashboard.',
    by: ['machines/login.machine.ts loggedIn, goToDashboard', 'machines/session.machine.ts storeToken'],
    tests: [
      'tests/ui/public-screens.test.tsx › logs in, keeps the token in sessionStorage tID, and opens the dashboard',
    ],
  },
  {
    id: 'S2.REGISTER.FIELDS',
    spec: 'Fields: first name, middle name, last name, gender select (Male/Female), sub-city, woreda, house number, house phone number, email, phone, password, confirm password, and a profile picture upload with preview.',
    by: ['src/screens/register/register.tsx', 'machines/registration.machine.ts'],
    tests: [
      'tests/ui/public-screens.test.tsx › registers, turns the otp flag on, and verifies the email with the code',
    ],
  },
  {
    id: 'S2.REGISTER.ELEMENTS',
    spec: "Elements: a Register button, an 'OR' divider and a Login button to /login.",
    by: ['src/screens/register/register.tsx'],
    tests: [],
  },
  {
    id: 'S2.REGISTER.SUCCESS',
    spec: 'Success turns the otp flag on and goes to /email/verification.',
    by: ['machines/registration.machine.ts otpOn, goToVerification'],
    tests: ['tests/machines/forms.test.ts › success turns the otp flag on and goes to verification with the email'],
  },
  {
    id: 'S2.VERIFY.ELEMENTS',
    spec: 'Elements: a numeric code input, a Verify button and a Resend link.',
    by: ['src/screens/verify-email/verify-email.tsx'],
    tests: [
      'tests/ui/screen-paths.test.tsx › email verification: every transition, on the screen',
      'tests/machines/forms.test.ts › without this browser’s registration, the code goes with the password chosen for it',
    ],
    // Opened without the registration this browser made, the screen also asks the registration's password.
    departure: 'docs/decisions/0029-whose-registration-whose-phone-whose-file.md',
  },
  {
    id: 'S2.VERIFY.SUCCESS',
    spec: 'Success goes to /login and turns the flag off.',
    by: ['machines/verification.machine.ts otpOff, goToLogin'],
    tests: ['tests/machines/forms.test.ts › goes to /login with the flag off'],
  },
  {
    id: 'S2.FORGOT.ELEMENTS',
    spec: "Elements: an email field, a 'Get reset link' button and a link back to /login.",
    by: ['src/screens/forgot-password/forgot-password.tsx'],
    tests: ['tests/ui/public-screens.test.tsx › forgot: a 500 shows Connection Lost with Reload Page'],
  },
  {
    id: 'S2.FORGOT.BUSY',
    spec: 'The button is disabled while a request is in progress.',
    by: ['machines/forgot-password.machine.ts sending'],
    tests: ['tests/ui/screen-paths.test.tsx › forgot password: every transition, on the screen'],
  },
  {
    id: 'S2.RESET.PARAMS',
    spec: 'Route parameters: id and token.',
    by: ['contract/paths.ts resetPassword'],
    tests: ["tests/ui/every-route.test.tsx › ['/reset_password/u1/t1',"],
  },
  {
    id: 'S2.RESET.FIELDS',
    spec: 'Fields: password and re-type password. Elements: a button and a link back to /login.',
    by: ['src/screens/reset-password/reset-password.tsx'],
    tests: ['tests/ui/public-screens.test.tsx › reset: a mismatch is shown'],
  },
  {
    id: 'S2.RESET.BUSY',
    spec: 'The button is disabled while busy.',
    by: ['machines/reset-password.machine.ts sending'],
    tests: ['tests/ui/screen-paths.test.tsx › reset password: every transition, on the screen'],
  },
  {
    id: 'S2.RESET.SUCCESS',
    spec: 'On success a message is shown, and after 6 seconds the user goes to /login.',
    by: ['machines/reset-password.machine.ts succeeded, keepMessage, goToLogin'],
    tests: [
      'tests/ui/public-screens.test.tsx › reset: a mismatch is shown; success shows the message and goes to /login after 6 seconds',
    ],
  },
  {
    id: 'S2.LOOKUP.INPUT',
    spec: "A case number text input with an example placeholder of the form '{prefix}-2017-000000' and a Check Status button.",
    by: ['src/screens/check-status/check-status.tsx'],
    tests: [
      'tests/ui/public-screens.test.tsx › shows a masked case with the note on how to see more, and the responder when verified',
    ],
  },
  {
    id: 'S2.LOOKUP.FOUND',
    spec: 'When a case is found, these are shown:',
    by: ['src/ui/case-details.tsx'],
    tests: ['tests/ui/public-screens.test.tsx › with the phone on file the whole case shows'],
    departure: 'docs/decisions/0003-public-lookup-privacy.md',
  },
  {
    id: 'S2.LOOKUP.CUSTOMER',
    spec: 'Customer information, read-only: first, middle and last name, sub-city, woreda, house number, phone, house phone, gender.',
    by: ['src/ui/case-details.tsx customer_info'],
    tests: ['tests/ui/public-screens.test.tsx › with the phone on file the whole case shows'],
    departure: 'docs/decisions/0003-public-lookup-privacy.md',
  },
  {
    id: 'S2.LOOKUP.CASE',
    spec: 'Case information: division name, requested case name, case number, related case number (a dash if none)',
    by: ['src/ui/case-details.tsx'],
    tests: [
      'tests/ui/public-screens.test.tsx › shows a masked case with the note on how to see more, and the responder when verified',
    ],
  },
  {
    id: 'S2.LOOKUP.ANSWERS',
    spec: 'The filled questions and answers. An answer is either an enum value id, shown by its value in the chosen language, or free text.',
    by: ['src/ui/case-details.tsx answer'],
    tests: ['tests/ui/dashboard-screens.test.tsx › answers show the enum value'],
  },
  {
    id: 'S2.LOOKUP.REMARK',
    spec: 'The remark, when present.',
    by: ['src/ui/case-details.tsx remark'],
    tests: [],
  },
  {
    id: 'S2.LOOKUP.ATTACHMENT',
    spec: 'The attachment, embedded as PDF.',
    by: ['src/ui/case-details.tsx attachment'],
    tests: ['tests/ui/dashboard-screens.test.tsx › opened directly (no state) loads by id'],
  },
  {
    id: 'S2.LOOKUP.RESPONSE',
    spec: 'The response attachment, embedded as PDF, only when verified.',
    by: ['src/ui/case-details.tsx response_justification'],
    tests: ['tests/ui/dashboard-screens.test.tsx › opened directly (no state) loads by id'],
  },
  {
    id: 'S2.LOOKUP.SCHEDULE',
    spec: 'A schedule section with extended by, extended date, scheduled by and scheduled date.',
    by: ['src/ui/case-details.tsx schedule_program'],
    tests: [],
  },
  {
    id: 'S2.LOOKUP.REJECTION',
    spec: 'A rejection section with the rejected date and the justification, shown when rejected_by exists.',
    by: ['src/ui/case-details.tsx rejected_by'],
    tests: [],
  },
  {
    id: 'S2.LOOKUP.PRINT',
    spec: 'A Print button to /print/{id}.',
    by: ['src/ui/case-details.tsx print'],
    tests: ['tests/ui/public-screens.test.tsx › Print passes the phone on (not in the URL)'],
  },
  {
    id: 'S2.PRINT',
    spec: 'It embeds the generated file. On small screens it offers a download link.',
    by: ['src/screens/print/print.tsx'],
    tests: ['tests/ui/every-route.test.tsx › the print view embeds the generated PDF with a download link'],
  },
  {
    id: 'S2.ACCUSATION.FIELDS',
    spec: 'Fields: name, phone, subject (required mark), accused department, description (required mark, 10 rows), attachment (PDF preview).',
    by: ['src/screens/accusation/accusation.tsx'],
    tests: ['tests/ui/public-screens.test.tsx › requires subject and description'],
  },
  {
    id: 'S2.ACCUSATION.BUTTONS',
    spec: 'Buttons: Cancel (back) and Submit.',
    by: ['src/screens/accusation/accusation.tsx', 'machines/accusation.machine.ts goBack'],
    tests: ['tests/ui/screen-paths.test.tsx › accusation: every transition, on the screen'],
  },
  {
    id: 'S2.MANUAL',
    spec: 'It embeds a PDF of the latest customer manual, with height 1000px, and offers a download named CUSTOMERLATEST.pdf.',
    by: ['src/screens/manual/manual.tsx'],
    tests: ['tests/ui/public-screens.test.tsx › the manual embeds the latest PDF and offers CUSTOMERLATEST.pdf'],
  },
  {
    id: 'S2.DIVISION',
    spec: "It shows the division's name and description in the chosen language and its directorates whose status is active.",
    by: ['src/screens/division/division.tsx'],
    tests: ['tests/ui/public-screens.test.tsx › a division page shows its name, description and active directorates'],
  },
  {
    id: 'S2.SHELL.SIDEBAR',
    spec: 'Sidebar, hidden on small screens, with links:',
    by: ['src/app/dashboard/shell.tsx'],
    tests: [],
  },
  {
    id: 'S2.SHELL.HOME',
    spec: '/dashboard (dashboard);',
    by: ['src/app/dashboard/shell.tsx', 'contract/paths.ts dashboardPaths'],
    tests: [],
  },
  {
    id: 'S2.SHELL.APPLY',
    spec: '/dashboard/cases (apply for a case);',
    by: ['src/app/dashboard/shell.tsx', 'contract/paths.ts dashboardPaths'],
    tests: [],
  },
  {
    id: 'S2.SHELL.STATUS',
    spec: '/dashboard/casestatus (case status);',
    by: ['src/app/dashboard/shell.tsx', 'contract/paths.ts dashboardPaths'],
    tests: [],
  },
  {
    id: 'S2.SHELL.MANUAL',
    spec: '/dashboard/manual (user manual);',
    by: ['src/app/dashboard/shell.tsx', 'contract/paths.ts dashboardPaths'],
    tests: [],
  },
  {
    id: 'S2.SHELL.PROFILE',
    spec: '/dashboard/settings (profile);',
    by: ['src/app/dashboard/shell.tsx', 'contract/paths.ts dashboardPaths'],
    tests: [],
  },
  {
    id: 'S2.SHELL.LOGOUT',
    spec: 'a logout button.',
    by: ['src/app/dashboard/shell.tsx', 'contract/paths.ts dashboardPaths'],
    tests: [],
  },
  {
    id: 'S2.SHELL.DRAWER',
    spec: 'On small screens a menu button opens a mobile drawer with the same entries.',
    by: ['src/app/dashboard/shell.tsx'],
    tests: [
      'tests/ui/dashboard-screens.test.tsx › the drawer opens from the menu button, traps focus and closes with Escape',
      'tests/e2e/keyboard.spec.ts › keyboard only: the dashboard menu drawer takes the focus',
    ],
  },
  {
    id: 'S2.SHELL.HEADER',
    spec: "Header: a greeting with the customer's first name, the company name and the title 'customer dashboard', a language selector, an avatar (the picture, or the first letter of the first name), the full name (first, middle, last) and a 'customer' label.",
    by: ['src/app/dashboard/shell.tsx', 'src/ui/avatar.tsx'],
    tests: [],
  },
  {
    id: 'S2.SHELL.NOT_FOUND',
    spec: 'Any unknown path under the dashboard shows the 404 page.',
    by: ['src/app/dashboard/dashboard.tsx'],
    tests: [
      'tests/ui/dashboard-screens.test.tsx › unknown dashboard paths show the 404 page, whose Go back leads to the root as the spec says',
    ],
  },
  {
    id: 'S2.HOME.TILES',
    spec: 'Five count tiles: total, pending, processing, responded and rejected cases.',
    by: ['src/screens/dashboard-home', 'contract/dashboard.ts'],
    tests: [
      'tests/ui/dashboard-screens.test.tsx › shows the five counts and the four most recent cases; a row opens the case',
    ],
  },
  {
    id: 'S2.HOME.RECENT',
    spec: "A 'recent cases' table of the first 4 cases (columns #, case number, status).",
    by: ['src/screens/dashboard-home', 'contract/limits.ts RECENT_CASES'],
    tests: [
      'tests/ui/dashboard-screens.test.tsx › shows the five counts and the four most recent cases; a row opens the case',
    ],
  },
  {
    id: 'S2.HOME.ROW',
    spec: 'Clicking a row opens /dashboard/case/{id}, passing the case number in navigation state.',
    by: ['src/ui/case-table.tsx'],
    tests: [
      'tests/ui/dashboard-screens.test.tsx › shows the five counts and the four most recent cases; a row opens the case',
    ],
  },
  {
    id: 'S2.APPLY.ORDER',
    spec: 'Elements, in order:',
    by: ['src/screens/apply/apply-form.tsx'],
    tests: ['tests/ui/dashboard-screens.test.tsx › checks required fields, confirms everything entered'],
  },
  {
    id: 'S2.APPLY.BACK',
    spec: 'a back arrow;',
    by: ['src/screens/apply/apply-form.tsx'],
    tests: [],
  },
  {
    id: 'S2.APPLY.INSTRUCTIONS',
    spec: 'an instructions box (required fields, file size limit, merge all documents into one attachment);',
    by: ['src/screens/apply/apply-form.tsx'],
    tests: [],
  },
  {
    id: 'S2.APPLY.DIVISIONS',
    spec: "a division select, offering only active divisions whose special flag is 'no';",
    by: ['src/screens/apply/apply-form.tsx'],
    tests: ['tests/api/cases.test.ts › refuses inactive and special divisions'],
  },
  {
    id: 'S2.APPLY.REQUESTS',
    spec: 'a case-request select, which appears once a division is picked and it has active requests;',
    by: ['src/screens/apply/apply-form.tsx'],
    tests: [
      'tests/ui/dashboard-screens.test.tsx › a division with no case request open says so instead of an empty list',
    ],
  },
  {
    id: 'S2.APPLY.RELATED',
    spec: "a related case number select, listing the customer's existing case numbers;",
    by: ['src/screens/apply/apply-form.tsx'],
    tests: ['tests/api/cases.test.ts › lists the customer’s own cases for the related-case select and in full'],
  },
  {
    id: 'S2.APPLY.QUESTIONS',
    spec: 'dynamic question fields, for the questions of the chosen case request;',
    by: ['src/screens/apply/apply-form.tsx'],
    tests: ['tests/machines/dashboard.test.ts › checks division, request, required and numeric answers and the remark'],
  },
  {
    id: 'S2.APPLY.ATTACHMENT',
    spec: 'an attachment upload with PDF preview;',
    by: ['src/screens/apply/apply-form.tsx'],
    tests: ['tests/ui/dashboard-screens.test.tsx › checks required fields, confirms everything entered'],
  },
  {
    id: 'S2.APPLY.REMARK',
    spec: 'a remark textarea with 15 rows;',
    by: ['src/screens/apply/apply-form.tsx'],
    tests: [],
  },
  {
    id: 'S2.APPLY.BUTTONS',
    spec: 'Cancel and Apply buttons.',
    by: ['src/screens/apply/apply-form.tsx'],
    tests: ['tests/ui/dashboard-screens.test.tsx › checks required fields, confirms everything entered'],
  },
  {
    id: 'S2.APPLY.QUESTION_FIELDS',
    spec: 'Question fields:',
    by: ['src/screens/apply/question-field.tsx'],
    tests: [],
  },
  {
    id: 'S2.APPLY.INPUT_TYPE',
    spec: 'inputType normal_input gives a single-line input, text_area gives a textarea, and anything else gives a select built from enumValues.',
    by: ['src/screens/apply/question-field.tsx'],
    tests: [],
  },
  {
    id: 'S2.APPLY.DATA_TYPE',
    spec: "dataType 'string' gives a text input, otherwise a number input.",
    by: ['src/screens/apply/question-field.tsx'],
    tests: [],
  },
  {
    id: 'S2.APPLY.REQUIRED_MARK',
    spec: "isRequired 'yes' shows an asterisk.",
    by: ['src/screens/apply/question-field.tsx'],
    tests: [],
  },
  {
    id: 'S2.APPLY.CONFIRM',
    spec: 'Apply opens a read-only confirmation view, scrolled to the top, showing everything entered, with Cancel (back to the form) and Apply (submit).',
    by: ['machines/apply.machine.ts review.confirming, scrollTop', 'src/screens/apply/apply-review.tsx'],
    tests: [
      'tests/ui/dashboard-screens.test.tsx › checks required fields, confirms everything entered, goes back without loss',
    ],
  },
  {
    id: 'S2.APPLY.SUCCESS',
    spec: 'On success a message is shown and after 6 seconds the user goes to /dashboard/casestatus.',
    by: ['machines/apply.machine.ts succeeded, goToCaseStatus'],
    tests: ['tests/ui/dashboard-screens.test.tsx › submits the spec form, redirects after 6 s'],
  },
  {
    id: 'S2.LIST.TABLE',
    spec: "A table (#, case number, status), paging with previous and next and 'page of total', and a sort select (latest, oldest).",
    by: ['src/screens/case-list/case-list.tsx', 'machines/case-list.machine.ts'],
    tests: [
      'tests/ui/dashboard-screens.test.tsx › pages with previous / next and sorts latest or oldest; empty says so',
    ],
  },
  {
    id: 'S2.LIST.EMPTY',
    spec: "Empty message: 'no available case'.",
    by: ['src/screens/case-list/case-list.tsx'],
    tests: ['tests/ui/dashboard-screens.test.tsx › shows "no available case" when there is none, in Amharic'],
  },
  {
    id: 'S2.LIST.ROW',
    spec: 'A row click opens /dashboard/case/{id} with the case number in state.',
    by: ['src/ui/case-table.tsx'],
    tests: ['tests/ui/dashboard-screens.test.tsx › pages with previous / next and sorts latest or oldest'],
  },
  {
    id: 'S2.DETAIL.LOADS',
    spec: 'It loads the case by the case number from state, the case type definition, the rating of the case and the questions.',
    by: ['machines/case-page.machine.ts', 'server/cases/reader.ts'],
    tests: [
      'tests/ui/case-page.test.tsx › asks for the case, its type, its rating and its history at once: one round trip',
    ],
    departure: 'docs/decisions/0023-a-page-shows-what-the-answer-brought.md',
  },
  {
    id: 'S2.DETAIL.ELEMENTS',
    spec: 'Elements: a back arrow, the case number with a status badge, a Print button (opens /print/{caseId}) and a Rate service button.',
    by: ['src/screens/case-detail', 'src/ui/case-details.tsx'],
    tests: ['tests/ui/dashboard-screens.test.tsx › Rate only when verified and not rated'],
  },
  {
    id: 'S2.DETAIL.FIELDS',
    spec: "Read-only fields: division, case request name, case number, related case number ('-' if none), late (yes/no), responded by (only when verified), submitted date, processing start date, responded date.",
    by: ['src/ui/case-details.tsx'],
    tests: ['tests/ui/dashboard-screens.test.tsx › opened directly (no state) loads by id'],
  },
  {
    id: 'S2.DETAIL.ANSWERS',
    spec: 'Then come the filled question answers, the description (remark) if present, and the attachment with an embedded viewer of height 700px and a download link.',
    by: ['src/ui/case-details.tsx', 'src/theme/sizes.ts VIEWER_HEIGHT_ATTACHMENT'],
    tests: [
      'tests/ui/dashboard-screens.test.tsx › opened directly (no state) loads by id; answers show the enum value',
    ],
  },
  {
    id: 'S2.DETAIL.RESPONSE',
    spec: 'When verified, the response attachment also appears with a viewer and a download link.',
    by: ['src/ui/case-details.tsx response_justification'],
    tests: ['tests/ui/dashboard-screens.test.tsx › opened directly (no state) loads by id'],
  },
  {
    id: 'S2.DETAIL.SCHEDULE',
    spec: 'A schedule section shows extended by, extended date, scheduled by and scheduled date.',
    by: ['src/ui/case-details.tsx schedule_program'],
    tests: [],
  },
  {
    id: 'S2.DETAIL.REJECTION',
    spec: 'A rejection section shows when the case is rejected: the rejected date and the justification.',
    by: ['src/ui/case-details.tsx rejected_by'],
    tests: [],
  },
  {
    id: 'S2.DETAIL.REMARK',
    spec: 'the description (remark) if present',
    by: ['src/ui/case-details.tsx remark'],
    tests: [],
  },
  {
    id: 'S2.RATING.MODAL',
    spec: "Title 'rate service', five clickable stars (initial value 1 or the current rating), a close icon and a submit button.",
    by: ['machines/rating.machine.ts', 'src/screens/case-detail'],
    tests: [
      'tests/ui/dashboard-screens.test.tsx › rates with the keyboard, a double-click on the first star clears it, submit hides the button',
      'tests/ui/screen-paths.test.tsx › rating: every transition, on the case page',
    ],
  },
  {
    id: 'S2.RATING.RESET',
    spec: 'A double-click on the first star resets the value to 0.',
    by: ['machines/rating.machine.ts reset'],
    tests: ['tests/ui/dashboard-screens.test.tsx › a double-click on the first star clears it'],
  },
  {
    id: 'S2.PROFILE.HEAD',
    spec: "Avatar, full name, a 'customer' label and an active/inactive badge (green for active, red for anything else).",
    by: ['src/screens/profile', 'src/ui/avatar.tsx'],
    tests: [
      'tests/ui/dashboard-screens.test.tsx › the profile shows every field, "-" when empty, and the active badge',
    ],
  },
  {
    id: 'S2.PROFILE.FIELDS',
    spec: "Read-only fields: first name, middle name, last name, woreda, house phone number, phone, email, gender, sub-city, house number ('-' when empty).",
    by: ['src/screens/profile'],
    tests: [
      'tests/ui/dashboard-screens.test.tsx › the profile shows every field, "-" when empty, and the active badge',
    ],
  },
  {
    id: 'S2.OTHER.CONNECTION_LOST',
    spec: 'Connection Lost: a full screen with a Reload Page button, shown when the server answers 500 on forgot or reset password.',
    by: ['src/app/errors.tsx'],
    tests: ['tests/ui/public-screens.test.tsx › forgot: a 500 shows Connection Lost with Reload Page'],
  },
  {
    id: 'S2.OTHER.SERVER_ERROR',
    spec: 'Generic server-error page: shown on 500 and on unexpected exceptions elsewhere.',
    by: ['src/app/errors.tsx'],
    tests: ['tests/ui/every-route.test.tsx › a 500 on login shows the generic server-error page'],
  },
  {
    id: 'S2.OTHER.FALLBACK',
    spec: "Router fallback: 'Unexpected Application Error!' followed by the error message.",
    by: ['src/app/errors.tsx RouteErrorBoundary'],
    tests: ['tests/ui/every-route.test.tsx › the router fallback shows'],
  },

  // 4. States and transitions
  {
    id: 'S4.BADGE.PENDING',
    spec: '| pending | pending | grey |',
    by: ['src/ui/status-badge.tsx BADGES'],
    tests: [],
  },
  {
    id: 'S4.BADGE.ONGOING',
    spec: '| ongoing | processing | blue |',
    by: ['src/ui/status-badge.tsx BADGES'],
    tests: [],
  },
  {
    id: 'S4.BADGE.RESPONDED',
    spec: '| responded | processing | blue |',
    by: ['src/ui/status-badge.tsx BADGES'],
    tests: [],
  },
  {
    id: 'S4.BADGE.VERIFIED',
    spec: '| verified | responded | green |',
    by: ['src/ui/status-badge.tsx BADGES'],
    tests: [],
  },
  {
    id: 'S4.BADGE.REJECTED',
    spec: '| rejected | rejected | red |',
    by: ['src/ui/status-badge.tsx BADGES'],
    tests: [],
  },
  {
    id: 'S4.LABEL.LATE',
    spec: "Labels also know 'late'.",
    by: ['server/cases/lateness.ts', 'src/ui/case-details.tsx late'],
    tests: ['tests/api/cases.test.ts › marks a case late once its time limit has passed'],
  },
  {
    id: 'S4.SERVER_TRANSITIONS',
    spec: 'Status transitions on the server side: not shown.',
    by: ['contract/case-lifecycle.machine.ts caseLifecycleMachine'],
    tests: ['tests/machines/case-lifecycle.test.ts › covers every state and transition'],
    departure: 'docs/decisions/0014-case-lifecycle-machine.md',
  },
  {
    id: 'S4.RATE.BUTTON',
    spec: 'The Rate service button appears only when the status is verified and the current customer has not already rated.',
    by: ['contract/rules.ts canRate', 'machines/case-page.machine.ts'],
    tests: [
      'tests/ui/dashboard-screens.test.tsx › Rate only when verified and not rated',
      'tests/ui/dashboard-screens.test.tsx › no Rate button once rated, nor for a case that is not verified',
      'tests/unit/rules.test.ts › who may rate',
    ],
  },
  {
    id: 'S4.RESPONDED_BY',
    spec: 'The responded-by field shows only when verified and a responder exists.',
    by: ['src/ui/case-details.tsx responded_by'],
    tests: [],
  },
  {
    id: 'S4.REJECTION.SECTION',
    spec: 'The rejection section shows when rejected_by exists.',
    by: ['src/ui/case-details.tsx rejected_by'],
    tests: [],
  },
  {
    id: 'S4.ACTIVE_INACTIVE',
    spec: '**Division and account states**: active and inactive.',
    by: ['contract/statuses.ts ACTIVE', 'contract/rules.ts openDivisions'],
    tests: [
      'tests/ui/public-screens.test.tsx › lists active, non-special divisions in reverse order',
      'tests/ui/dashboard-screens.test.tsx › the profile shows every field, "-" when empty, and the active badge',
    ],
  },
  {
    id: 'S4.DIVISIONS.FETCH',
    spec: '**Division fetch**: on start loading is true and limitError and error are cleared.',
    by: ['machines/divisions.machine.ts loading, success, error, limitError'],
    tests: [
      'tests/machines/lockout-session.test.ts › covers loading, success, error and limitError with retry',
      'tests/ui/screen-paths.test.tsx › divisions (landing): every transition, on the screen',
      'tests/ui/public-screens.test.tsx › replaces the page with the wait message when the division list answers 429',
    ],
  },
  {
    id: 'S4.APPLY.FLOW',
    spec: '**Apply flow**: form, then confirmation view, then submit (with a loading indicator), then a success message and a redirect to /dashboard/casestatus after 6 seconds.',
    by: ['machines/apply.machine.ts editing, review.confirming, submitting, succeeded, done'],
    tests: [
      'tests/machines/dashboard.test.ts › covers every state and transition: form, confirmation, back without loss, submit, 429, redirect after 6 s',
      'tests/ui/dashboard-screens.test.tsx › checks required fields, confirms everything entered, goes back without loss, submits the spec form, redirects after 6 s',
      'tests/e2e/journeys.spec.ts › apply -> confirmation -> submit with a PDF -> redirect after 6 s; the case is pending',
    ],
  },
  {
    id: 'S4.REGISTRATION.OTP',
    spec: '**Registration and verification**: registration success turns the otp flag on and goes to verification.',
    by: [
      'machines/registration.machine.ts otpOn, otpOff, goToVerification',
      'machines/verification.machine.ts otpOff, goToLogin',
    ],
    tests: [
      'tests/machines/forms.test.ts › covers every state and transition; success turns the otp flag on and goes to verification with the email',
      'tests/ui/public-screens.test.tsx › registers, turns the otp flag on, and verifies the email with the code',
      'tests/e2e/journeys.spec.ts › registration -> OTP from a real SMTP server -> login reaches the dashboard',
    ],
  },
  {
    id: 'S4.RESET.FLOW',
    spec: '**Reset password**: the button is disabled while busy. Success redirects to /login after 6 seconds.',
    by: ['machines/reset-password.machine.ts sending, succeeded', 'contract/limits.ts REDIRECT_AFTER_RESET_MS'],
    tests: [
      'tests/machines/forms.test.ts › covers every state and transition: mismatch is shown and not sent; success goes to /login after 6 s',
      'tests/ui/screen-paths.test.tsx › reset password: every transition, on the screen, the 6 s redirect included',
    ],
  },
  {
    id: 'S4.LOCKOUT',
    spec: '**Rate-limit lockout**: on HTTP 429 a 180-second countdown starts, ticking once per second.',
    by: ['machines/lockout.machine.ts open, locked', 'contract/limits.ts LOCKOUT_SECONDS, LOCKOUT_TICK_MS'],
    tests: [
      'tests/machines/lockout-session.test.ts › covers every state and transition: 429 starts the countdown, each second ticks, then it opens',
      'tests/machines/lockout-session.test.ts › waits the server out: its Retry-After when longer than 180 s, else 180 s (ADR 0005)',
      'tests/ui/public-screens.test.tsx › a 429 replaces the button with the wait message for 180 seconds, counting down',
      'tests/ui/screen-paths.test.tsx › lockout: every transition, in the app',
    ],
    departure: 'docs/decisions/0005-form-behaviour.md',
  },
  {
    id: 'S4.SESSION.EXPIRY',
    spec: '**Session expiry**: when a token exists, a timer is set to its expiry.',
    by: ['machines/session.machine.ts active, loggingOut'],
    tests: [
      'tests/ui/dashboard-screens.test.tsx › at the token expiry the customer is logged out: logout call, storage cleared but their draft, back to /',
      'tests/machines/lockout-session.test.ts › covers every state and transition: login, warning, renewal, expiry timer',
    ],
    departure: 'docs/decisions/0020-trust-on-the-street.md',
  },
  {
    id: 'S4.LOGOUT',
    spec: '**Logout**: on success session storage is cleared and the user goes to /.',
    by: ['machines/session.machine.ts loggingOut, clearToken, goHome'],
    tests: [
      'tests/ui/screen-paths.test.tsx › session: every transition, in the app',
      'tests/e2e/shared-computer.spec.ts › after a logout on a shared computer, the caches and IndexedDB hold nothing of the customer',
    ],
  },

  // 5. Validation rules
  {
    id: 'S5.REGISTRATION.CHECKED_BEFORE',
    spec: 'checked before sending; each failure shows a message that the field must not be greater than the limit',
    by: ['machines/registration.machine.ts registrationErrors, checking', 'contract/limits.ts FIELD_LIMITS'],
    tests: [
      'tests/ui/public-screens.test.tsx › checks the limits before sending: the error summary takes focus and nothing typed is lost',
      'tests/api/customers.test.ts › accepts 49 characters (the check fails at 50)',
    ],
    departure: 'docs/decisions/0005-form-behaviour.md',
  },
  {
    id: 'S5.REGISTRATION.FIRST_NAME',
    spec: '| first name | 50 | length 50 or more |',
    by: ['contract/limits.ts FIELD_LIMITS', 'machines/registration.machine.ts registrationErrors'],
    tests: [
      'tests/ui/public-screens.test.tsx › checks the limits before sending: the error summary takes focus and nothing typed is lost',
    ],
    departure: 'docs/decisions/0005-form-behaviour.md',
  },
  {
    id: 'S5.REGISTRATION.MIDDLE_NAME',
    spec: '| middle name | 50 | length 50 or more |',
    by: ['contract/limits.ts FIELD_LIMITS', 'machines/registration.machine.ts registrationErrors'],
    tests: [
      'tests/ui/public-screens.test.tsx › checks the limits before sending: the error summary takes focus and nothing typed is lost',
    ],
    departure: 'docs/decisions/0005-form-behaviour.md',
  },
  {
    id: 'S5.REGISTRATION.LAST_NAME',
    spec: '| last name | 50 | length 50 or more |',
    by: ['contract/limits.ts FIELD_LIMITS', 'machines/registration.machine.ts registrationErrors'],
    tests: [
      'tests/ui/public-screens.test.tsx › checks the limits before sending: the error summary takes focus and nothing typed is lost',
    ],
    departure: 'docs/decisions/0005-form-behaviour.md',
  },
  {
    id: 'S5.REGISTRATION.SUBCITY',
    spec: '| sub-city | 50 | not shown (same kind of check) |',
    by: ['contract/limits.ts FIELD_LIMITS', 'machines/registration.machine.ts registrationErrors'],
    tests: [
      'tests/ui/public-screens.test.tsx › checks the limits before sending: the error summary takes focus and nothing typed is lost',
    ],
    departure: 'docs/decisions/0005-form-behaviour.md',
  },
  {
    id: 'S5.REGISTRATION.WOREDA',
    spec: '| woreda | 20 | length 20 or more |',
    by: ['contract/limits.ts FIELD_LIMITS', 'machines/registration.machine.ts registrationErrors'],
    tests: [
      'tests/ui/public-screens.test.tsx › checks the limits before sending: the error summary takes focus and nothing typed is lost',
    ],
    departure: 'docs/decisions/0005-form-behaviour.md',
  },
  {
    id: 'S5.REGISTRATION.PHONE',
    spec: '| phone | 20 | length 20 or more |',
    by: ['contract/limits.ts FIELD_LIMITS', 'machines/registration.machine.ts registrationErrors'],
    tests: [
      'tests/ui/public-screens.test.tsx › checks the limits before sending: the error summary takes focus and nothing typed is lost',
    ],
    departure: 'docs/decisions/0005-form-behaviour.md',
  },
  {
    id: 'S5.REGISTRATION.HOUSE_PHONE',
    spec: '| house phone number | 20 | length 20 or more |',
    by: ['contract/limits.ts FIELD_LIMITS', 'machines/registration.machine.ts registrationErrors'],
    tests: [
      'tests/ui/public-screens.test.tsx › checks the limits before sending: the error summary takes focus and nothing typed is lost',
    ],
    departure: 'docs/decisions/0005-form-behaviour.md',
  },
  {
    id: 'S5.REGISTRATION.HOUSE_NUMBER',
    spec: '| house number | 20 | length 20 or more |',
    by: ['contract/limits.ts FIELD_LIMITS', 'machines/registration.machine.ts registrationErrors'],
    tests: [
      'tests/ui/public-screens.test.tsx › checks the limits before sending: the error summary takes focus and nothing typed is lost',
    ],
    departure: 'docs/decisions/0005-form-behaviour.md',
  },
  {
    id: 'S5.REGISTRATION.PASSWORDS_MATCH',
    spec: 'Password and confirmation must match, otherwise the message "password don\'t match".',
    by: ['machines/registration.machine.ts registrationErrors'],
    tests: [
      'tests/ui/public-screens.test.tsx › checks the limits before sending: the error summary takes focus and nothing typed is lost',
    ],
  },
  {
    id: 'S5.REGISTRATION.SERVER',
    spec: 'Server-side validation: not shown.',
    by: ['server/customers/registration.ts', 'contract/requests.ts'],
    tests: [
      'tests/api/customers.test.ts › refuses missing fields, values at the spec limit and wrong types, naming each field',
    ],
  },
  {
    id: 'S5.RESET.MISMATCH',
    spec: "**Reset password**: if password and re-type password differ, the error 'Password and Re-Type Password did not match' is shown.",
    by: ['machines/reset-password.machine.ts markMismatch'],
    tests: [
      'tests/machines/forms.test.ts › covers every state and transition: mismatch is shown and not sent',
      'tests/ui/public-screens.test.tsx › reset: a mismatch is shown',
    ],
    departure: 'docs/decisions/0005-form-behaviour.md',
  },
  {
    id: 'S5.LOOKUP.EMPTY',
    spec: "**Status lookup**: an empty case number shows 'Please enter a vaild case number' (translated per language).",
    by: ['machines/case-lookup.machine.ts markEmpty'],
    tests: [
      'tests/machines/forms.test.ts › covers every state and transition: an empty number is refused, a found case is kept',
      'tests/ui/public-screens.test.tsx › an empty number shows the message and sends nothing',
    ],
    departure: 'docs/decisions/0005-form-behaviour.md',
  },
  {
    id: 'S5.FORGOT',
    spec: '**Forgot password**: the email field is of email type.',
    by: ['src/screens/forgot-password/forgot-password.tsx type="email"'],
    tests: [],
  },
  {
    id: 'S5.LOGIN',
    spec: '**Login**: email type and masked password; no other check before sending.',
    by: ['src/screens/login/login.tsx type="email", type="password"'],
    tests: [],
    departure: 'docs/decisions/0020-trust-on-the-street.md',
  },
  {
    id: 'S5.APPLY.REQUIRED_MARKS',
    spec: 'Division and case request carry asterisks. The question inputs and the remark are marked required in the form.',
    by: ['src/screens/apply/apply-form.tsx required', 'contract/rules.ts applicationErrors'],
    tests: ['tests/machines/dashboard.test.ts › checks division, request, required and numeric answers and the remark'],
  },
  {
    id: 'S5.APPLY.NUMERIC_QUESTIONS',
    spec: 'Number inputs are used for numeric questions, and an asterisk for required questions.',
    by: ['src/screens/apply/question-field.tsx dataType, isRequired'],
    tests: [
      'tests/unit/rules.test.ts › an answer: required when empty only if the question is; too long; not one of the values; not a number',
    ],
  },
  {
    id: 'S5.APPLY.RELATED_CASE',
    spec: "The related case is chosen from the customer's existing cases.",
    by: ['src/screens/apply/apply-form.tsx related', 'server/cases/application.ts related_case_id'],
    tests: ['tests/api/cases.test.ts › accepts the customer’s own case as related case and refuses another customer’s'],
  },
  {
    id: 'S5.APPLY.ATTACHMENT',
    spec: 'The attachment is a single PDF. Labels say: maximum size 10MB, merge all documents into one pdf.',
    by: ['contract/limits.ts ATTACHMENT_MAX_BYTES', 'machines/form-parts.ts pdfProblem'],
    tests: ['tests/ui/dashboard-screens.test.tsx › checks required fields, confirms everything entered'],
  },
  {
    id: 'S5.ACCUSATION',
    spec: '**Accusation**: subject and description carry required marks; no check is applied before sending.',
    by: ['machines/accusation.machine.ts check'],
    tests: [
      'tests/machines/forms.test.ts › checks every text against the complaint schema before sending, with its limit; nothing typed is lost',
    ],
    departure: 'docs/decisions/0005-form-behaviour.md',
  },
  {
    id: 'S5.VERIFICATION_CODE',
    spec: '**Verification code**: numeric input, no length check.',
    by: ['src/screens/verify-email/verify-email.tsx inputMode', 'machines/verification.machine.ts change'],
    tests: [],
  },
  {
    id: 'S5.RATING',
    spec: '**Rating**: from 1 to 5 stars; 0 is reached by double-clicking the first star.',
    by: ['machines/rating.machine.ts set, reset', 'contract/limits.ts RATING_MIN, RATING_MAX'],
    tests: [
      'tests/ui/dashboard-screens.test.tsx › rates with the keyboard, a double-click on the first star clears it, submit hides the button',
      'tests/machines/dashboard.test.ts › a double-click reset to 0 cannot be submitted: it asks for a choice',
    ],
  },

  // 8. The error catalogue
  {
    id: 'S8.CONNECTION_LOST',
    spec: '| HTTP 500 on forgot or reset password, or an exception there | Connection Lost screen with Reload Page button |',
    by: ['machines/forgot-password.machine.ts connectionLost', 'machines/reset-password.machine.ts connectionLost'],
    tests: [
      'tests/ui/public-screens.test.tsx › forgot: a 500 shows Connection Lost with Reload Page',
      'tests/ui/screen-paths.test.tsx › reset password: every transition, on the screen',
      'tests/machines/forms.test.ts › covers every state and transition: success clears the email, 429 toasts, 500 loses the connection',
    ],
  },
  {
    id: 'S8.SERVER_ERROR_PAGE',
    spec: '| HTTP 500 on profile load, login, logout, rating, or an unexpected exception | generic server-error page |',
    by: ['machines/api-failure.ts serverError', 'src/app/errors.tsx'],
    tests: [
      'tests/ui/every-route.test.tsx › a 500 on login shows the generic server-error page',
      'tests/ui/dashboard-screens.test.tsx › a 500 on the profile shows the generic server-error page',
    ],
  },
  {
    id: 'S8.429.FORGOT_RESET',
    spec: "| HTTP 429 on forgot or reset | toast 'Too many attempts. Please try again later.' |",
    by: ['machines/forgot-password.machine.ts toastTooMany', 'machines/reset-password.machine.ts toastTooMany'],
    tests: [
      'tests/machines/forms.test.ts › covers every state and transition: success clears the email, 429 toasts, 500 loses the connection',
      'tests/ui/screen-paths.test.tsx › forgot password: every transition, on the screen',
    ],
  },
  {
    id: 'S8.429.REGISTRATION',
    spec: "| HTTP 429 on registration | 180-second lockout with 'Too many attempts. Please try again later.' |",
    by: ['machines/registration.machine.ts rateLimited'],
    tests: [
      'tests/ui/public-screens.test.tsx › a 429 on registration locks the button with the spec’s words for it',
      'tests/ui/public-screens.test.tsx › a registration 429 that asks for an hour keeps the spec’s words',
    ],
    departure: 'docs/decisions/0005-form-behaviour.md',
  },
  {
    id: 'S8.429.CASE_CREATION',
    spec: "| HTTP 429 on case creation | translated 'too many requests' toast |",
    by: ['machines/apply.machine.ts toastTooMany'],
    tests: [
      'tests/ui/dashboard-screens.test.tsx › a 429 on submit shows the translated too-many-requests toast and keeps the form; the draft survives',
    ],
  },
  {
    id: 'S8.429.LOCKOUT',
    spec: "| HTTP 429 on login, profile, case pages and most other calls | 180-second lockout; the button is replaced by 'Please wait 3 minutes before retrying.' (translated; Afar uses the English text) |",
    by: ['machines/lockout.machine.ts', 'src/ui/lockout-button.tsx'],
    tests: [
      'tests/ui/public-screens.test.tsx › a 429 replaces the button with the wait message for 180 seconds, counting down',
      'tests/machines/lockout-session.test.ts › every machine’s 429 passes the server’s Retry-After on to the lockout',
      'tests/unit/i18n-catalog.test.ts › Afar shows the English wait message',
    ],
    departure: 'docs/decisions/0005-form-behaviour.md',
  },
  {
    id: 'S8.DIVISIONS.429',
    spec: '| Division fetch 429 | limitError: the wait message replaces the landing page |',
    by: ['machines/divisions.machine.ts limitError', 'src/screens/landing/landing.tsx'],
    tests: [
      'tests/ui/public-screens.test.tsx › replaces the page with the wait message when the division list answers 429',
    ],
  },
  {
    id: 'S8.DIVISIONS.ERROR',
    spec: '| Division fetch, any other failure | error flag set; the text shown: not shown |',
    by: ['machines/divisions.machine.ts error'],
    tests: ['tests/ui/screen-paths.test.tsx › divisions (landing): every transition, on the screen'],
  },
  {
    id: 'S8.SERVER_MESSAGE_TOAST',
    spec: '| Other errors (login, registration, rating, case-number lookup, accusation) | error toast with Message_{lang} of the response, in the chosen language |',
    by: ['machines/api-failure.ts failureToast'],
    tests: [
      'tests/ui/public-screens.test.tsx › shows the server message on a wrong password, in Amharic, in the toast',
      'tests/ui/public-screens.test.tsx › a number that does not exist shows the server message',
    ],
  },
  {
    id: 'S8.UNKNOWN_ROUTE',
    spec: "| Unknown route | 404 page 'Page not found' |",
    by: ['src/app/errors.tsx', 'src/app/route-match.ts'],
    tests: [
      'tests/ui/public-screens.test.tsx › unknown paths show the 404 page with Go back',
      'tests/ui/dashboard-screens.test.tsx › unknown dashboard paths show the 404 page',
    ],
  },
  {
    id: 'S8.ROUTER_FALLBACK',
    spec: "| Router fallback | 'Unexpected Application Error!' with the error message |",
    by: ['src/app/errors.tsx'],
    tests: ['tests/ui/every-route.test.tsx › the router fallback shows'],
  },
  {
    id: 'S8.EN_AM_ONLY',
    spec: 'Some screens handle only En and Am messages.',
    by: ['src/i18n/localize.ts'],
    tests: ['tests/unit/i18n-catalog.test.ts › every language falls back to a non-empty text'],
    departure: 'docs/decisions/0005-form-behaviour.md',
  },
  {
    id: 'S8.ACCUSATION_CLEARED',
    spec: 'On the accusation screen the form is cleared after a failure too.',
    by: ['machines/accusation.machine.ts clearForm'],
    tests: [
      'tests/machines/forms.test.ts › checks every text against the complaint schema before sending, with its limit; nothing typed is lost',
    ],
    departure: 'docs/decisions/0005-form-behaviour.md',
  },
  {
    id: 'S8.ACCEPTOR_LOGOUT',
    spec: 'Logout failures on the accusation acceptor logout are only logged.',
    by: [],
    tests: [],
    nothing:
      'the accusation acceptor (staff) logout is not part of the customer portal; staff act through the command line (ADR 0021)',
  },
  {
    id: 'S8.LABELS',
    spec: "Label texts: 'Something went wrong', 'Page Not Found', 'We couldn't find the page you are looking for.'",
    by: ['src/i18n/messages/en.json'],
    tests: [
      'tests/ui/public-screens.test.tsx › unknown paths show the 404 page with Go back',
      'tests/ui/every-route.test.tsx › a 500 on login shows the generic server-error page',
    ],
  },
  {
    id: 'S8.OTHER_WORDING',
    spec: 'Server error wording for other cases: not shown.',
    by: [],
    tests: [],
    nothing: 'the spec leaves it open; every server answer carries Message_* in six languages (server/messages.ts)',
  },

  // 9. Business constants and limits
  {
    id: 'S9.LOCKOUT.WAIT',
    spec: 'Rate-limit wait: 3 minutes (180 seconds), counted down each second.',
    by: ['contract/limits.ts LOCKOUT_SECONDS, LOCKOUT_TICK_MS'],
    tests: [
      'tests/machines/lockout-session.test.ts › counts 180 seconds by default and resumes a countdown after a reload',
    ],
    departure: 'docs/decisions/0005-form-behaviour.md',
  },
  {
    id: 'S9.REDIRECTS',
    spec: 'Redirect after password reset: 6 seconds. Redirect after case creation: 6 seconds.',
    by: ['contract/limits.ts REDIRECT_AFTER_RESET_MS, REDIRECT_AFTER_CASE_MS'],
    tests: [
      'tests/ui/public-screens.test.tsx › reset: a mismatch is shown; success shows the message and goes to /login after 6 seconds',
      'tests/ui/dashboard-screens.test.tsx › redirects after 6 s',
    ],
  },
  {
    id: 'S9.RECENT_CASES',
    spec: 'Recent cases on the dashboard: 4.',
    by: ['contract/limits.ts RECENT_CASES'],
    tests: [
      'tests/ui/dashboard-screens.test.tsx › shows the five counts and the four most recent cases; a row opens the case',
    ],
  },
  {
    id: 'S9.SORT_AND_PAGE',
    spec: 'Status list: sort values -1 (latest, default) and 1 (oldest); starting page 1.',
    by: ['contract/limits.ts SORT_LATEST, SORT_OLDEST, FIRST_PAGE', 'machines/case-list.machine.ts sort'],
    tests: [
      'tests/api/cases.test.ts › pages the list, latest first by default, oldest first with sort=1',
      'tests/ui/dashboard-screens.test.tsx › pages with previous / next and sorts latest or oldest; empty says so',
    ],
  },
  {
    id: 'S9.RATING.STARS',
    spec: 'Rating stars: 5; initial value 1 or the current rating.',
    by: ['contract/limits.ts RATING_MIN, RATING_MAX', 'machines/rating.machine.ts start'],
    tests: [
      'tests/machines/dashboard.test.ts › covers every state and transition: open at the current value, set, reset to 0, submit once chosen',
    ],
  },
  {
    id: 'S9.ATTACHMENT',
    spec: 'Attachment: PDF, one file; maximum 10MB per the labels (see section 5 for the other reading).',
    by: ['contract/limits.ts ATTACHMENT_MAX_BYTES', 'machines/form-parts.ts pdfProblem'],
    tests: ['tests/ui/public-screens.test.tsx › refuses a file that is not a PDF before upload'],
  },
  {
    id: 'S9.TEXTAREA_ROWS',
    spec: 'Textarea rows: 15 on the case form, 10 on the accusation form.',
    by: ['src/theme/sizes.ts TEXTAREA_ROWS_CASE, TEXTAREA_ROWS_ACCUSATION'],
    tests: [],
  },
  {
    id: 'S9.NAME_LIMITS',
    spec: 'Name limits: 50 characters for first, middle and last name and sub-city.',
    by: ['contract/limits.ts FIELD_LIMITS'],
    tests: [
      'tests/ui/public-screens.test.tsx › checks the limits before sending: the error summary takes focus and nothing typed is lost',
    ],
    departure: 'docs/decisions/0005-form-behaviour.md',
  },
  {
    id: 'S9.VIEWER_HEIGHTS',
    spec: 'Viewer height: 700px for attachments, 1000px for the manual.',
    by: ['src/theme/sizes.ts VIEWER_HEIGHT_ATTACHMENT, VIEWER_HEIGHT_MANUAL'],
    tests: [
      'tests/ui/dashboard-screens.test.tsx › opened directly (no state) loads by id',
      'tests/ui/public-screens.test.tsx › the manual embeds the latest PDF and offers CUSTOMERLATEST.pdf',
    ],
  },
  {
    id: 'S9.MANUAL_NAME',
    spec: 'Manual download name: CUSTOMERLATEST.pdf.',
    by: ['contract/limits.ts MANUAL_DOWNLOAD_NAME'],
    tests: ['tests/ui/public-screens.test.tsx › the manual embeds the latest PDF and offers CUSTOMERLATEST.pdf'],
  },
  {
    id: 'S9.CASE_NUMBER',
    spec: "Case number example pattern: '{prefix}-2017-000000'.",
    by: ['contract/limits.ts DEFAULT_CASE_NUMBER_PREFIX', 'src/i18n/messages/en.json lookup.placeholder'],
    tests: [
      'tests/ui/public-screens.test.tsx › shows a masked case with the note on how to see more, and the responder when verified',
    ],
  },
  {
    id: 'S9.SESSION_KEY',
    spec: 'Session token key: tID; expiry from its exp claim in seconds.',
    by: ['contract/limits.ts SESSION_STORAGE_KEY', 'machines/session.machine.ts adopt'],
    tests: [
      'tests/ui/public-screens.test.tsx › logs in, keeps the token in sessionStorage tID, and opens the dashboard',
    ],
  },
  {
    id: 'S9.LANGUAGES',
    spec: 'Languages: En, Am, Or, Tg, Sm, Af. The default is Am. The selector offers En and Am.',
    by: ['contract/languages.ts'],
    tests: [
      'tests/unit/i18n-catalog.test.ts › are in all six languages, English and Amharic complete',
      'tests/unit/i18n-catalog.test.ts › Afar shows the English wait message; every language falls back to a non-empty text',
      'tests/ui/public-screens.test.tsx › lists active, non-special divisions in reverse order, in Amharic',
    ],
  },
  {
    id: 'S9.STATISTICS',
    spec: 'Landing statistics: 350,000+, 153,000+, 20,000+ (see section 1).',
    by: ['src/screens/landing/landing.tsx'],
    tests: ['tests/ui/public-screens.test.tsx › lists active, non-special divisions in reverse order'],
  },
  {
    id: 'S9.TOASTS',
    spec: 'Toast notifications close automatically after 5 seconds and appear at the top right.',
    by: ['contract/limits.ts TOAST_MS', 'src/ui/ui.css.ts toastRegion'],
    tests: [],
  },
  {
    id: 'S9.TIMEOUTS',
    spec: 'HTTP client default timeout: none (0). Script chunk loading times out after 120000 ms.',
    by: ['src/api/client.ts'],
    tests: [],
    nothing:
      "the old client's defaults: calls have no timeout of their own (fetch's, as the spec's 0); screens load by the browser's native import(), which has no timeout to set",
  },
  {
    id: 'S9.API_BASE',
    spec: 'The production API base is a plain-http host under /api ({host}). A fixed API key is embedded for the division list call ({key}).',
    by: ['contract/endpoints.ts apiKeyHeader'],
    tests: ['tests/api/reference.test.ts › checks the per-endpoint header'],
    departure: 'docs/decisions/0002-api-key-headers.md',
  },
  {
    id: 'S9.GENDER',
    spec: 'Gender: the forms offer Male and Female; the exact values sent in the payload are not shown.',
    by: ['contract/entities.ts gender', 'src/screens/register/register.tsx'],
    tests: [
      'tests/ui/public-screens.test.tsx › registers, turns the otp flag on, and verifies the email with the code',
    ],
  },
];
