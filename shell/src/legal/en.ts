// The legal pages in English (namespace `legal`, loaded with the page, one chunk per language).
// A body is paragraphs separated by blank lines; lines starting with "- " form a list.
const en = {
  updated: 'Last updated: 28 November 2026',
  terms: {
    title: 'Terms of service',
    intro:
      'These terms govern the use of Pupitre, a free website where students and parents of the school publish and read anonymous reviews of teachers. By creating an account or publishing a review you accept them.',
    sections: {
      service: {
        heading: '1. The service',
        body: 'Reading reviews, teacher pages and the ranking is open to everyone. Publishing, voting, keeping favourites and reporting require an account activated from the e-mail we send. The service is free and carries no advertising.',
      },
      accounts: {
        heading: '2. Your account',
        body: 'You sign up with an e-mail address and a password, or with a Google account. You keep your password secret and you are responsible for what is published from your account. One person, one account: the e-mail address is kept to prevent multiple accounts.',
      },
      rules: {
        heading: '3. Comment rules',
        body: 'Reviews and reports must be honest and respectful. It is forbidden to publish:\n- insults, mockery or degrading remarks about anyone;\n- threats, harassment or incitement to violence;\n- any inappropriate behaviour: obscene, discriminatory or defamatory content, personal data (addresses, phone numbers, private life), content unrelated to teaching.\n\nA review is about the teaching, not the person. Every review goes through an automatic validation (about ten minutes) before it becomes public, and can be reported by other users.',
      },
      moderation: {
        heading: '4. Moderation and suspension',
        body: 'We may hold, reject or remove any review that breaks these rules. We may suspend or close any account at our discretion, in particular after repeated or serious breaches, without notice.',
      },
      liability: {
        heading: '5. Responsibility',
        body: 'Reviews express the opinion of their authors only. We do our best to keep the service available and the content appropriate, but we cannot guarantee that the service is uninterrupted or that every review is accurate.',
      },
      changes: {
        heading: '6. Changes and contact',
        body: 'We may update these terms; the date above shows the latest version. For any question, write to the contact address at the bottom of every page.',
      },
    },
  },
  privacy: {
    title: 'Privacy policy',
    intro:
      'Reviews are anonymous: no public page shows who wrote a review, nor, beside a review, the class year or a date finer than the month (in a small school they would narrow its author down). This page lists exactly what our services keep, why, and for how long.',
    sections: {
      account: {
        heading: '1. Your account (accounts service)',
        body: 'For each account we keep:\n- your e-mail address, to sign you in, to send activation and password e-mails and to prevent multiple accounts;\n- a hash of your password (scrypt, salted); never the password itself; none when you only use Google;\n- your language (fr, es or en), for our e-mails;\n- the Google subject identifier, only if you sign in with Google (we receive no other Google data than your e-mail address);\n- your roles (user, administrator), whether the account is activated, its creation date and last sign-in date;\n- records of your sign-in sessions: for each refresh token, a hash of it, its family, its status, its expiry date, the day it was issued and the kind of device the session began on (phone, tablet or computer, the names of the browser and the system: never your address or where you are); they are deleted once expired, and you see and end them in the settings;\n- short hashes of the kinds of device you signed in from (the last 20), to warn you by e-mail of a sign-in from a new one;\n- single-use links for activation (valid 7 days) and password reset (valid 3 days), deleted once used or expired.',
      },
      reviews: {
        heading: '2. Your reviews and activity (reviews service)',
        body: "A review is stored with an opaque author identifier (a random account number, never your e-mail), the teacher, subject, year, grades, comment, dates and moderation status. We also keep, each with that opaque identifier:\n- your votes (relatable or not) on reviews;\n- your favourites;\n- your reports and their text: a report is kept until a moderator decides on it, then 400 days after the decision (the transparency figures count a year of decisions), and is then deleted with its link to you.\n\nThe identifier lets us show you your own reviews and statistics, and prevent duplicate reviews and votes.\n\nModerators' decisions (what was decided on which review, by which moderator, when and why) are kept 3 years (1,095 days), as long as a decision may be contested or asked about, then deleted; the records of moderators' reads of the moderation queue are kept 1 year. When you delete your account, your reviews are detached from you: a public one stays, anonymous; one that is not public (refused, removed or held) is deleted 180 days after the end of the month it was detached in, once nothing has changed it for 180 days. Our servers enforce these periods themselves: every hour they delete what is past them.",
      },
      technical: {
        heading: '3. Technical data',
        body: 'To protect the service against abuse, counters of recent sign-in, sign-up and reset attempts are kept in memory (Redis) per IP address and per e-mail address, and expire automatically after a few minutes to an hour. Our servers write technical logs (time, level, request method, path with every review number removed, status and duration) used to fix errors: they contain no password, no token, no review number and no IP address next to a review, and are deleted after 30 days. Our front door keeps no access log at all. Review numbers are random and say nothing of when a review was written; reviews become public at fixed times of the day, all together.',
      },
      sharing: {
        heading: '4. Sharing',
        body: 'We sell nothing and share nothing with third parties. E-mails are sent through our own mail server. If you use Google sign-in, Google knows that you signed in to Pupitre.',
      },
      rights: {
        heading: '5. Your rights',
        body: 'You can see your data from your profile, download a copy of all of it (your account and sessions, your reviews with their class year and exact dates, your votes, favourites and reports) as a JSON file from the settings page (“Download my data”), change your language in the settings and delete your account at any time from the settings page: your account, sessions, votes, favourites and reports are erased, and your reviews are detached from you for good. For any other request (access, correction, objection), write to the contact address at the bottom of every page.',
      },
    },
  },
  cookies: {
    title: 'Cookie policy',
    intro:
      'Pupitre sets no advertising, analytics or tracking cookie, and no third-party content that would set one. The only cookies are strictly necessary ones, for signing in and for your language (section 2): they need no consent, so there is no consent banner.',
    sections: {
      storage: {
        heading: '1. What is stored in your browser',
        body: "Your browser's local storage keeps, on this device only:\n- your e-mail address, to show which account is signed in;\n- the review you are writing, so that it is not lost before you publish it;\n- your language.\n\nYour sign-in tokens are not in it: the short-lived access token stays in the open page's memory, and the long-lived one is in a cookie no script can read (section 2). When you log out, all of it is removed at once (the language stays), even without a connection.",
      },
      signin: {
        heading: '2. Sign-in and language cookies',
        body: "pupitre_refresh keeps you signed in: it holds your session's refresh token, for as long as the session lasts (at most 30 days; 12 hours for moderators and administrators), and goes away when you log out. It is strictly necessary, readable by our server only (HttpOnly), sent only to the sign-in service's token address (/auth/token/) and never by another site (SameSite=Strict), and only over HTTPS (Secure).\n\nOnly while you sign in with Google, two more strictly necessary cookies, readable by our server only (HttpOnly), for 10 minutes at most: pupitre_oauth_state (ties Google's answer to the sign-in you started) and pupitre_oauth_browser (ties it to this browser).\n\npupitre_lang keeps the language you read the site in, and nothing else: fr, es or en. It is a strictly necessary preference: our server reads it to send you each page already written in your language. The page sets it when your language is known or when you change it; it lasts one year, is sent by your browser to this site only and not along with another site's requests (SameSite=Lax), and the page's scripts may read it (it holds nothing secret).\n\nNone of them needs consent.",
      },
      offline: {
        heading: '3. Offline copy',
        body: 'A service worker keeps a copy of the site itself (pages, scripts, styles) and of public data such as the ranking, so that the site opens even without a connection. It never keeps your personal data or anything sent with your sign-in token.',
      },
      control: {
        heading: '4. Your control',
        body: "You can delete all of this at any time from your browser's settings (site data). The site then simply forgets your session and your language.",
      },
    },
  },
};

export default en;
export type LegalCatalogue = typeof en;
