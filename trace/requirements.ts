import type { Requirement } from './requirement.ts';

/**
 * Every requirement of the spec's sections 2 to 9, where it is implemented and the tests that
 * prove it (trace/requirement.ts says what each field holds; `npm run trace` checks
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
    by: ['contract/paths.ts fileComplaint'],
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
    by: ['src/app/app.tsx PublicRoutes', 'src/app/errors.tsx NotFound'],
    tests: [
      'tests/ui/landing-and-public.test.tsx › unknown paths show the 404 page with Go back',
      "tests/ui/every-route.test.tsx › ['/anything/else',",
    ],
  },
  {
    id: 'S2.ROUTE.OTP_FLAG',
    spec: "/email/verification is reachable only while an 'otp screen' flag is on.",
    by: ['src/ui/stores.ts otpScreen', 'src/screens/verify-email/verify-email.tsx VerifyEmail'],
    tests: [
      'tests/ui/registration-screens.test.tsx › the verification screen is unreachable while the otp flag is off',
    ],
  },
  {
    id: 'S2.ROUTE.OTP_FLAG_SWITCH',
    spec: 'The flag is turned on by successful registration and turned off by successful verification or by a failed registration.',
    by: [
      'machines/registration.machine.ts otpOn, otpOff',
      'machines/verification.machine.ts otpOff',
      'src/app/effects.ts useMachineEffects',
    ],
    tests: [
      'tests/machines/account-forms.test.ts › covers every state and transition; success turns the otp flag on and goes to verification with the email',
      'tests/machines/account-forms.test.ts › goes to /login with the flag off',
    ],
  },
  {
    id: 'S2.ROUTE.OTP_EMAIL',
    spec: 'The screen takes the email from navigation state.',
    by: ['machines/registration.machine.ts goToVerification', 'src/screens/verify-email/verify-email.tsx VerifyEmail'],
    tests: [
      'tests/ui/registration-screens.test.tsx › registers, turns the otp flag on, and verifies the email with the code',
      'tests/machines/account-forms.test.ts › success turns the otp flag on and goes to verification with the email',
    ],
  },
  {
    id: 'S2.ROUTE.PROTECTED',
    spec: '/dashboard and everything under it is a protected area. Its child routes render only when a session token is present. Otherwise the visitor is redirected to /.',
    by: ['src/app/app.tsx DashboardGuard, Routes'],
    tests: [
      'tests/ui/landing-and-public.test.tsx › /dashboard without a token goes to /',
      'tests/ui/landing-and-public.test.tsx › a page below /dashboard without a token goes straight to the login, which says which case opens after it (ADR 0040)',
    ],
    departure: 'docs/decisions/0040-a-link-opens-the-login.md',
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
    by: ['src/app/layout.tsx Header, Logo, LanguageSelect'],
    tests: ['tests/ui/landing-and-public.test.tsx › switches to English with the selector, and remembers it'],
  },
  {
    id: 'S2.LANDING.BAR',
    spec: 'Blue bar with links to /checkstatus, /makeaccusation and /manual.',
    by: ['src/app/layout.tsx BlueBar'],
    tests: [],
  },
  {
    id: 'S2.LANDING.BAR_ACCOUNT',
    spec: 'It also has an external link to the bureau website, a Login button (to /login) and a Register button (to /register).',
    by: ['src/app/layout.tsx BlueBar', 'src/app/for-screens/links.ts BUREAU_WEBSITE'],
    tests: [
      'tests/ui/landing-and-public.test.tsx › offer the way back to the dashboard, with the customer’s name, instead of Login and Register',
    ],
  },
  {
    id: 'S2.LANDING.BAR_MENU',
    spec: 'On small screens the links sit in a toggled menu.',
    by: ['src/app/layout.tsx BlueBar', 'src/app/layout.css.ts menuButton, barLinksClosed'],
    tests: [],
  },
  {
    id: 'S2.LANDING.BODY',
    spec: 'Body:',
    by: ['src/screens/landing/landing.tsx Landing'],
    tests: [
      'tests/ui/landing-and-public.test.tsx › the landing body: banner and subtitle, the head’s message, services, about with three figures, mission and vision, the map, the footer',
    ],
  },
  {
    id: 'S2.LANDING.BANNER',
    spec: "a banner title with the subtitle 'Customer Service';",
    by: ['src/screens/landing/landing.tsx Landing'],
    tests: [],
  },
  {
    id: 'S2.LANDING.HEAD_MESSAGE',
    spec: "a 'Message From The Head' block in English and Amharic;",
    by: ['src/screens/landing/landing.tsx Landing'],
    tests: [],
  },
  {
    id: 'S2.LANDING.SERVICES',
    spec: 'a Services grid;',
    by: ['src/screens/landing/landing.tsx Landing'],
    tests: [],
  },
  {
    id: 'S2.LANDING.ABOUT',
    spec: 'an About Us section with three statistics;',
    by: ['src/screens/landing/landing.tsx Landing', 'src/screens/landing/stats.ts LANDING_STATS'],
    tests: [],
  },
  {
    id: 'S2.LANDING.MISSION',
    spec: 'Mission and Vision blocks in six languages;',
    by: ['src/screens/landing/landing.tsx SixLanguages', 'src/i18n/messages/mission.json En, Am, Or, Tg, Sm, Af'],
    tests: ['tests/unit/i18n-catalog.test.ts › mission and vision are in all six'],
  },
  {
    id: 'S2.LANDING.MAP',
    spec: 'an embedded map of the bureau location;',
    by: ['src/screens/landing/landing.tsx BureauMap', 'src/app/for-screens/links.ts MAP_EMBED'],
    tests: [],
  },
  {
    id: 'S2.LANDING.FOOTER',
    spec: "a footer reading a copyright line with the brand and 'All Right Reserved'.",
    by: ['src/app/layout.tsx Footer', 'src/i18n/messages/en.json landing.footer'],
    tests: [],
  },
  {
    id: 'S2.LANDING.SERVICES_GRID',
    spec: "The Services grid lists divisions whose status is active and whose special flag is 'no', in reverse order of the list.",
    by: ['machines/divisions.machine.ts serviceDivisions', 'contract/rules.ts isOpenDivision'],
    tests: [
      'tests/ui/landing-and-public.test.tsx › lists active, non-special divisions in reverse order, in Amharic, linking to their page',
      'tests/machines/lockout-session.test.ts › the Services grid: active, not special, in reverse order',
    ],
  },
  {
    id: 'S2.LANDING.SERVICE_TILE',
    spec: 'Each shows its name in the chosen language. Clicking one goes to /division/{id}.',
    by: ['src/screens/landing/landing.tsx Landing', 'src/i18n/localize.ts localized', 'contract/paths.ts division'],
    tests: [
      'tests/ui/landing-and-public.test.tsx › lists active, non-special divisions in reverse order, in Amharic, linking to their page',
      'tests/ui/landing-and-public.test.tsx › switches to English with the selector',
    ],
  },
  {
    id: 'S2.LANDING.WAIT',
    spec: "If the division fetch was rate-limited, the message 'Please wait 3 minutes before retrying.' (also in Amharic, Oromo, Tigrinya and Somali) replaces the landing page.",
    by: [
      'machines/divisions.machine.ts limitError',
      'src/screens/landing/landing.tsx Landing',
      'src/ui/lockout.tsx WaitMessage',
      'src/i18n/messages/or.json wait.message',
    ],
    tests: [
      'tests/ui/landing-and-public.test.tsx › replaces the page with the wait message when the division list answers 429',
      'tests/unit/i18n-catalog.test.ts › Oromo, Tigrinya and Somali carry the wait message',
    ],
    departure: 'docs/decisions/0005-form-behaviour.md',
  },
  {
    id: 'S2.LOGIN.FIELDS',
    spec: 'Fields: email (email type) and password (masked).',
    by: ['src/screens/login/login.tsx Login'],
    tests: [],
  },
  {
    id: 'S2.LOGIN.ELEMENTS',
    spec: "Elements: a login button, a forgot-password link, an 'OR' divider, a Register button, a Home link and a language switch.",
    by: ['src/screens/login/login.tsx Login', 'src/app/layout.tsx LanguageSelect'],
    tests: [],
  },
  {
    id: 'S2.LOGIN.SUCCESS',
    spec: 'Success stores the returned token in session storage and goes to /dashboard.',
    by: [
      'machines/login.machine.ts loggedIn, goToDashboard',
      'machines/session.machine.ts storeToken',
      'src/app/session.tsx sessionLogic',
    ],
    tests: [
      'tests/ui/login-screens.test.tsx › logs in, keeps the token in sessionStorage tID, and opens the dashboard',
    ],
  },
  {
    id: 'S2.REGISTER.FIELDS',
    spec: 'Fields: first name, middle name, last name, gender select (Male/Female), sub-city, woreda, house number, house phone number, email, phone, password, confirm password, and a profile picture upload with preview.',
    by: [
      'src/screens/register/register.tsx Register, TEXT_FIELDS, ADDRESS_FIELDS',
      'machines/registration.machine.ts REGISTRATION_FIELDS, pickPicture',
    ],
    tests: [
      'tests/ui/registration-screens.test.tsx › registers, turns the otp flag on, and verifies the email with the code',
    ],
  },
  {
    id: 'S2.REGISTER.ELEMENTS',
    spec: "Elements: a Register button, an 'OR' divider and a Login button to /login.",
    by: ['src/screens/register/register.tsx Register'],
    tests: [],
  },
  {
    id: 'S2.REGISTER.SUCCESS',
    spec: 'Success turns the otp flag on and goes to /email/verification.',
    by: ['machines/registration.machine.ts otpOn, goToVerification'],
    tests: [
      'tests/machines/account-forms.test.ts › success turns the otp flag on and goes to verification with the email',
    ],
  },
  {
    id: 'S2.VERIFY.ELEMENTS',
    spec: 'Elements: a numeric code input, a Verify button and a Resend link.',
    by: ['src/screens/verify-email/verify-email.tsx Verify', 'machines/verification.machine.ts asksPassword'],
    tests: [
      'tests/ui/screen-paths-account.test.tsx › email verification: every transition, on the screen',
      'tests/machines/account-forms.test.ts › without this browser’s registration, the code goes with the password chosen for it',
    ],
    // Opened without the registration this browser made, the screen also asks the registration's password.
    departure: 'docs/decisions/0029-whose-registration-whose-phone-whose-file.md',
  },
  {
    id: 'S2.VERIFY.SUCCESS',
    spec: 'Success goes to /login and turns the flag off.',
    by: ['machines/verification.machine.ts otpOff, goToLogin'],
    tests: ['tests/machines/account-forms.test.ts › goes to /login with the flag off'],
  },
  {
    id: 'S2.FORGOT.ELEMENTS',
    spec: "Elements: an email field, a 'Get reset link' button and a link back to /login.",
    by: ['src/screens/forgot-password/forgot-password.tsx ForgotPassword'],
    tests: ['tests/ui/login-screens.test.tsx › forgot: a 500 shows Connection Lost with Reload Page'],
  },
  {
    id: 'S2.FORGOT.BUSY',
    spec: 'The button is disabled while a request is in progress.',
    by: [
      'machines/forgot-password.machine.ts sending',
      'src/screens/forgot-password/forgot-password.tsx ForgotPassword',
    ],
    tests: ['tests/ui/screen-paths-account.test.tsx › forgot password: every transition, on the screen'],
  },
  {
    id: 'S2.RESET.PARAMS',
    spec: 'Route parameters: id and token.',
    by: ['contract/paths.ts resetPassword', 'src/app/app.tsx PublicRoutes'],
    tests: ["tests/ui/every-route.test.tsx › ['/reset_password/u1/t1',"],
  },
  {
    id: 'S2.RESET.FIELDS',
    spec: 'Fields: password and re-type password. Elements: a button and a link back to /login.',
    by: ['src/screens/reset-password/reset-password.tsx ResetPassword'],
    tests: ['tests/ui/login-screens.test.tsx › reset: a mismatch is shown'],
  },
  {
    id: 'S2.RESET.BUSY',
    spec: 'The button is disabled while busy.',
    by: ['machines/reset-password.machine.ts sending', 'src/screens/reset-password/reset-password.tsx ResetPassword'],
    tests: ['tests/ui/screen-paths-account.test.tsx › reset password: every transition, on the screen'],
  },
  {
    id: 'S2.RESET.SUCCESS',
    spec: 'On success a message is shown, and after 6 seconds the user goes to /login.',
    by: ['machines/reset-password.machine.ts succeeded, keepMessage, goToLogin'],
    tests: [
      'tests/ui/login-screens.test.tsx › reset: a mismatch is shown; success shows the message and goes to /login after 6 seconds',
    ],
  },
  {
    id: 'S2.LOOKUP.INPUT',
    spec: "A case number text input with an example placeholder of the form '{prefix}-2017-000000' and a Check Status button.",
    by: ['src/screens/check-status/check-status.tsx CheckStatus, PREFIX'],
    tests: [
      'tests/ui/lookup-and-complaints.test.tsx › shows a masked case with the note on how to see more, and the responder when verified',
    ],
  },
  {
    id: 'S2.LOOKUP.FOUND',
    spec: 'When a case is found, these are shown:',
    by: ['src/screens/check-status/check-status.tsx CheckStatus', 'src/ui/case-details.tsx CaseDetails'],
    tests: ['tests/ui/lookup-and-complaints.test.tsx › with the phone on file the whole case shows'],
    departure: 'docs/decisions/0003-public-lookup-privacy.md',
  },
  {
    id: 'S2.LOOKUP.CUSTOMER',
    spec: 'Customer information, read-only: first, middle and last name, sub-city, woreda, house number, phone, house phone, gender.',
    by: ['src/ui/case-details.tsx CaseDetails', 'server/cases/visibility.ts maskCase'],
    tests: [
      'tests/ui/lookup-and-complaints.test.tsx › with the phone on file the whole case shows',
      'tests/unit/visibility.test.ts › masks the personal fields of a case for a visitor without proof, and withholds its answers',
    ],
    departure: 'docs/decisions/0003-public-lookup-privacy.md',
  },
  {
    id: 'S2.LOOKUP.CASE',
    spec: 'Case information: division name, requested case name, case number, related case number (a dash if none), late (yes/no), submitted date, processing start date, responded date, and responded-by name when the status is verified.',
    by: ['src/ui/case-details.tsx CaseDetails'],
    tests: [
      'tests/ui/lookup-and-complaints.test.tsx › shows a masked case with the note on how to see more, and the responder when verified',
    ],
    departure: 'docs/decisions/0003-public-lookup-privacy.md',
  },
  {
    id: 'S2.LOOKUP.ANSWERS',
    spec: 'The filled questions and answers. An answer is either an enum value id, shown by its value in the chosen language, or free text.',
    by: ['src/ui/case-details.tsx CaseDetails.answer', 'src/screens/check-status/check-status.tsx CheckStatus'],
    tests: ['tests/ui/case-detail-screens.test.tsx › answers show the enum value'],
    departure: 'docs/decisions/0003-public-lookup-privacy.md',
  },
  {
    id: 'S2.LOOKUP.REMARK',
    spec: 'The remark, when present.',
    by: ['src/ui/case-details.tsx CaseDetails'],
    tests: [],
    departure: 'docs/decisions/0003-public-lookup-privacy.md',
  },
  {
    id: 'S2.LOOKUP.ATTACHMENT',
    spec: 'The attachment, embedded as PDF.',
    by: ['src/ui/case-details.tsx CaseDetails', 'src/ui/pdf.tsx PdfViewer'],
    tests: ['tests/ui/case-detail-screens.test.tsx › opened directly (no state) loads by id'],
    departure: 'docs/decisions/0003-public-lookup-privacy.md',
  },
  {
    id: 'S2.LOOKUP.RESPONSE',
    spec: 'The response attachment, embedded as PDF, only when verified.',
    by: ['src/ui/case-details.tsx CaseDetails', 'src/ui/pdf.tsx PdfViewer'],
    tests: ['tests/ui/case-detail-screens.test.tsx › opened directly (no state) loads by id'],
    departure: 'docs/decisions/0003-public-lookup-privacy.md',
  },
  {
    id: 'S2.LOOKUP.SCHEDULE',
    spec: 'A schedule section with extended by, extended date, scheduled by and scheduled date.',
    by: ['src/ui/case-details.tsx CaseDetails'],
    tests: [],
  },
  {
    id: 'S2.LOOKUP.REJECTION',
    spec: 'A rejection section with the rejected date and the justification, shown when rejected_by exists.',
    by: ['src/ui/case-details.tsx CaseDetails'],
    tests: [],
  },
  {
    id: 'S2.LOOKUP.PRINT',
    spec: 'A Print button to /print/{id}.',
    by: ['src/ui/case-details.tsx CaseDetails', 'contract/paths.ts print'],
    tests: ['tests/ui/lookup-and-complaints.test.tsx › Print passes the phone on (not in the URL)'],
  },
  {
    id: 'S2.PRINT',
    spec: 'It embeds the generated file. On small screens it offers a download link.',
    by: ['src/screens/print/print.tsx Print'],
    tests: [
      'tests/ui/every-route.test.tsx › the print view says the case in short and embeds the PDF, saved under the case number, at the link of minutes the server gave',
    ],
  },
  {
    id: 'S2.ACCUSATION.FIELDS',
    spec: 'Fields: name, phone, subject (required mark), accused department, description (required mark, 10 rows), attachment (PDF preview).',
    by: [
      'src/screens/file-complaint/file-complaint.tsx FileComplaint, FIELDS',
      'src/theme/sizes.ts TEXTAREA_ROWS_COMPLAINT',
    ],
    tests: [
      'tests/ui/lookup-and-complaints.test.tsx › requires subject and description',
      'tests/ui/lookup-and-complaints.test.tsx › refuses a file that is not a PDF before upload',
    ],
  },
  {
    id: 'S2.ACCUSATION.BUTTONS',
    spec: 'Buttons: Cancel (back) and Submit.',
    by: ['src/screens/file-complaint/file-complaint.tsx FileComplaint', 'machines/complaint.machine.ts goBack'],
    tests: ['tests/ui/screen-paths-cases.test.tsx › accusation: every transition, on the screen'],
  },
  {
    id: 'S2.MANUAL',
    spec: 'It embeds a PDF of the latest customer manual, with height 1000px, and offers a download named CUSTOMERLATEST.pdf.',
    by: ['src/screens/manual/manual.tsx Manual, MANUAL_URL', 'src/theme/sizes.ts VIEWER_HEIGHT_MANUAL'],
    tests: ['tests/ui/landing-and-public.test.tsx › the manual embeds the latest PDF and offers CUSTOMERLATEST.pdf'],
  },
  {
    id: 'S2.DIVISION',
    spec: "It shows the division's name and description in the chosen language and its directorates whose status is active.",
    by: ['src/screens/division/division.tsx DivisionDetail, logic'],
    tests: [
      'tests/ui/landing-and-public.test.tsx › a division page shows its name, description and active directorates',
    ],
  },
  {
    id: 'S2.SHELL.SIDEBAR',
    spec: 'Sidebar, hidden on small screens, with links:',
    by: ['src/app/dashboard/shell.tsx DashboardShell, NavLinks', 'src/app/dashboard/shell.css.ts sidebar'],
    tests: [],
  },
  {
    id: 'S2.SHELL.HOME',
    spec: '/dashboard (dashboard);',
    by: ['src/app/dashboard/shell.tsx LINKS', 'contract/paths.ts dashboardPaths.home'],
    tests: [],
  },
  {
    id: 'S2.SHELL.APPLY',
    spec: '/dashboard/cases (apply for a case);',
    by: ['src/app/dashboard/shell.tsx LINKS', 'contract/paths.ts dashboardPaths.apply'],
    tests: [],
  },
  {
    id: 'S2.SHELL.STATUS',
    spec: '/dashboard/casestatus (case status);',
    by: ['src/app/dashboard/shell.tsx LINKS', 'contract/paths.ts dashboardPaths.caseStatus'],
    tests: [],
  },
  {
    id: 'S2.SHELL.MANUAL',
    spec: '/dashboard/manual (user manual);',
    by: ['src/app/dashboard/shell.tsx LINKS', 'contract/paths.ts dashboardPaths.manual'],
    tests: [],
  },
  {
    id: 'S2.SHELL.PROFILE',
    spec: '/dashboard/settings (profile);',
    by: ['src/app/dashboard/shell.tsx LINKS', 'contract/paths.ts dashboardPaths.profile'],
    tests: [],
  },
  {
    id: 'S2.SHELL.LOGOUT',
    spec: 'a logout button.',
    by: ['src/app/dashboard/shell.tsx NavLinks', 'src/app/session.tsx logoutEvent'],
    tests: [],
  },
  {
    id: 'S2.SHELL.DRAWER',
    spec: 'On small screens a menu button opens a mobile drawer with the same entries.',
    by: ['src/app/dashboard/shell.tsx DashboardShell, NavLinks'],
    tests: [
      'tests/ui/profile-and-shell.test.tsx › the drawer opens from the menu button, traps focus and closes with Escape',
      'tests/e2e/keyboard.spec.ts › keyboard only: the dashboard menu drawer takes the focus',
    ],
  },
  {
    id: 'S2.SHELL.DRAWER_HEADING',
    spec: 'The drawer heading is translated only in English and Amharic.',
    by: ['src/i18n/messages/am.json dashboard.drawerTitle', 'src/i18n/languages.ts FALLBACKS'],
    tests: [],
  },
  {
    id: 'S2.SHELL.HEADER',
    spec: "Header: a greeting with the customer's first name, the company name and the title 'customer dashboard', a language selector, an avatar (the picture, or the first letter of the first name), the full name (first, middle, last) and a 'customer' label.",
    by: ['src/app/dashboard/shell.tsx DashboardShell', 'src/ui/avatar.tsx Avatar, fullName'],
    tests: [],
  },
  {
    id: 'S2.SHELL.NOT_FOUND',
    spec: 'Any unknown path under the dashboard shows the 404 page.',
    by: ['src/app/dashboard/dashboard.tsx Dashboard', 'src/app/errors.tsx NotFound'],
    tests: [
      'tests/ui/profile-and-shell.test.tsx › unknown dashboard paths show the 404 page, whose Go back leads to the root as the spec says',
    ],
  },
  {
    id: 'S2.HOME.TILES',
    spec: 'Five count tiles: total, pending, processing, responded and rejected cases.',
    by: [
      'src/screens/dashboard-home/dashboard-home.tsx DashboardHome, TILES',
      'server/cases/repository.ts caseStatistics',
    ],
    tests: [
      'tests/ui/dashboard-home-and-apply.test.tsx › shows the counts and the four most recent cases; a row opens the case',
    ],
  },
  {
    id: 'S2.HOME.RECENT',
    spec: "A 'recent cases' table of the first 4 cases (columns #, case number, status).",
    by: [
      'src/screens/dashboard-home/dashboard-home.tsx DashboardHome, shown',
      'src/ui/case-table.tsx CaseTable',
      'contract/limits.ts RECENT_CASES',
    ],
    tests: [
      'tests/ui/dashboard-home-and-apply.test.tsx › shows the counts and the four most recent cases; a row opens the case',
    ],
  },
  {
    id: 'S2.HOME.ROW',
    spec: 'Clicking a row opens /dashboard/case/{id}, passing the case number in navigation state.',
    by: [
      'src/ui/case-table.tsx CaseTable',
      'src/screens/dashboard-home/dashboard-home.tsx DashboardHome',
      'machines/case-page.machine.ts openedFrom',
    ],
    tests: [
      'tests/ui/dashboard-home-and-apply.test.tsx › shows the counts and the four most recent cases; a row opens the case',
      'tests/machines/case-page.test.ts › a list hands the page the case number and its type',
    ],
  },
  {
    id: 'S2.APPLY.ORDER',
    spec: 'Elements, in order:',
    by: ['src/screens/apply/apply-form.tsx ApplyForm'],
    tests: ['tests/ui/dashboard-home-and-apply.test.tsx › checks required fields, confirms everything entered'],
  },
  {
    id: 'S2.APPLY.BACK',
    spec: 'a back arrow;',
    by: ['src/screens/apply/apply-form.tsx ApplyForm'],
    tests: [],
  },
  {
    id: 'S2.APPLY.INSTRUCTIONS',
    spec: 'an instructions box (required fields, file size limit, merge all documents into one attachment);',
    by: ['src/screens/apply/apply-form.tsx ApplyForm'],
    tests: [],
  },
  {
    id: 'S2.APPLY.DIVISIONS',
    spec: "a division select, offering only active divisions whose special flag is 'no';",
    by: ['src/screens/apply/apply-form.tsx ApplyForm', 'machines/application.ts openDivisions'],
    tests: [
      'tests/unit/rules.test.ts › open divisions and requests',
      'tests/api/cases-filing.test.ts › refuses inactive and special divisions',
    ],
  },
  {
    id: 'S2.APPLY.REQUESTS',
    spec: 'a case-request select, which appears once a division is picked and it has active requests;',
    by: ['src/screens/apply/apply-form.tsx ApplyForm', 'machines/application.ts requestsOf, noneOpenIn'],
    tests: [
      'tests/ui/dashboard-home-and-apply.test.tsx › a division with no case request open says so instead of an empty list',
    ],
  },
  {
    id: 'S2.APPLY.RELATED',
    spec: "a related case number select, listing the customer's existing case numbers;",
    by: ['src/screens/apply/apply-form.tsx ApplyForm', 'src/screens/apply/logic.ts logic'],
    tests: ['tests/api/cases-reading.test.ts › lists the customer’s own cases for the related-case select and in full'],
  },
  {
    id: 'S2.APPLY.QUESTIONS',
    spec: 'dynamic question fields, for the questions of the chosen case request;',
    by: ['src/screens/apply/apply-form.tsx ApplyForm', 'machines/application.ts questionsOf'],
    tests: ['tests/machines/apply.test.ts › checks division, request, required and numeric answers and the remark'],
  },
  {
    id: 'S2.APPLY.ATTACHMENT',
    spec: 'an attachment upload with PDF preview;',
    by: ['src/screens/apply/apply-form.tsx ApplyForm', 'src/ui/pdf.tsx PdfPreview'],
    tests: ['tests/ui/dashboard-home-and-apply.test.tsx › checks required fields, confirms everything entered'],
  },
  {
    id: 'S2.APPLY.REMARK',
    spec: 'a remark textarea with 15 rows;',
    by: ['src/screens/apply/apply-form.tsx ApplyForm', 'src/theme/sizes.ts TEXTAREA_ROWS_CASE'],
    tests: [],
  },
  {
    id: 'S2.APPLY.BUTTONS',
    spec: 'Cancel and Apply buttons.',
    by: ['src/screens/apply/apply-form.tsx ApplyForm', 'machines/apply.machine.ts goBack'],
    tests: ['tests/ui/dashboard-home-and-apply.test.tsx › checks required fields, confirms everything entered'],
  },
  {
    id: 'S2.APPLY.QUESTION_FIELDS',
    spec: 'Question fields:',
    by: ['src/screens/apply/question-field.tsx QuestionField'],
    tests: [],
  },
  {
    id: 'S2.APPLY.INPUT_TYPE',
    spec: 'inputType normal_input gives a single-line input, text_area gives a textarea, and anything else gives a select built from enumValues.',
    by: ['src/screens/apply/question-field.tsx QuestionField'],
    tests: [],
  },
  {
    id: 'S2.APPLY.DATA_TYPE',
    spec: "dataType 'string' gives a text input, otherwise a number input.",
    by: ['src/screens/apply/question-field.tsx QuestionField'],
    tests: [],
  },
  {
    id: 'S2.APPLY.REQUIRED_MARK',
    spec: "isRequired 'yes' shows an asterisk.",
    by: ['src/screens/apply/question-field.tsx QuestionField', 'src/ui/field.tsx Field'],
    tests: [],
  },
  {
    id: 'S2.APPLY.CONFIRM',
    spec: 'Apply opens a read-only confirmation view, scrolled to the top, showing everything entered, with Cancel (back to the form) and Apply (submit).',
    by: [
      'machines/apply.machine.ts review.confirming, scrollTop',
      'src/screens/apply/apply-review.tsx ApplyReview',
      'src/screens/apply/apply.tsx Apply',
    ],
    tests: [
      'tests/ui/dashboard-home-and-apply.test.tsx › checks required fields, confirms everything entered, goes back without loss',
    ],
  },
  {
    id: 'S2.APPLY.SUCCESS',
    spec: 'On success a message is shown and after 6 seconds the user goes to /dashboard/casestatus.',
    by: ['machines/apply.machine.ts succeeded, goToCaseStatus', 'src/screens/apply/apply.tsx Apply'],
    tests: ['tests/ui/dashboard-home-and-apply.test.tsx › submits the spec form, redirects after 6 s'],
  },
  {
    id: 'S2.LIST.TABLE',
    spec: "A table (#, case number, status), paging with previous and next and 'page of total', and a sort select (latest, oldest).",
    by: [
      'src/screens/case-list/case-list.tsx CaseList',
      'machines/case-list.machine.ts caseListMachine',
      'src/ui/case-table.tsx CaseTable',
    ],
    tests: [
      'tests/ui/dashboard-home-and-apply.test.tsx › pages with previous / next and sorts latest or oldest; empty says so',
    ],
  },
  {
    id: 'S2.LIST.EMPTY',
    spec: "Empty message: 'no available case'.",
    by: ['src/screens/case-list/case-list.tsx CaseList', 'src/i18n/messages/en.json cases.empty'],
    tests: ['tests/ui/dashboard-home-and-apply.test.tsx › shows "no available case" when there is none, in Amharic'],
  },
  {
    id: 'S2.LIST.ROW',
    spec: 'A row click opens /dashboard/case/{id} with the case number in state.',
    by: [
      'src/ui/case-table.tsx CaseTable',
      'src/screens/case-list/case-list.tsx CaseList',
      'machines/case-page.machine.ts openedFrom',
    ],
    tests: ['tests/ui/dashboard-home-and-apply.test.tsx › pages with previous / next and sorts latest or oldest'],
  },
  {
    id: 'S2.DETAIL.LOADS',
    spec: 'It loads the case by the case number from state, the case type definition, the rating of the case and the questions.',
    by: ['machines/case-page.machine.ts casePageMachine', 'src/api/case-read.ts readCase'],
    tests: [
      'tests/ui/case-page.test.tsx › asks for the case, its type, its rating and its history at once: one round trip',
    ],
  },
  {
    id: 'S2.DETAIL.ELEMENTS',
    spec: 'Elements: a back arrow, the case number with a status badge, a Print button (opens /print/{caseId}) and a Rate service button.',
    by: [
      'src/screens/case-detail/case-detail.tsx CaseDetail',
      'src/ui/case-details.tsx CaseDetails',
      'src/screens/case-detail/rating-dialog.tsx RatingDialog',
    ],
    tests: ['tests/ui/case-detail-screens.test.tsx › Rate only when verified and not rated'],
  },
  {
    id: 'S2.DETAIL.FIELDS',
    spec: "Read-only fields: division, case request name, case number, related case number ('-' if none), late (yes/no), responded by (only when verified), submitted date, processing start date, responded date.",
    by: ['src/ui/case-details.tsx CaseDetails', 'src/ui/rows.tsx Rows'],
    tests: ['tests/ui/case-detail-screens.test.tsx › opened directly (no state) loads by id'],
  },
  {
    id: 'S2.DETAIL.ANSWERS',
    spec: 'Then come the filled question answers, the description (remark) if present, and the attachment with an embedded viewer of height 700px and a download link.',
    by: [
      'src/ui/case-details.tsx CaseDetails',
      'src/ui/pdf.tsx PdfViewer',
      'src/theme/sizes.ts VIEWER_HEIGHT_ATTACHMENT',
    ],
    tests: [
      'tests/ui/case-detail-screens.test.tsx › opened directly (no state) loads by id; answers show the enum value',
      'tests/ui/case-detail-screens.test.tsx › the remark when present',
    ],
  },
  {
    id: 'S2.DETAIL.RESPONSE',
    spec: 'When verified, the response attachment also appears with a viewer and a download link.',
    by: ['src/ui/case-details.tsx CaseDetails', 'src/ui/pdf.tsx PdfViewer'],
    tests: ['tests/ui/case-detail-screens.test.tsx › opened directly (no state) loads by id'],
  },
  {
    id: 'S2.DETAIL.SCHEDULE',
    spec: 'A schedule section shows extended by, extended date, scheduled by and scheduled date.',
    by: ['src/ui/case-details.tsx CaseDetails'],
    tests: [],
  },
  {
    id: 'S2.DETAIL.REJECTION',
    spec: 'A rejection section shows when the case is rejected: the rejected date and the justification.',
    by: ['src/ui/case-details.tsx CaseDetails'],
    tests: [],
  },
  {
    id: 'S2.RATING.MODAL',
    spec: "Title 'rate service', five clickable stars (initial value 1 or the current rating), a close icon and a submit button.",
    by: ['src/screens/case-detail/rating-dialog.tsx RatingDialog', 'machines/rating.machine.ts start'],
    tests: [
      'tests/ui/case-detail-screens.test.tsx › rates with the keyboard, a double-click on the first star clears it, submit hides the button',
      'tests/ui/screen-paths-cases.test.tsx › rating: every transition, on the case page',
    ],
  },
  {
    id: 'S2.RATING.RESET',
    spec: 'A double-click on the first star resets the value to 0.',
    by: ['machines/rating.machine.ts reset', 'src/screens/case-detail/rating-dialog.tsx RatingDialog'],
    tests: ['tests/ui/case-detail-screens.test.tsx › a double-click on the first star clears it'],
  },
  {
    id: 'S2.PROFILE.HEAD',
    spec: "Avatar, full name, a 'customer' label and an active/inactive badge (green for active, red for anything else).",
    by: ['src/screens/profile/profile.tsx Profile', 'src/ui/avatar.tsx Avatar, fullName'],
    tests: [],
  },
  {
    id: 'S2.PROFILE.FIELDS',
    spec: "Read-only fields: first name, middle name, last name, woreda, house phone number, phone, email, gender, sub-city, house number ('-' when empty).",
    by: ['src/screens/profile/profile.tsx Profile'],
    tests: [
      'tests/ui/profile-and-shell.test.tsx › the profile shows every field, "-" when empty, and the active badge',
    ],
  },
  {
    id: 'S2.OTHER.CONNECTION_LOST',
    spec: 'Connection Lost: a full screen with a Reload Page button, shown when the server answers 500 on forgot or reset password.',
    by: [
      'src/app/errors.tsx ConnectionLost',
      'machines/forgot-password.machine.ts connectionLost',
      'machines/reset-password.machine.ts connectionLost',
    ],
    tests: ['tests/ui/login-screens.test.tsx › forgot: a 500 shows Connection Lost with Reload Page'],
  },
  {
    id: 'S2.OTHER.SERVER_ERROR',
    spec: 'Generic server-error page: shown on 500 and on unexpected exceptions elsewhere.',
    by: ['src/app/errors.tsx ServerError', 'src/app/app.tsx Routes', 'src/ui/stores.ts fatal'],
    tests: ['tests/ui/every-route.test.tsx › a 500 on login shows the generic server-error page'],
  },
  {
    id: 'S2.OTHER.FALLBACK',
    spec: "Router fallback: 'Unexpected Application Error!' followed by the error message.",
    by: ['src/app/errors.tsx RouteErrorBoundary, ErrorBoundary, Fallback'],
    tests: ['tests/ui/every-route.test.tsx › the router fallback shows'],
  },

  // 3. Entities and their fields
  {
    id: 'S3.SESSION.TOKEN',
    spec: '**Session**: a token kept in session storage under the key tID.',
    by: [
      'contract/limits.ts SESSION_STORAGE_KEY',
      'machines/session-storage.ts startSession, storedToken',
      'src/app/session.tsx initialSessionInput',
    ],
    tests: [
      'tests/ui/login-screens.test.tsx › logs in, keeps the token in sessionStorage tID, and opens the dashboard',
    ],
  },
  {
    id: 'S3.SESSION.CLAIMS',
    spec: 'Its decoded payload holds user.id (the customer id) and an exp claim in seconds.',
    by: ['machines/session.machine.ts SessionClaims, decodeToken', 'server/adapters/tokens.ts createTokenService'],
    tests: [
      'tests/machines/lockout-session.test.ts › decodes user.id and exp, and refuses anything else',
      'tests/api/customers-accounts.test.ts › issues a token that expires after the configured lifetime',
    ],
  },
  {
    id: 'S3.LAN',
    spec: '**Translation setting**: lan, one of En, Am, Or, Tg, Sm, Af.',
    by: ['contract/languages.ts LAN_CODES', 'src/i18n/languages.ts language, isLanCode'],
    tests: ['tests/ui/landing-and-public.test.tsx › switches to English with the selector, and remembers it'],
  },
  {
    id: 'S3.DIVISION',
    spec: '**Division**: _id, status (active or other), special (yes/no), name_{en,am,or,tg,sm,af}, description_{lang}.',
    by: ['contract/entities.ts Division, EntityStatus', 'contract/common.ts langFields, YesNo'],
    tests: [
      'tests/api/reference.test.ts › lists divisions in six languages: active and inactive, at least one special',
    ],
  },
  {
    id: 'S3.DIVISION_LIST_STATE',
    spec: '**Division list state**: divisions (list, starts empty), loading, limitError, error (all booleans).',
    by: ['machines/divisions.machine.ts divisionsMachine, loading, success, error, limitError'],
    tests: ['tests/machines/lockout-session.test.ts › covers loading, success, error and limitError with retry'],
  },
  {
    id: 'S3.DIRECTORATE',
    spec: "**Directorate**: name_{lang}, status ('active'), division {_id}.",
    by: ['contract/entities.ts Directorate'],
    tests: ['tests/api/reference.test.ts › lists directorates and teams with their division'],
  },
  {
    id: 'S3.CUSTOMER.NAMES',
    spec: 'id, firstname, middlename, lastname;',
    by: ['contract/entities.ts Customer._id, Customer.firstname, Customer.middlename, Customer.lastname'],
    tests: [],
  },
  {
    id: 'S3.CUSTOMER.GENDER',
    spec: 'gender (Male/Female);',
    by: ['contract/entities.ts Customer.gender, GENDERS'],
    tests: [],
  },
  {
    id: 'S3.CUSTOMER.STATUS',
    spec: 'status (active or other);',
    by: ['contract/entities.ts Customer.status, EntityStatus'],
    tests: [],
  },
  {
    id: 'S3.CUSTOMER.PICTURE',
    spec: 'picture (file name, shown from the customer images media path);',
    by: [
      'contract/entities.ts Customer.picture',
      'src/ui/avatar.tsx Avatar',
      'contract/paths.ts MEDIA_PATHS.customerImages',
    ],
    tests: [],
  },
  {
    id: 'S3.CUSTOMER.CONTACT',
    spec: 'phone, email, woreda, subcity, house_number, house_phone_number;',
    by: [
      'contract/entities.ts Customer.phone, Customer.email, Customer.woreda, Customer.subcity, Customer.house_number, Customer.house_phone_number',
    ],
    tests: [],
  },
  {
    id: 'S3.CUSTOMER.LABELS',
    spec: 'preferred language and username are listed as labels only.',
    by: [],
    tests: [],
    nothing:
      "labels of the old portal with no field to show: there is no username (the email signs in), and the language a customer's messages are written in is a preference of the profile (issue 22)",
  },
  {
    id: 'S3.REGISTRATION_PAYLOAD',
    spec: '**Customer registration payload** (multipart): firstname, middlename, lastname, email, password, subcity, woreda, house_number, phone, house_phone_number, gender, picture (file).',
    by: [
      'contract/customers/requests.ts RegistrationFields',
      'contract/customers/requests.ts customersRequests.createCustomerUser',
      'src/api/uploads.ts sendRegistration',
    ],
    tests: [
      'tests/api/customers-registration.test.ts › registers with a picture, mails a 6-digit code, keeps the password as argon2id',
    ],
  },
  {
    id: 'S3.CASE_LIST',
    spec: "**Case request type (case list)**: _id, division, status ('active'), case_name_{lang}, questions (each with _id and enumValues).",
    by: ['contract/entities.ts CaseList'],
    tests: [
      'tests/api/reference.test.ts › case types carry questions covering every input type, data type and required flag',
    ],
  },
  {
    id: 'S3.QUESTION.ID',
    spec: '_id;',
    by: ['contract/entities.ts Question._id'],
    tests: [],
  },
  {
    id: 'S3.QUESTION.CASELIST',
    spec: 'caselist (object with _id);',
    by: ['contract/entities.ts Question.caselist'],
    tests: [],
  },
  {
    id: 'S3.QUESTION.TYPES',
    spec: "inputType, dataType, isRequired ('yes' or otherwise);",
    by: ['contract/entities.ts Question.inputType, Question.dataType, Question.isRequired, INPUT_TYPES, DATA_TYPES'],
    tests: [
      'tests/api/reference.test.ts › case types carry questions covering every input type, data type and required flag',
    ],
  },
  {
    id: 'S3.QUESTION.NAME',
    spec: 'name_{lang};',
    by: ['contract/entities.ts Question', 'contract/common.ts langFields'],
    tests: [],
  },
  {
    id: 'S3.QUESTION.ENUM_VALUES',
    spec: 'enumValues: a list of entries, each with _id and expectedValues.value_{lang}.',
    by: ['contract/entities.ts Question.enumValues, EnumValue'],
    tests: [],
  },
  {
    id: 'S3.QUESTION.LABELS',
    spec: 'Labels also mention required, type of input, selectable values with count, expected value and time limit.',
    by: [],
    tests: [],
    nothing:
      "labels of the staff's question editor, which is not the customer portal's (staff act through the command line, ADR 0021); a customer sees a question by its name, its input and its required mark (S2.APPLY.INPUT_TYPE, S2.APPLY.REQUIRED_MARK)",
  },
  {
    id: 'S3.CASE.ID',
    spec: '_id, case_number;',
    by: ['contract/entities.ts Case._id, Case.case_number'],
    tests: [],
  },
  {
    id: 'S3.CASE.STATUS',
    spec: 'status: pending, ongoing, responded, verified or rejected;',
    by: ['contract/entities.ts Case.status, CaseStatus', 'contract/statuses.ts LIFECYCLE_STATUSES'],
    tests: [],
    departure: 'docs/decisions/0014-case-lifecycle-machine.md',
  },
  {
    id: 'S3.CASE.CASELIST',
    spec: 'caselist {_id};',
    by: ['contract/entities.ts Case.caselist'],
    tests: [],
  },
  {
    id: 'S3.CASE.DIVISION',
    spec: 'division {name_{lang}};',
    by: ['contract/entities.ts Case.division'],
    tests: [],
  },
  {
    id: 'S3.CASE.FORM',
    spec: 'form: a list of entries, each with list_of_question {question {_id, name_{lang}}, answer};',
    by: ['contract/entities.ts Case.form, FormEntry'],
    tests: [],
  },
  {
    id: 'S3.CASE.RELATED',
    spec: 'related_case_id;',
    by: ['contract/entities.ts Case.related_case_id'],
    tests: [],
  },
  {
    id: 'S3.CASE.LATE',
    spec: "late ('yes'/'no');",
    by: ['contract/entities.ts Case.late', 'contract/common.ts YesNo'],
    tests: [],
  },
  {
    id: 'S3.CASE.RESPONDED_BY',
    spec: 'responded_by {firstname, middlename, lastname};',
    by: ['contract/entities.ts Case.responded_by, PersonName'],
    tests: [],
  },
  {
    id: 'S3.CASE.DATES',
    spec: 'createdAt, ongoing_date, verified_date, rejected_date, rejected_by, rejection_justification;',
    by: [
      'contract/entities.ts Case.createdAt, Case.ongoing_date, Case.verified_date, Case.rejected_date, Case.rejected_by, Case.rejection_justification',
    ],
    tests: [],
  },
  {
    id: 'S3.CASE.REMARK',
    spec: 'remark;',
    by: ['contract/entities.ts Case.remark'],
    tests: [],
  },
  {
    id: 'S3.CASE.ATTACHMENT',
    spec: 'attachment (file name);',
    by: ['contract/entities.ts Case.attachment'],
    tests: [],
  },
  {
    id: 'S3.CASE.RESPONSE',
    spec: 'response_justification.attachment;',
    by: ['contract/entities.ts Case.response_justification'],
    tests: [],
  },
  {
    id: 'S3.CASE.SCHEDULE',
    spec: 'schedule_program: a list of schedule {extended_by, extended_date, scheduled_by, scheduled_date};',
    by: ['contract/entities.ts Case.schedule_program, Schedule'],
    tests: [],
  },
  {
    id: 'S3.CASE.RATED',
    spec: 'rateCustomer (with _id, tells whether this customer has already rated);',
    by: ['contract/entities.ts Case.rateCustomer', 'contract/case-rules.ts canRate'],
    tests: ['tests/unit/rules.test.ts › who may rate'],
  },
  {
    id: 'S3.CASE.CUSTOMER',
    spec: 'customer_info {firstname, middlename, lastname, subcity, woreda, house_number, phone_number, house_phone_number, gender}, or alternatively customer_id with the same fields where the phone is named phone.',
    by: ['contract/entities.ts Case.customer_info, CustomerInfo'],
    tests: [],
  },
  {
    id: 'S3.CASE.LABELS',
    spec: 'Labels also list scheduled, extended, ongoing, responded, verified and rejected dates, reason of rejection and response justification.',
    by: [
      'src/i18n/messages/en.json case.scheduledDate, case.extendedDate, case.processingStart, case.respondedDate, case.rejectedDate, case.justification, detail.rejectedBecause',
    ],
    tests: [],
  },
  {
    id: 'S3.CASE_PAYLOAD',
    spec: '**Case creation payload** (multipart): division, caselist, form (a JSON list of single-entry objects mapping question id to answer), remark, attachment (file), related_case_id.',
    by: [
      'contract/cases/requests.ts CreateCaseFields, CaseForm',
      'machines/application.ts formOf',
      'src/api/uploads.ts applicationForm',
    ],
    tests: [
      'tests/api/cases-filing.test.ts › creates a case with a PDF attachment; the case number is PREFIX-year-sequence',
      'tests/ui/dashboard-home-and-apply.test.tsx › submits the spec form',
    ],
  },
  {
    id: 'S3.CASE_LIST_RESPONSE',
    spec: '**Case list response**: cases (array), currentPage, totalPages.',
    by: ['contract/cases/answers.ts CaseListResult'],
    tests: ['tests/api/cases-reading.test.ts › pages the list, latest first by default, oldest first with sort=1'],
  },
  {
    id: 'S3.STATISTICS',
    spec: '**Case statistics**: totalCases, pendingCases, processingCases, respondedCases, rejectedCases.',
    by: ['contract/entities.ts CaseStatistics', 'server/cases/repository.ts caseStatistics'],
    tests: [
      'tests/api/cases-reading.test.ts › counts by status: processing = ongoing + responded, responded = verified',
    ],
  },
  {
    id: 'S3.RATING',
    spec: '**Rating**: rateNum, rateCase (case id).',
    by: ['contract/feedback/requests.ts RatingBody'],
    tests: ['tests/api/feedback.test.ts › rates a verified case once, 1 to 5'],
  },
  {
    id: 'S3.ACCUSATION_PAYLOAD',
    spec: '**Accusation payload** (multipart): name, subject, phone, description, accused_organizational_part, attachment.',
    by: ['contract/feedback/requests.ts ComplaintFields', 'src/api/uploads.ts complaintForm'],
    tests: ['tests/api/feedback.test.ts › accepts an anonymous complaint and answers a tracking code'],
  },
  {
    id: 'S3.LETTER',
    spec: '**Letter** (label-only): type internal/external, number, date sent, from, to, cc, content, stamp date/time/by, archival category. Payload fields of letters: not shown.',
    by: [],
    tests: [],
    nothing:
      "letters are staff's work, which the customer portal does not show (spec section 1); no label of them is shown to a customer",
  },
  {
    id: 'S3.UI_STATE',
    spec: '**Application UI state**: sidebarOpened, loading, otpScreen, error.',
    by: [
      'src/ui/stores.ts otpScreen, fatal',
      'src/app/dashboard/shell.tsx DashboardShell',
      'src/app/errors.tsx ScreenLoading',
    ],
    tests: [
      'tests/ui/registration-screens.test.tsx › the verification screen is unreachable while the otp flag is off',
      'tests/ui/profile-and-shell.test.tsx › the drawer opens from the menu button, traps focus and closes with Escape',
      'tests/ui/every-route.test.tsx › a 500 on login shows the generic server-error page',
    ],
  },
  {
    id: 'S3.MESSAGES',
    spec: '**Server messages**: Message_en, Message_am, Message_or, Message_tg, Message_sm, Message_af.',
    by: ['contract/common.ts Messages, ErrorBody', 'server/texts/messages.ts say'],
    tests: ['tests/security/fuzz.test.ts › no 500, a translated message on every 4xx, nothing internal'],
  },

  // 4. States and transitions
  {
    id: 'S4.BADGE.PENDING',
    spec: '| pending | pending | grey |',
    by: ['src/ui/status-badge.tsx BADGES.pending, StatusBadge'],
    tests: [],
  },
  {
    id: 'S4.BADGE.ONGOING',
    spec: '| ongoing | processing | blue |',
    by: ['src/ui/status-badge.tsx BADGES.ongoing, StatusBadge'],
    tests: [],
  },
  {
    id: 'S4.BADGE.RESPONDED',
    spec: '| responded | processing | blue |',
    by: ['src/ui/status-badge.tsx BADGES.responded, StatusBadge'],
    tests: [],
  },
  {
    id: 'S4.BADGE.VERIFIED',
    spec: '| verified | responded | green |',
    by: ['src/ui/status-badge.tsx BADGES.verified, StatusBadge'],
    tests: [],
  },
  {
    id: 'S4.BADGE.REJECTED',
    spec: '| rejected | rejected | red |',
    by: ['src/ui/status-badge.tsx BADGES.rejected, StatusBadge'],
    tests: [],
  },
  {
    id: 'S4.LABEL.LATE',
    spec: "Labels also know 'late'.",
    by: ['server/cases/lateness.ts lateness', 'src/ui/case-details.tsx CaseDetails'],
    tests: ['tests/api/cases-staff.test.ts › marks a case late once its time limit has passed'],
  },
  {
    id: 'S4.SERVER_TRANSITIONS',
    spec: 'Status transitions on the server side: not shown.',
    by: ['contract/case-lifecycle.machine.ts caseLifecycleMachine', 'server/cases/lifecycle.ts decide'],
    tests: ['tests/machines/case-lifecycle.test.ts › covers every state and transition'],
    departure: 'docs/decisions/0014-case-lifecycle-machine.md',
  },
  {
    id: 'S4.RATE.BUTTON',
    spec: 'The Rate service button appears only when the status is verified and the current customer has not already rated.',
    by: [
      'contract/case-rules.ts canRate',
      'machines/case-outlook.ts caseOutlook',
      'src/screens/case-detail/case-detail.tsx CaseDetail',
    ],
    tests: [
      'tests/ui/case-detail-screens.test.tsx › Rate only when verified and not rated',
      'tests/ui/case-detail-screens.test.tsx › no Rate button once rated, nor for a case that is not verified',
      'tests/unit/rules.test.ts › who may rate',
    ],
  },
  {
    id: 'S4.RESPONDED_BY',
    spec: 'The responded-by field shows only when verified and a responder exists.',
    by: ['src/ui/case-details.tsx CaseDetails'],
    tests: [],
  },
  {
    id: 'S4.REJECTION.SECTION',
    spec: 'The rejection section shows when rejected_by exists.',
    by: ['src/ui/case-details.tsx CaseDetails'],
    tests: [],
  },
  {
    id: 'S4.ACTIVE_INACTIVE',
    spec: '**Division and account states**: active and inactive.',
    by: ['contract/statuses.ts ACTIVE, INACTIVE', 'contract/entities.ts EntityStatus'],
    tests: [
      'tests/ui/landing-and-public.test.tsx › lists active, non-special divisions in reverse order',
      'tests/ui/profile-and-shell.test.tsx › the profile shows every field, "-" when empty, and the active badge',
    ],
  },
  {
    id: 'S4.DIVISIONS.FETCH',
    spec: '**Division fetch**: on start loading is true and limitError and error are cleared.',
    by: ['machines/divisions.machine.ts divisionsMachine.loading'],
    tests: [
      'tests/machines/lockout-session.test.ts › covers loading, success, error and limitError with retry',
      'tests/ui/screen-paths-cases.test.tsx › divisions (landing): every transition, on the screen',
    ],
  },
  {
    id: 'S4.DIVISIONS.SUCCESS',
    spec: 'On success loading is false and divisions holds the response data.',
    by: ['machines/divisions.machine.ts keepDivisions, success'],
    tests: ['tests/machines/lockout-session.test.ts › covers loading, success, error and limitError with retry'],
  },
  {
    id: 'S4.DIVISIONS.FAILURE',
    spec: 'On failure loading is false and error is true.',
    by: ['machines/divisions.machine.ts divisionsMachine.error'],
    tests: [
      'tests/machines/lockout-session.test.ts › covers loading, success, error and limitError with retry',
      'tests/ui/screen-paths-cases.test.tsx › divisions (landing): every transition, on the screen',
    ],
  },
  {
    id: 'S4.DIVISIONS.429',
    spec: 'A 429 sets limitError.',
    by: ['machines/divisions.machine.ts isRateLimited, limitError'],
    tests: [
      'tests/machines/lockout-session.test.ts › covers loading, success, error and limitError with retry',
      'tests/ui/landing-and-public.test.tsx › replaces the page with the wait message when the division list answers 429',
    ],
  },
  {
    id: 'S4.APPLY.FLOW',
    spec: '**Apply flow**: form, then confirmation view, then submit (with a loading indicator), then a success message and a redirect to /dashboard/casestatus after 6 seconds.',
    by: [
      'machines/apply.machine.ts editing, review.confirming, submitting, succeeded, done',
      'src/screens/apply/apply.tsx Apply',
      'src/ui/progress-bar.tsx ProgressBar',
    ],
    tests: [
      'tests/machines/apply.test.ts › covers every state and transition: form, confirmation, back without loss, submit, 429, redirect after 6 s',
      'tests/ui/dashboard-home-and-apply.test.tsx › checks required fields, confirms everything entered, goes back without loss, submits the spec form, redirects after 6 s',
      'tests/e2e/journeys.spec.ts › apply -> confirmation -> submit with a PDF -> redirect after 6 s; the case is pending',
    ],
  },
  {
    id: 'S4.REGISTRATION.OTP',
    spec: '**Registration and verification**: registration success turns the otp flag on and goes to verification.',
    by: ['machines/registration.machine.ts otpOn, goToVerification'],
    tests: [
      'tests/machines/account-forms.test.ts › covers every state and transition; success turns the otp flag on and goes to verification with the email',
      'tests/ui/registration-screens.test.tsx › registers, turns the otp flag on, and verifies the email with the code',
      'tests/e2e/journeys.spec.ts › registration -> OTP from a real SMTP server -> login reaches the dashboard',
    ],
  },
  {
    id: 'S4.VERIFICATION.OTP',
    spec: 'Verification success goes to /login and turns the flag off.',
    by: ['machines/verification.machine.ts otpOff, goToLogin'],
    tests: [
      'tests/machines/account-forms.test.ts › covers every state and transition; verify names this browser’s registration, goes to /login with the flag off',
    ],
  },
  {
    id: 'S4.REGISTRATION.FAILED',
    spec: 'A failed registration turns the flag off.',
    by: ['machines/registration.machine.ts otpOff, submitting'],
    tests: [
      'tests/machines/account-forms.test.ts › covers every state and transition; success turns the otp flag on and goes to verification with the email',
    ],
  },
  {
    id: 'S4.RESET.FLOW',
    spec: '**Reset password**: the button is disabled while busy. Success redirects to /login after 6 seconds.',
    by: [
      'machines/reset-password.machine.ts sending, succeeded, REDIRECT',
      'contract/limits.ts REDIRECT_AFTER_RESET_MS',
    ],
    tests: [
      'tests/machines/password-forms.test.ts › covers every state and transition: mismatch is shown and not sent; success goes to /login after 6 s',
      'tests/ui/screen-paths-account.test.tsx › reset password: every transition, on the screen, the 6 s redirect included',
    ],
  },
  {
    id: 'S4.LOCKOUT',
    spec: '**Rate-limit lockout**: on HTTP 429 a 180-second countdown starts, ticking once per second.',
    by: [
      'machines/lockout.machine.ts open, locked, start, tick',
      'contract/limits.ts LOCKOUT_SECONDS, LOCKOUT_TICK_MS',
      'machines/emitted.ts RATE_LIMITED',
    ],
    tests: [
      'tests/machines/lockout-session.test.ts › covers every state and transition: 429 starts the countdown, each second ticks, then it opens',
      'tests/machines/lockout-session.test.ts › waits the server out: its Retry-After when longer than 180 s, else 180 s (ADR 0005)',
      'tests/ui/login-screens.test.tsx › a 429 replaces the button with the wait message for 180 seconds, counting down',
    ],
    departure: 'docs/decisions/0005-form-behaviour.md',
  },
  {
    id: 'S4.LOCKOUT.BUTTON',
    spec: "During it the action button is replaced by the message 'Please wait 3 minutes before retrying.'",
    by: [
      'src/ui/lockout-button.tsx LockoutButton',
      'src/ui/lockout.tsx WaitMessage',
      'machines/lockout.machine.ts waitWords',
    ],
    tests: [
      'tests/ui/login-screens.test.tsx › a 429 replaces the button with the wait message for 180 seconds, counting down',
      "tests/machines/lockout-session.test.ts › says the spec's 3 minutes up to 180 s, how many minutes past them",
      'tests/ui/case-detail-screens.test.tsx › the dialog’s Submit is replaced by the wait message, as every other action button is',
    ],
    departure: 'docs/decisions/0005-form-behaviour.md',
  },
  {
    id: 'S4.LOCKOUT.END',
    spec: 'After it, the screen returns to normal.',
    by: ['machines/lockout.machine.ts locked, open', 'src/ui/lockout.tsx RetryWhenWaitIsOver'],
    tests: [
      'tests/machines/lockout-session.test.ts › covers every state and transition: 429 starts the countdown, each second ticks, then it opens',
      'tests/ui/screen-paths-account.test.tsx › lockout: every transition, in the app',
    ],
  },
  {
    id: 'S4.SESSION.EXPIRY',
    spec: '**Session expiry**: when a token exists, a timer is set to its expiry.',
    by: ['machines/session.machine.ts active, SESSION_EXPIRY'],
    tests: [
      'tests/machines/lockout-session.test.ts › covers every state and transition: login, warning, renewal, expiry timer',
    ],
  },
  {
    id: 'S4.SESSION.LOGGED_OUT',
    spec: 'At expiry the user is logged out: the logout call is made, session storage is cleared and the browser goes to the root.',
    by: [
      'machines/session.machine.ts loggingOut, clearToken, goHome',
      'machines/session-storage.ts endSession',
      'src/app/session.tsx sessionLogic',
    ],
    tests: [
      'tests/ui/profile-and-shell.test.tsx › at the token expiry the customer is logged out: logout call, storage cleared but their draft, back to /',
      'tests/e2e/session.spec.ts › session expiry on a dashboard page logs out: storage cleared, back to /',
    ],
  },
  {
    id: 'S4.LOGOUT',
    spec: '**Logout**: on success session storage is cleared and the user goes to /.',
    by: ['machines/session.machine.ts loggingOut, clearToken, goHome', 'src/app/session.tsx sessionLogic'],
    tests: [
      'tests/ui/screen-paths-account.test.tsx › session: every transition, in the app',
      'tests/e2e/shared-computer.spec.ts › after a logout on a shared computer, the caches and IndexedDB hold nothing of the customer',
    ],
    departure: 'docs/decisions/0031-a-logout-ends-the-session-here.md',
  },

  // 5. Validation rules
  {
    id: 'S5.REGISTRATION.CHECKED_BEFORE',
    spec: '**Registration** (checked before sending; each failure shows a message that the field must not be greater than the limit):',
    by: ['machines/registration.machine.ts registrationErrors, checking', 'contract/limits.ts FIELD_LIMITS, maxLength'],
    tests: [
      'tests/ui/registration-screens.test.tsx › checks the limits before sending: the error summary takes focus and nothing typed is lost',
      'tests/machines/account-forms.test.ts › checks the limits of spec section 5 before sending: fails at the limit itself, and says the longest that passes',
    ],
    departure: 'docs/decisions/0005-form-behaviour.md',
  },
  {
    id: 'S5.REGISTRATION.FIRST_NAME',
    spec: '| first name | 50 | length 50 or more |',
    by: ['contract/limits.ts FIELD_LIMITS.firstname', 'machines/registration.machine.ts registrationErrors'],
    tests: [
      'tests/machines/account-forms.test.ts › checks the limits of spec section 5 before sending: fails at the limit itself',
      'tests/api/customers-registration.test.ts › accepts 49 characters (the check fails at 50)',
    ],
  },
  {
    id: 'S5.REGISTRATION.MIDDLE_NAME',
    spec: '| middle name | 50 | length 50 or more |',
    by: ['contract/limits.ts FIELD_LIMITS.middlename', 'machines/registration.machine.ts registrationErrors'],
    tests: [
      'tests/machines/account-forms.test.ts › checks the limits of spec section 5 before sending: fails at the limit itself',
    ],
  },
  {
    id: 'S5.REGISTRATION.LAST_NAME',
    spec: '| last name | 50 | length 50 or more |',
    by: ['contract/limits.ts FIELD_LIMITS.lastname', 'machines/registration.machine.ts registrationErrors'],
    tests: [
      'tests/machines/account-forms.test.ts › checks the limits of spec section 5 before sending: fails at the limit itself',
    ],
  },
  {
    id: 'S5.REGISTRATION.SUBCITY',
    spec: '| sub-city | 50 | not shown (same kind of check) |',
    by: ['contract/limits.ts FIELD_LIMITS.subcity', 'machines/registration.machine.ts registrationErrors'],
    tests: [
      'tests/machines/account-forms.test.ts › checks the limits of spec section 5 before sending: fails at the limit itself',
    ],
  },
  {
    id: 'S5.REGISTRATION.WOREDA',
    spec: '| woreda | 20 | length 20 or more |',
    by: ['contract/limits.ts FIELD_LIMITS.woreda', 'machines/registration.machine.ts registrationErrors'],
    tests: [
      'tests/machines/account-forms.test.ts › checks the limits of spec section 5 before sending: fails at the limit itself',
    ],
  },
  {
    id: 'S5.REGISTRATION.PHONE',
    spec: '| phone | 20 | length 20 or more |',
    by: ['contract/limits.ts FIELD_LIMITS.phone', 'machines/registration.machine.ts registrationErrors'],
    tests: [
      'tests/machines/account-forms.test.ts › checks the limits of spec section 5 before sending: fails at the limit itself',
    ],
  },
  {
    id: 'S5.REGISTRATION.HOUSE_PHONE',
    spec: '| house phone number | 20 | length 20 or more |',
    by: ['contract/limits.ts FIELD_LIMITS.house_phone_number', 'machines/registration.machine.ts registrationErrors'],
    tests: [
      'tests/machines/account-forms.test.ts › checks the limits of spec section 5 before sending: fails at the limit itself',
    ],
  },
  {
    id: 'S5.REGISTRATION.HOUSE_NUMBER',
    spec: '| house number | 20 | length 20 or more |',
    by: ['contract/limits.ts FIELD_LIMITS.house_number', 'machines/registration.machine.ts registrationErrors'],
    tests: [
      'tests/machines/account-forms.test.ts › checks the limits of spec section 5 before sending: fails at the limit itself',
    ],
  },
  {
    id: 'S5.REGISTRATION.PASSWORDS_MATCH',
    spec: 'Password and confirmation must match, otherwise the message "password don\'t match".',
    by: ['machines/registration.machine.ts registrationErrors', 'src/i18n/messages/en.json errors.passwordMismatch'],
    tests: [
      'tests/ui/registration-screens.test.tsx › checks the limits before sending: the error summary takes focus and nothing typed is lost',
    ],
  },
  {
    id: 'S5.REGISTRATION.SERVER',
    spec: 'Server-side validation: not shown.',
    by: ['server/customers/registration.ts register', 'contract/customers/requests.ts RegistrationFields'],
    tests: [
      'tests/api/customers-registration.test.ts › refuses missing fields, values at the spec limit and wrong types, naming each field',
    ],
  },
  {
    id: 'S5.RESET.MISMATCH',
    spec: "**Reset password**: if password and re-type password differ, the error 'Password and Re-Type Password did not match' is shown. The request is still sent afterwards.",
    by: ['machines/reset-password.machine.ts mismatch, markMismatch'],
    tests: [
      'tests/machines/password-forms.test.ts › covers every state and transition: mismatch is shown and not sent',
      'tests/ui/login-screens.test.tsx › reset: a mismatch is shown',
    ],
    departure: 'docs/decisions/0005-form-behaviour.md',
  },
  {
    id: 'S5.LOOKUP.EMPTY',
    spec: "**Status lookup**: an empty case number shows 'Please enter a vaild case number' (translated per language). The request is still sent afterwards.",
    by: ['machines/case-lookup.machine.ts empty, markEmpty', 'src/i18n/messages/en.json errors.emptyCaseNumber'],
    tests: [
      'tests/machines/public-forms.test.ts › covers every state and transition: an empty number is refused, a found case is kept',
      'tests/ui/lookup-and-complaints.test.tsx › an empty number shows the message and sends nothing',
    ],
    departure: 'docs/decisions/0005-form-behaviour.md',
  },
  {
    id: 'S5.FORGOT',
    spec: '**Forgot password**: the email field is of email type.',
    by: ['src/screens/forgot-password/forgot-password.tsx ForgotPassword'],
    tests: [],
  },
  {
    id: 'S5.LOGIN',
    spec: '**Login**: email type and masked password; no other check before sending.',
    by: ['src/screens/login/login.tsx Login', 'machines/login.machine.ts editing'],
    tests: [],
  },
  {
    id: 'S5.APPLY.REQUIRED_MARKS',
    spec: 'Division and case request carry asterisks. The question inputs and the remark are marked required in the form.',
    by: ['src/screens/apply/apply-form.tsx ApplyForm', 'machines/application.ts applicationErrors'],
    tests: ['tests/machines/apply.test.ts › checks division, request, required and numeric answers and the remark'],
  },
  {
    id: 'S5.APPLY.NUMERIC_QUESTIONS',
    spec: 'Number inputs are used for numeric questions, and an asterisk for required questions.',
    by: ['src/screens/apply/question-field.tsx QuestionField', 'contract/rules.ts answerProblem'],
    tests: [
      'tests/unit/rules.test.ts › an answer: required when empty only if the question is; too long; not one of the values; not a number',
    ],
  },
  {
    id: 'S5.APPLY.RELATED_CASE',
    spec: "The related case is chosen from the customer's existing cases.",
    by: ['src/screens/apply/apply-form.tsx ApplyForm', 'server/cases/application.ts createCase'],
    tests: [
      'tests/api/cases-filing.test.ts › accepts the customer’s own case as related case and refuses another customer’s',
    ],
  },
  {
    id: 'S5.APPLY.ATTACHMENT',
    spec: 'The attachment is a single PDF. Labels say: maximum size 10MB, merge all documents into one pdf.',
    by: [
      'contract/limits.ts ATTACHMENT_MAX_BYTES',
      'machines/files.ts pdfProblem',
      'src/screens/apply/apply-form.tsx ApplyForm',
    ],
    tests: [
      'tests/machines/form-helpers.test.ts › a PDF by its type or its name, up to its limit',
      'tests/api/cases-filing.test.ts › refuses a non-PDF renamed .pdf, an empty file and 10 MB + 1 byte, and keeps no file',
    ],
  },
  {
    id: 'S5.APPLY.ATTACHMENT_LIMIT',
    spec: 'Another reading says the size value comes only from translated instruction texts and is not shown. The maximum of 10MB is therefore given by the labels only.',
    by: [
      'contract/limits.ts ATTACHMENT_MAX_BYTES',
      'machines/files.ts pdfProblem',
      'server/plugins/uploads.ts uploads',
    ],
    tests: [
      'tests/api/cases-filing.test.ts › refuses a non-PDF renamed .pdf, an empty file and 10 MB + 1 byte, and keeps no file',
      'tests/security/uploads.test.ts › refuses 10 MB + 1 byte, an empty file, HTML or a program renamed .pdf',
    ],
    departure: 'docs/decisions/0004-uploads-accounts-and-limits.md',
  },
  {
    id: 'S5.ACCUSATION',
    spec: '**Accusation**: subject and description carry required marks; no check is applied before sending.',
    by: ['machines/complaint.machine.ts check, valid', 'src/screens/file-complaint/file-complaint.tsx FIELDS'],
    tests: [
      'tests/machines/public-forms.test.ts › checks every text against the complaint schema before sending, with its limit; nothing typed is lost',
      'tests/ui/lookup-and-complaints.test.tsx › requires subject and description',
    ],
    departure: 'docs/decisions/0005-form-behaviour.md',
  },
  {
    id: 'S5.VERIFICATION_CODE',
    spec: '**Verification code**: numeric input, no length check.',
    by: ['src/screens/verify-email/verify-email.tsx Verify', 'machines/verification.machine.ts change'],
    tests: [],
  },
  {
    id: 'S5.RATING',
    spec: '**Rating**: from 1 to 5 stars; 0 is reached by double-clicking the first star.',
    by: ['machines/rating.machine.ts set, reset', 'contract/limits.ts RATING_MIN, RATING_MAX'],
    tests: [
      'tests/ui/case-detail-screens.test.tsx › rates with the keyboard, a double-click on the first star clears it, submit hides the button',
      'tests/machines/dashboard.test.ts › a double-click reset to 0 cannot be submitted: it asks for a choice',
    ],
  },

  // 6. Roles and permissions
  {
    id: 'S6.VISITOR',
    spec: '**Visitor** (no token): may use the public routes listed above, including registration, verification, case lookup, accusation, divisions, manual and print.',
    by: ['src/app/app.tsx PublicRoutes', 'contract/define.ts EndpointDef'],
    tests: ['tests/ui/every-route.test.tsx › has one h1 and a translated title'],
  },
  {
    id: 'S6.CUSTOMER',
    spec: '**Customer** (holds a token): may reach /dashboard and below, see only their own profile and cases, print a case, and rate a verified case they have not yet rated.',
    by: [
      'src/app/app.tsx DashboardGuard',
      'server/plugins/auth.ts auth',
      'server/cases/visibility.ts caseById',
      'contract/case-rules.ts canRate',
    ],
    tests: [
      'tests/security/authorization.test.ts › every endpoint that names a customer or a case answers the intruder 403/404 or with their own data only',
      'tests/api/feedback.test.ts › rates a verified case once, 1 to 5; refuses other statuses, other customers and a second rating',
      'tests/api/cases-reading.test.ts › prints a real PDF: full for the owner or the phone on file, masked otherwise',
    ],
  },
  {
    id: 'S6.BEARER',
    spec: 'Calls carry the token as a bearer authorization.',
    by: ['src/api/headers.ts headersFor', 'server/plugins/auth.ts bearer, auth'],
    tests: [
      'tests/security/authorization.test.ts › without a token, no customer endpoint answers anything but 401',
      'tests/api/customers-accounts.test.ts › refuses tokens that are forged, of another algorithm, expired or malformed',
    ],
  },
  {
    id: 'S6.API_KEY',
    spec: 'Every call also carries a fixed per-endpoint custom header that acts as an API key ({key}).',
    by: [
      'src/api/headers.ts headersFor, apiKeys',
      'contract/define.ts EndpointDef',
      'server/plugins/api-key.ts apiKey',
    ],
    tests: [
      'tests/api/reference.test.ts › checks the per-endpoint header',
      'tests/api/reference.test.ts › every endpoint of the table has a distinct header name',
    ],
    departure: 'docs/decisions/0002-api-key-headers.md',
  },
  {
    id: 'S6.HEADER_ONLY_READS',
    spec: 'Some read calls (questions, case-list definitions, rating by case) send only the custom header.',
    by: [
      'contract/reference/endpoints.ts getAllQuestions, getCaseListById',
      'contract/feedback/endpoints.ts getRatingByCase',
      'src/api/headers.ts headersFor',
    ],
    tests: [
      'tests/api/reference.test.ts › case types carry questions covering every input type, data type and required flag',
      'tests/api/feedback.test.ts › rates a verified case once, 1 to 5',
    ],
    departure: 'docs/decisions/0020-trust-on-the-street.md',
  },
  {
    id: 'S6.REDIRECT',
    spec: 'Without a token the protected area redirects to /.',
    by: ['src/app/app.tsx DashboardGuard'],
    tests: [
      'tests/ui/landing-and-public.test.tsx › /dashboard without a token goes to /',
      'tests/ui/landing-and-public.test.tsx › a page below /dashboard without a token goes straight to the login, which says which case opens after it (ADR 0040)',
    ],
    departure: 'docs/decisions/0040-a-link-opens-the-login.md',
  },
  {
    id: 'S6.STAFF_ROLES',
    spec: "Named staff roles (accusation acceptor, team leaders, case handlers, archival users, ethics users, administrators, staff with a 'can forward' flag) are suggested by labels and calls only. Their permissions are not shown.",
    by: [],
    tests: [],
    nothing:
      'staff-facing screens are not shown (spec section 1): the portal has no staff role to sign in with; staff act through the command line (ADR 0021)',
  },
  {
    id: 'S6.SERVER_ENFORCEMENT',
    spec: 'Server-side enforcement: not shown.',
    by: ['server/plugins/auth.ts auth', 'server/cases/visibility.ts caseById, caseByNumber'],
    tests: [
      'tests/security/authorization.test.ts › every endpoint that names a customer or a case answers the intruder 403/404 or with their own data only',
      'tests/security/authorization.test.ts › without a token, no customer endpoint answers anything but 401',
    ],
  },

  // 7. The calls it makes
  {
    id: 'S7.API_PREFIX',
    spec: "The calls go to the product's API under the path prefix /api of the API host ({host}).",
    by: ['contract/define.ts API_PREFIX', 'src/api/client.ts urlOf', 'server/routes/define.ts defineRoute'],
    tests: [
      'tests/api/reference.test.ts › publishes the contract as OpenAPI with every endpoint and its API-key header',
    ],
  },
  {
    id: 'S7.API_KEY',
    spec: 'Unless stated otherwise, a call sends the custom API-key header.',
    by: ['src/api/headers.ts headersFor', 'server/plugins/api-key.ts apiKey'],
    tests: ['tests/api/reference.test.ts › checks the per-endpoint header'],
    departure: 'docs/decisions/0002-api-key-headers.md',
  },
  {
    id: 'S7.GET_ALL_DIVISIONS',
    spec: '| GET /division_api/get_all_divisions | none; headers Content-Type application/json and a custom header named get_divs_api carrying a fixed value ({key}) | the body is the division list; 429 sets limitError |',
    by: [
      'contract/reference/endpoints.ts getAllDivisions',
      'server/routes/reference.ts getAllDivisions',
      'src/screens/landing/landing.tsx logic',
      'machines/divisions.machine.ts keepDivisions, limitError',
    ],
    tests: [
      'tests/api/reference.test.ts › lists divisions in six languages: active and inactive, at least one special',
      'tests/api/reference.test.ts › checks the per-endpoint header',
      'tests/ui/landing-and-public.test.tsx › replaces the page with the wait message when the division list answers 429',
    ],
    departure: 'docs/decisions/0002-api-key-headers.md',
  },
  {
    id: 'S7.CREATE_CUSTOMER_USER',
    spec: '| POST /customer_user_api/create_customer_user | multipart registration payload | success goes to verification; errors carry Message_en and Message_am |',
    by: [
      'contract/customers/endpoints.ts createCustomerUser',
      'server/routes/customers.ts createCustomerUser',
      'src/api/uploads.ts sendRegistration',
      'machines/registration.machine.ts goToVerification, toastFailure',
    ],
    tests: [
      'tests/api/customers-registration.test.ts › registers with a picture, mails a 6-digit code, keeps the password as argon2id',
      'tests/machines/account-forms.test.ts › success turns the otp flag on and goes to verification with the email',
    ],
  },
  {
    id: 'S7.VALIDATE_OTP',
    spec: '| POST /customer_user_api/validate_customer_otp | {email, otp} | success goes to /login |',
    by: [
      'contract/customers/endpoints.ts validateCustomerOtp',
      'contract/customers/requests.ts OtpBody',
      'server/routes/customers.ts validateCustomerOtp',
      'src/screens/verify-email/verify-email.tsx logic',
      'machines/verification.machine.ts goToLogin',
    ],
    tests: [
      'tests/api/customers-accounts.test.ts › refuses a wrong code, accepts the right one once, and then allows login',
      'tests/api/registration-owner.test.ts › in another browser (no handle): the code alone confirms nothing',
      'tests/machines/account-forms.test.ts › goes to /login with the flag off',
    ],
    departure: 'docs/decisions/0029-whose-registration-whose-phone-whose-file.md',
  },
  {
    id: 'S7.RESEND_OTP',
    spec: '| PUT /customer_user_api/resend_customer_otp | {email} | Message_en or Message_am shown as a success toast |',
    by: [
      'contract/customers/endpoints.ts resendCustomerOtp',
      'server/routes/customers.ts resendCustomerOtp',
      'src/screens/verify-email/verify-email.tsx logic',
      'machines/verification.machine.ts resending, toastSuccess',
    ],
    tests: [
      'tests/api/customers-accounts.test.ts › resend replaces the code: the old one stops working, the new one works',
      'tests/machines/account-forms.test.ts › resend toasts',
    ],
  },
  {
    id: 'S7.LOGIN',
    spec: '| POST /customer_user_api/login_customer_user | {email, password} | the response token is stored in session storage, then go to /dashboard; failure shows the localized Message as an error toast |',
    by: [
      'contract/customers/endpoints.ts loginCustomerUser',
      'server/routes/customers.ts loginCustomerUser',
      'src/screens/login/login.tsx logic',
      'machines/login.machine.ts loggedIn, goToDashboard, toastFailure',
    ],
    tests: [
      'tests/ui/login-screens.test.tsx › logs in, keeps the token in sessionStorage tID, and opens the dashboard',
      'tests/ui/login-screens.test.tsx › shows the server message on a wrong password, in Amharic, in the toast',
    ],
  },
  {
    id: 'S7.FORGOT',
    spec: '| POST /customer_user_api/forgot_customer_user | {email} | 200: Message_en or Message_am shown as a toast, email field cleared |',
    by: [
      'contract/customers/endpoints.ts forgotCustomerUser',
      'server/routes/customers.ts forgotCustomerUser',
      'src/screens/forgot-password/forgot-password.tsx logic',
      'machines/forgot-password.machine.ts clearEmail, toastSuccess',
    ],
    tests: [
      'tests/machines/password-forms.test.ts › covers every state and transition: success clears the email, 429 toasts, 500 loses the connection',
      'tests/api/customers-accounts.test.ts › answers the same for known and unknown emails; only the known one gets a link',
    ],
  },
  {
    id: 'S7.RESET',
    spec: '| PUT /customer_user_api/reset_customer_user/{id}/{token} | {password} | 200: Message_en or Message_am shown, then /login after 6 seconds |',
    by: [
      'contract/customers/endpoints.ts resetCustomerUser',
      'server/routes/customers.ts resetCustomerUser',
      'src/screens/reset-password/reset-password.tsx logic, ResetPassword',
      'machines/reset-password.machine.ts keepMessage, REDIRECT, goToLogin',
    ],
    tests: [
      'tests/ui/login-screens.test.tsx › reset: a mismatch is shown; success shows the message and goes to /login after 6 seconds',
      'tests/api/customers-accounts.test.ts › resets once, ends every session, and refuses the link again',
    ],
  },
  {
    id: 'S7.GET_CUSTOMER_USER',
    spec: '| GET /customer_user_api/get_customer_user/{id} | none; bearer token | the customer: firstname, middlename, lastname, picture, status, woreda, house_phone_number, phone, email, gender, subcity, house_number |',
    by: [
      'contract/customers/endpoints.ts getCustomerUser',
      'server/routes/customers.ts getCustomerUser',
      'src/app/for-screens/profile.ts profileLogic',
    ],
    tests: [
      'tests/api/customers-accounts.test.ts › logs in, returns only the caller profile, and logout makes the token unusable',
      'tests/ui/profile-and-shell.test.tsx › the profile shows every field, "-" when empty, and the active badge',
    ],
  },
  {
    id: 'S7.LOGOUT',
    spec: '| GET /customer_user_api/logout_customer_user | bearer token | success clears session storage and goes to / |',
    by: [
      'contract/customers/endpoints.ts logoutCustomerUser',
      'server/routes/customers.ts logoutCustomerUser',
      'src/app/session.tsx sessionLogic',
      'machines/session.machine.ts loggingOut, clearToken, goHome',
    ],
    tests: [
      'tests/api/customers-accounts.test.ts › logs in, returns only the caller profile, and logout makes the token unusable',
      'tests/ui/screen-paths-account.test.tsx › session: every transition, in the app',
    ],
  },
  {
    id: 'S7.GET_ALL_CASE_LIST',
    spec: '| GET /case_list_api/get_all_case_list | none | all case request types |',
    by: ['contract/reference/endpoints.ts getAllCaseList', 'server/routes/reference.ts getAllCaseList'],
    tests: [
      'tests/api/reference.test.ts › case types carry questions covering every input type, data type and required flag',
    ],
  },
  {
    id: 'S7.GET_CASE_LIST',
    spec: '| GET /case_list_api/get_case_list | bearer token | all case lists |',
    by: [
      'contract/reference/endpoints.ts getCaseLists',
      'server/routes/reference.ts getCaseLists',
      'src/screens/apply/logic.ts logic',
    ],
    tests: [
      'tests/api/reference.test.ts › case types carry questions covering every input type, data type and required flag',
    ],
  },
  {
    id: 'S7.GET_CASE_LIST_BY_ID',
    spec: '| GET /case_list_api/get_case_list/{id} | none | the case request type with case_name_{lang} |',
    by: [
      'contract/reference/endpoints.ts getCaseListById',
      'server/routes/reference.ts getCaseListById',
      'src/api/case-read.ts readCase',
    ],
    tests: [
      'tests/api/reference.test.ts › case types carry questions covering every input type, data type and required flag',
      'tests/ui/case-page.test.tsx › asks for the case, its type, its rating and its history at once: one round trip',
    ],
  },
  {
    id: 'S7.GET_ALL_QUESTIONS',
    spec: '| GET /questions_api/get_all_questions | none | all questions |',
    by: [
      'contract/reference/endpoints.ts getAllQuestions',
      'server/routes/reference.ts getAllQuestions',
      'src/screens/check-status/check-status.tsx questionsLogic',
    ],
    tests: [
      'tests/api/reference.test.ts › case types carry questions covering every input type, data type and required flag',
    ],
  },
  {
    id: 'S7.GET_CASES_BY_CUSTOMER',
    spec: "| GET /customer_case_api/get_by_case_customerid | bearer token | the customer's cases (case_number) for the related-case select |",
    by: [
      'contract/cases/endpoints.ts getCasesByCustomer',
      'server/routes/cases.ts getCasesByCustomer',
      'src/screens/apply/logic.ts logic',
    ],
    tests: ['tests/api/cases-reading.test.ts › lists the customer’s own cases for the related-case select and in full'],
  },
  {
    id: 'S7.CREATE_CASE',
    spec: '| POST /customer_case_api/create_case | multipart: division, caselist, form, remark, attachment, related_case_id | the response carries Message_{lang}; the success message is shown and redirect follows after 6 seconds; other fields of the response: not shown |',
    by: [
      'contract/cases/endpoints.ts createCase',
      'server/routes/cases.ts createCase',
      'src/api/uploads.ts sendApplication',
      'machines/apply.machine.ts succeeded, REDIRECT',
    ],
    tests: [
      'tests/api/cases-filing.test.ts › creates a case with a PDF attachment; the case number is PREFIX-year-sequence',
      'tests/ui/dashboard-home-and-apply.test.tsx › submits the spec form, redirects after 6 s',
    ],
  },
  {
    id: 'S7.GET_CASES',
    spec: '| GET /customer_case_api/get_case | query: page, sort, status, case_number, phone_number, customer_id, firstname | paged list {cases, currentPage, totalPages}; the dashboard sends empty filters, the status page sends page and sort (-1 latest, 1 oldest) |',
    by: [
      'contract/cases/endpoints.ts getCases',
      'contract/cases/requests.ts CaseListQuery',
      'server/routes/cases.ts getCases',
      'contract/dashboard.ts DASHBOARD_CASES_QUERY',
      'src/screens/case-list/case-list.tsx logic',
    ],
    tests: [
      'tests/api/cases-reading.test.ts › pages the list, latest first by default, oldest first with sort=1',
      'tests/api/cases-reading.test.ts › ignores filters that would reach another customer',
      'tests/ui/dashboard-home-and-apply.test.tsx › pages with previous / next and sorts latest or oldest',
    ],
  },
  {
    id: 'S7.GET_CASE_STATISTICS',
    spec: '| GET /customer_case_api/get_case_cust | none | case statistics counts |',
    by: [
      'contract/cases/endpoints.ts getCaseStatistics',
      'server/routes/cases.ts getCaseStatistics',
      'src/screens/dashboard-home/dashboard-home.tsx logic',
    ],
    tests: [
      'tests/api/cases-reading.test.ts › counts by status: processing = ongoing + responded, responded = verified',
    ],
  },
  {
    id: 'S7.GET_ALL_CASES',
    spec: '| GET /customer_case_api/get_all_cases | bearer token | all cases |',
    by: [
      'contract/cases/endpoints.ts getAllCases',
      'server/routes/cases.ts getAllCases',
      'src/api/case-read.ts readCase',
    ],
    tests: ['tests/api/cases-reading.test.ts › lists the customer’s own cases for the related-case select and in full'],
  },
  {
    id: 'S7.GET_CASE_BY_NUMBER',
    spec: '| POST /customer_case_api/get_case_by_casenum | {casenum}; bearer token | one case |',
    by: [
      'contract/cases/endpoints.ts getCaseByNumber',
      'contract/cases/requests.ts CaseNumberBody',
      'server/routes/cases.ts getCaseByNumber',
      'src/screens/check-status/check-status.tsx logic',
    ],
    tests: [
      'tests/api/cases-reading.test.ts › by number: the owner sees everything, a visitor a masked case, the phone on file unmasks',
    ],
    departure: 'docs/decisions/0003-public-lookup-privacy.md',
  },
  {
    id: 'S7.PRINT_CASE',
    spec: '| GET /customer_case_api/print_case/{id} | none | the name of a generated file, then shown from the media path |',
    by: [
      'contract/cases/endpoints.ts printCase',
      'server/routes/cases.ts printCase',
      'server/cases/print.ts printCase',
      'src/screens/print/print.tsx logic, Print',
    ],
    tests: [
      'tests/api/cases-reading.test.ts › prints a real PDF: full for the owner or the phone on file, masked otherwise',
      'tests/ui/every-route.test.tsx › the print view says the case in short and embeds the PDF, saved under the case number, at the link of minutes the server gave',
    ],
    departure: 'docs/decisions/0003-public-lookup-privacy.md',
  },
  {
    id: 'S7.GET_CASE_HISTORY',
    spec: '| GET /customer_case_history_api/get_case_history | bearer token | case history |',
    by: [
      'contract/cases/endpoints.ts getCaseHistory',
      'server/routes/cases.ts getCaseHistory',
      'src/api/case-read.ts readCase',
      'src/screens/case-detail/case-detail.tsx CaseDetail',
    ],
    tests: [
      'tests/api/cases-reading.test.ts › shows the history of status changes with who and when, only to the owner',
    ],
  },
  {
    id: 'S7.GET_RATING_BY_CASE',
    spec: '| GET /div_rate/get_rating_bycase/{caseId} | none | the rating of the case |',
    by: [
      'contract/feedback/endpoints.ts getRatingByCase',
      'server/routes/feedback.ts getRatingByCase',
      'src/api/case-read.ts readCase',
    ],
    tests: [
      'tests/api/feedback.test.ts › rates a verified case once, 1 to 5; refuses other statuses, other customers and a second rating',
    ],
    departure: 'docs/decisions/0020-trust-on-the-street.md',
  },
  {
    id: 'S7.CREATE_RATING',
    spec: '| POST /div_rate/create_custrate | {rateNum, rateCase} | success goes to the case page and shows a message |',
    by: [
      'contract/feedback/endpoints.ts createCustomerRating',
      'server/routes/feedback.ts createCustomerRating',
      'src/screens/case-detail/rating-dialog.tsx logic',
      'machines/rating.machine.ts rated, toastSuccess',
    ],
    tests: [
      'tests/api/feedback.test.ts › rates a verified case once, 1 to 5',
      'tests/ui/case-detail-screens.test.tsx › rates with the keyboard, a double-click on the first star clears it, submit hides the button',
    ],
  },
  {
    id: 'S7.GET_DIVISION_BY_ID',
    spec: '| GET /division_api/get_division/{id} | none | one division |',
    by: [
      'contract/reference/endpoints.ts getDivisionById',
      'server/routes/reference.ts getDivisionById',
      'src/screens/division/division.tsx logic',
    ],
    tests: [
      'tests/api/reference.test.ts › lists divisions in six languages: active and inactive, at least one special',
      'tests/ui/landing-and-public.test.tsx › a division page shows its name, description and active directorates',
    ],
  },
  {
    id: 'S7.GET_DIVISIONS',
    spec: '| GET /division_api/get_division | bearer token | all divisions |',
    by: [
      'contract/reference/endpoints.ts getDivisions',
      'server/routes/reference.ts getDivisions',
      'src/screens/apply/logic.ts logic',
    ],
    tests: [
      'tests/api/reference.test.ts › lists divisions in six languages: active and inactive, at least one special',
    ],
  },
  {
    id: 'S7.GET_ALL_DIRECTORATES',
    spec: '| GET /directorate_api/get_all_directorate | none | all directorates |',
    by: [
      'contract/reference/endpoints.ts getAllDirectorates',
      'server/routes/reference.ts getAllDirectorates',
      'src/screens/division/division.tsx logic',
    ],
    tests: [
      'tests/api/reference.test.ts › lists directorates and teams with their division',
      'tests/ui/landing-and-public.test.tsx › a division page shows its name, description and active directorates',
    ],
  },
  {
    id: 'S7.GET_ALL_TEAMS',
    spec: '| GET /team_leader_api/get_all_team | none | all teams; what the product does with them: not shown |',
    by: ['contract/reference/endpoints.ts getAllTeams', 'server/routes/reference.ts getAllTeams'],
    tests: ['tests/api/reference.test.ts › lists directorates and teams with their division'],
  },
  {
    id: 'S7.CREATE_ACCUSATION',
    spec: '| POST /accusation_acceptor_api/create_accusation | multipart: name, subject, phone, description, accused_organizational_part, attachment | success shows Message_en and clears the form |',
    by: [
      'contract/feedback/endpoints.ts createAccusation',
      'server/routes/feedback.ts createAccusation',
      'src/api/uploads.ts sendComplaint',
      'machines/complaint.machine.ts trackingCode, clearForm',
    ],
    tests: [
      'tests/api/feedback.test.ts › accepts an anonymous complaint and answers a tracking code',
      'tests/ui/lookup-and-complaints.test.tsx › success shows the tracking code and clears the form',
    ],
    departure: 'docs/decisions/0005-form-behaviour.md',
  },
  {
    id: 'S7.LOGOUT_ACCUSATION_ACCEPTOR',
    spec: '| GET /accusation_acceptor_user_api/logout_accusation_acceptor | none | on status 200 clears the session and goes to the root |',
    by: [
      'contract/feedback/endpoints.ts logoutAccusationAcceptor',
      'server/routes/reference.ts logoutAccusationAcceptor',
    ],
    tests: ['tests/api/reference.test.ts › the accusation acceptor logout answers 200 with a message'],
  },
  {
    id: 'S7.MEDIA',
    spec: 'Media files come from a media path on the API host:',
    by: ['contract/paths.ts MEDIA_PATHS', 'server/plugins/media.ts media'],
    tests: [
      'tests/security/files.test.ts › whoever gives the phone on file gets the case’s files as links; a complaint’s answer by a link; the manual is public',
    ],
  },
  {
    id: 'S7.MEDIA.CASE_FILES',
    spec: 'case attachments under /Media/CaseFiles/{attachment};',
    by: ['contract/paths.ts MEDIA_PATHS.caseFiles', 'src/ui/case-details.tsx CaseDetails'],
    tests: [
      'tests/security/files.test.ts › a case’s PDF and a picture: to the owner’s session only',
      'tests/ui/case-detail-screens.test.tsx › opened directly (no state) loads by id',
    ],
  },
  {
    id: 'S7.MEDIA.RESPONSE_AND_PRINT',
    spec: 'response and print files under /Media/{responseAttachment};',
    by: [
      'contract/paths.ts MEDIA_PATHS.root',
      'src/ui/case-details.tsx CaseDetails',
      'server/cases/print.ts printCase',
    ],
    tests: [
      'tests/ui/case-detail-screens.test.tsx › opened directly (no state) loads by id',
      'tests/security/files.test.ts › a print goes out by a link of minutes',
    ],
  },
  {
    id: 'S7.MEDIA.CUSTOMER_IMAGES',
    spec: 'customer images under /Media/CustomerImages/{picture}.',
    by: ['contract/paths.ts MEDIA_PATHS.customerImages', 'src/ui/avatar.tsx Avatar'],
    tests: [
      'tests/api/customers-registration.test.ts › registers with a picture, mails a 6-digit code, keeps the password as argon2id',
      'tests/security/files.test.ts › a case’s PDF and a picture: to the owner’s session only',
    ],
  },

  // 8. The error catalogue
  {
    id: 'S8.CONNECTION_LOST',
    spec: '| HTTP 500 on forgot or reset password, or an exception there | Connection Lost screen with Reload Page button |',
    by: [
      'machines/forgot-password.machine.ts connectionLost',
      'machines/reset-password.machine.ts connectionLost',
      'src/app/errors.tsx ConnectionLost',
    ],
    tests: [
      'tests/ui/login-screens.test.tsx › forgot: a 500 shows Connection Lost with Reload Page',
      'tests/ui/screen-paths-account.test.tsx › reset password: every transition, on the screen',
      'tests/machines/password-forms.test.ts › covers every state and transition: success clears the email, 429 toasts, 500 loses the connection',
    ],
  },
  {
    id: 'S8.SERVER_ERROR_PAGE',
    spec: '| HTTP 500 on profile load, login, logout, rating, or an unexpected exception | generic server-error page |',
    by: [
      'machines/login.machine.ts serverError',
      'machines/loader.machine.ts serverError',
      'machines/rating.machine.ts serverError',
      'src/app/effects.ts useMachineEffects',
      'src/app/errors.tsx ServerError',
    ],
    tests: [
      'tests/ui/every-route.test.tsx › a 500 on login shows the generic server-error page',
      'tests/ui/profile-and-shell.test.tsx › a 500 on the profile shows the generic server-error page',
      'tests/machines/dashboard.test.ts › covers every state and transition: open at the current value, set, reset to 0, submit once chosen',
    ],
    departure: 'docs/decisions/0031-a-logout-ends-the-session-here.md',
  },
  {
    id: 'S8.429.FORGOT_RESET',
    spec: "| HTTP 429 on forgot or reset | toast 'Too many attempts. Please try again later.' |",
    by: ['machines/forgot-password.machine.ts toastTooMany', 'machines/reset-password.machine.ts toastTooMany'],
    tests: [
      'tests/machines/password-forms.test.ts › covers every state and transition: success clears the email, 429 toasts, 500 loses the connection',
      'tests/ui/screen-paths-account.test.tsx › forgot password: every transition, on the screen',
    ],
  },
  {
    id: 'S8.429.REGISTRATION',
    spec: "| HTTP 429 on registration | 180-second lockout with 'Too many attempts. Please try again later.' |",
    by: ['machines/registration.machine.ts rateLimited', 'machines/emitted.ts rateLimitedSaying'],
    tests: [
      'tests/ui/registration-screens.test.tsx › a 429 on registration locks the button with the spec’s words for it',
      'tests/ui/registration-screens.test.tsx › a registration 429 that asks for an hour keeps the spec’s words',
    ],
    departure: 'docs/decisions/0005-form-behaviour.md',
  },
  {
    id: 'S8.429.CASE_CREATION',
    spec: "| HTTP 429 on case creation | translated 'too many requests' toast |",
    by: ['machines/apply.machine.ts toastTooMany'],
    tests: [
      'tests/ui/dashboard-home-and-apply.test.tsx › a 429 on submit shows the translated too-many-requests toast and keeps the form; the draft survives',
    ],
  },
  {
    id: 'S8.429.LOCKOUT',
    spec: "| HTTP 429 on login, profile, case pages and most other calls | 180-second lockout; the button is replaced by 'Please wait 3 minutes before retrying.' (translated; Afar uses the English text) |",
    by: ['machines/lockout.machine.ts lockoutMachine, waitWords', 'src/ui/lockout-button.tsx LockoutButton'],
    tests: [
      'tests/ui/login-screens.test.tsx › a 429 replaces the button with the wait message for 180 seconds, counting down',
      'tests/machines/lockout-session.test.ts › every machine’s 429 passes the server’s Retry-After on to the lockout',
      'tests/unit/i18n-catalog.test.ts › Afar shows the English wait message',
    ],
    departure: 'docs/decisions/0005-form-behaviour.md',
  },
  {
    id: 'S8.DIVISIONS.429',
    spec: '| Division fetch 429 | limitError: the wait message replaces the landing page |',
    by: ['machines/divisions.machine.ts limitError', 'src/screens/landing/landing.tsx Landing'],
    tests: [
      'tests/ui/landing-and-public.test.tsx › replaces the page with the wait message when the division list answers 429',
    ],
  },
  {
    id: 'S8.DIVISIONS.ERROR',
    spec: '| Division fetch, any other failure | error flag set; the text shown: not shown |',
    by: ['machines/divisions.machine.ts divisionsMachine.error', 'src/ui/load-status.tsx LoadStatus'],
    tests: ['tests/ui/screen-paths-cases.test.tsx › divisions (landing): every transition, on the screen'],
  },
  {
    id: 'S8.SERVER_MESSAGE_TOAST',
    spec: '| Other errors (login, registration, rating, case-number lookup, accusation) | error toast with Message_{lang} of the response, in the chosen language |',
    by: ['machines/emitted.ts failureToast', 'src/ui/toasts.tsx Toasts', 'src/i18n/localize.ts serverMessage'],
    tests: [
      'tests/ui/login-screens.test.tsx › shows the server message on a wrong password, in Amharic, in the toast',
      'tests/ui/lookup-and-complaints.test.tsx › a number that does not exist shows the server message, and beside the field, the number kept; the next lookup clears both (issue 51)',
    ],
  },
  {
    id: 'S8.UNKNOWN_ROUTE',
    spec: "| Unknown route | 404 page 'Page not found' |",
    by: ['src/app/errors.tsx NotFound', 'src/app/app.tsx PublicRoutes', 'src/app/dashboard/dashboard.tsx Dashboard'],
    tests: [
      'tests/ui/landing-and-public.test.tsx › unknown paths show the 404 page with Go back',
      'tests/ui/profile-and-shell.test.tsx › unknown dashboard paths show the 404 page',
    ],
  },
  {
    id: 'S8.ROUTER_FALLBACK',
    spec: "| Router fallback | 'Unexpected Application Error!' with the error message |",
    by: ['src/app/errors.tsx RouteErrorBoundary, ErrorBoundary, Fallback'],
    tests: ['tests/ui/every-route.test.tsx › the router fallback shows'],
  },
  {
    id: 'S8.EN_AM_ONLY',
    spec: 'Some screens handle only En and Am messages. The verification screen reads a misspelt Am field.',
    by: ['src/i18n/localize.ts localized, serverMessage', 'src/i18n/languages.ts FALLBACKS'],
    tests: ['tests/unit/i18n-catalog.test.ts › every language falls back to a non-empty text'],
    departure: 'docs/decisions/0005-form-behaviour.md',
  },
  {
    id: 'S8.RATING_500',
    spec: 'The rating submit reads a misspelt field for its 500 check, so the error page may not appear there.',
    by: ['machines/rating.machine.ts isServerFailure, serverError', 'machines/api-failure.ts isServerFailure'],
    tests: [
      'tests/machines/dashboard.test.ts › covers every state and transition: open at the current value, set, reset to 0, submit once chosen',
    ],
  },
  {
    id: 'S8.ACCUSATION_CLEARED',
    spec: 'On the accusation screen the form is cleared after a failure too.',
    by: ['machines/complaint.machine.ts clearForm, toastFailure'],
    tests: [
      'tests/ui/lookup-and-complaints.test.tsx › without a phone number the server’s refusal shows at the field',
      'tests/machines/public-forms.test.ts › checks every text against the complaint schema before sending, with its limit; nothing typed is lost',
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
    spec: "Label texts: 'Something went wrong', 'Page Not Found', 'We couldn't find the page you are looking for.', 'This case isn't available', 'No available cases', 'Password and confirm password don't match'.",
    by: [
      'src/i18n/messages/en.json serverError.title, notFound.title, notFound.text, lookup.notFound, cases.empty, errors.passwordMismatch',
    ],
    tests: [
      'tests/ui/landing-and-public.test.tsx › unknown paths show the 404 page with Go back',
      'tests/ui/every-route.test.tsx › a 500 on login shows the generic server-error page',
      'tests/ui/registration-screens.test.tsx › checks the limits before sending: the error summary takes focus and nothing typed is lost',
      'tests/unit/i18n-catalog.test.ts › every key used in the code exists in English and Amharic',
    ],
  },
  {
    id: 'S8.OTHER_WORDING',
    spec: 'Server error wording for other cases: not shown.',
    by: [],
    tests: [],
    nothing:
      'the spec leaves it open; every server answer carries Message_* in six languages (server/texts/messages.ts)',
  },

  // 9. Business constants and limits
  {
    id: 'S9.LOCKOUT.WAIT',
    spec: 'Rate-limit wait: 3 minutes (180 seconds), counted down each second.',
    by: ['contract/limits.ts LOCKOUT_SECONDS, LOCKOUT_TICK_MS', 'machines/lockout.machine.ts tick'],
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
      'tests/ui/login-screens.test.tsx › reset: a mismatch is shown; success shows the message and goes to /login after 6 seconds',
      'tests/ui/dashboard-home-and-apply.test.tsx › redirects after 6 s',
    ],
  },
  {
    id: 'S9.RECENT_CASES',
    spec: 'Recent cases on the dashboard: 4.',
    by: ['contract/limits.ts RECENT_CASES'],
    tests: [
      'tests/ui/dashboard-home-and-apply.test.tsx › shows the counts and the four most recent cases; a row opens the case',
    ],
  },
  {
    id: 'S9.SORT_AND_PAGE',
    spec: 'Status list: sort values -1 (latest, default) and 1 (oldest); starting page 1.',
    by: ['contract/limits.ts SORT_LATEST, SORT_OLDEST, FIRST_PAGE', 'machines/case-list.machine.ts sort'],
    tests: [
      'tests/api/cases-reading.test.ts › pages the list, latest first by default, oldest first with sort=1',
      'tests/ui/dashboard-home-and-apply.test.tsx › pages with previous / next and sorts latest or oldest; empty says so',
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
    by: ['contract/limits.ts ATTACHMENT_MAX_BYTES', 'machines/files.ts pdfProblem'],
    tests: [
      'tests/ui/lookup-and-complaints.test.tsx › refuses a file that is not a PDF before upload',
      'tests/machines/form-helpers.test.ts › a PDF by its type or its name, up to its limit',
    ],
  },
  {
    id: 'S9.TEXTAREA_ROWS',
    spec: 'Textarea rows: 15 on the case form, 10 on the accusation form.',
    by: ['src/theme/sizes.ts TEXTAREA_ROWS_CASE, TEXTAREA_ROWS_COMPLAINT'],
    tests: [],
  },
  {
    id: 'S9.NAME_LIMITS',
    spec: 'Name limits: 50 characters for first, middle and last name and sub-city. Limit 20 for woreda, phone, house phone and house number.',
    by: ['contract/limits.ts FIELD_LIMITS'],
    tests: [
      'tests/machines/account-forms.test.ts › checks the limits of spec section 5 before sending: fails at the limit itself',
      'tests/api/customers-registration.test.ts › refuses missing fields, values at the spec limit and wrong types, naming each field',
    ],
  },
  {
    id: 'S9.VIEWER_HEIGHTS',
    spec: 'Viewer height: 700px for attachments, 1000px for the manual.',
    by: ['src/theme/sizes.ts VIEWER_HEIGHT_ATTACHMENT, VIEWER_HEIGHT_MANUAL'],
    tests: [
      'tests/ui/case-detail-screens.test.tsx › opened directly (no state) loads by id',
      'tests/ui/landing-and-public.test.tsx › the manual embeds the latest PDF and offers CUSTOMERLATEST.pdf',
    ],
  },
  {
    id: 'S9.MANUAL_NAME',
    spec: 'Manual download name: CUSTOMERLATEST.pdf.',
    by: ['contract/limits.ts MANUAL_DOWNLOAD_NAME'],
    tests: ['tests/ui/landing-and-public.test.tsx › the manual embeds the latest PDF and offers CUSTOMERLATEST.pdf'],
  },
  {
    id: 'S9.CASE_NUMBER',
    spec: "Case number example pattern: '{prefix}-2017-000000'.",
    by: ['contract/limits.ts DEFAULT_CASE_NUMBER_PREFIX', 'src/i18n/messages/en.json lookup.placeholder'],
    tests: [
      'tests/ui/lookup-and-complaints.test.tsx › shows a masked case with the note on how to see more, and the responder when verified',
    ],
  },
  {
    id: 'S9.SESSION_KEY',
    spec: 'Session token key: tID; expiry from its exp claim in seconds.',
    by: ['contract/limits.ts SESSION_STORAGE_KEY', 'machines/session.machine.ts decodeToken, SESSION_EXPIRY'],
    tests: [
      'tests/ui/login-screens.test.tsx › logs in, keeps the token in sessionStorage tID, and opens the dashboard',
      'tests/machines/lockout-session.test.ts › decodes user.id and exp, and refuses anything else',
    ],
  },
  {
    id: 'S9.LANGUAGES',
    spec: 'Languages: En, Am, Or, Tg, Sm, Af. The default is Am. The selector offers En and Am.',
    by: ['contract/languages.ts LAN_CODES, DEFAULT_LAN', 'src/i18n/languages.ts SELECTABLE'],
    tests: [
      'tests/unit/i18n-catalog.test.ts › are in all six languages, English and Amharic complete',
      'tests/unit/i18n-catalog.test.ts › Afar shows the English wait message; every language falls back to a non-empty text',
      'tests/ui/landing-and-public.test.tsx › lists active, non-special divisions in reverse order, in Amharic',
    ],
  },
  {
    id: 'S9.STATISTICS',
    spec: 'Landing statistics: 350,000+, 153,000+, 20,000+ (see section 1).',
    by: ['src/screens/landing/stats.ts LANDING_STATS'],
    tests: [
      'tests/ui/landing-and-public.test.tsx › the landing body: banner and subtitle, the head’s message, services, about with three figures',
    ],
  },
  {
    id: 'S9.TOASTS',
    spec: 'Toast notifications close automatically after 5 seconds and appear at the top right.',
    by: ['contract/limits.ts TOAST_MS', 'src/ui/stores.ts showToast', 'src/ui/ui.css.ts toastRegion'],
    tests: [],
  },
  {
    id: 'S9.TIMEOUTS',
    spec: 'HTTP client default timeout: none (0). Script chunk loading times out after 120000 ms.',
    by: [],
    tests: [],
    nothing:
      "the old client's defaults: calls have no timeout of their own (fetch's, as the spec's 0); screens load by the browser's native import(), which has no timeout to set",
  },
  {
    id: 'S9.API_BASE',
    spec: 'The production API base is a plain-http host under /api ({host}).',
    by: ['contract/define.ts API_PREFIX', 'src/api/client.ts urlOf'],
    tests: [
      'tests/api/reference.test.ts › publishes the contract as OpenAPI with every endpoint and its API-key header',
    ],
  },
  {
    id: 'S9.API_KEY',
    spec: 'A fixed API key is embedded for the division list call ({key}).',
    by: ['src/api/headers.ts apiKeys, headersFor', 'contract/reference/endpoints.ts getAllDivisions'],
    tests: ['tests/api/reference.test.ts › checks the per-endpoint header'],
    departure: 'docs/decisions/0002-api-key-headers.md',
  },
  {
    id: 'S9.GENDER',
    spec: 'Gender: the forms offer Male and Female; the exact values sent in the payload are not shown.',
    by: ['contract/entities.ts Gender, GENDERS', 'src/screens/register/register.tsx Register'],
    tests: [
      'tests/ui/registration-screens.test.tsx › registers, turns the otp flag on, and verifies the email with the code',
    ],
  },
];
