const en = {
  publication: {
    title: 'Publish a review',
    lead: 'Rate a teacher on several criteria, anonymously. Your review becomes visible about 10 minutes after publication, once it has been checked.',
    subjects: 'Subjects',
    noSubjects: 'No subject is available yet.',
  },
  complete: {
    title: 'Thank you for your review!',
    lead: 'It will be visible to everyone in about 10 minutes, once it has been checked.',
    homeTitle: 'Home',
    home: 'Back to home',
    anotherTitle: 'Another teacher?',
    another: 'Publish another review',
  },
  edit: {
    title: 'Edit your review',
    lead: 'Change your ratings or your comment; the new version is checked again before it is published.',
    back: 'Back to my reviews',
  },
  error: {
    load: 'The information could not be loaded.',
    retry: 'Try again',
  },
};
export default en;
export type ReviewCatalogue = typeof en;
