// English strings of the `review-ui` namespace: the review card and the pieces every screen that
// shows reviews shares (stars, relatable bar, votes, favourite, report dialog, teacher search).
const en = {
  stars: '{{value}} out of 5 stars',
  noRating: 'Not rated yet',
  relatable: {
    label: '{{percent}}% find it relatable',
    count_one: '{{count}} vote',
    count_other: '{{count}} votes',
  },
  card: {
    label: 'Review of {{teacher}}',
    noComment: 'No comment.',
    subject: 'Subject',
    year: 'Year',
  },
  vote: {
    like: 'Relatable',
    dislike: 'Not relatable',
    group: 'Is this review relatable?',
  },
  favourite: {
    add: 'Add to my favourites',
    remove: 'Remove from my favourites',
  },
  report: {
    open: 'Report this review',
    title: 'Report a review',
    label: 'What is wrong with this review?',
    counter: '{{count}} / {{max}} characters',
    send: 'Send the report',
    close: 'Close',
    notify: 'Tell me the moderators’ decision by e-mail',
    sent: 'Thank you, the review has been reported.',
    failed: 'The report could not be sent.',
  },
  search: {
    label: 'Search for a teacher',
    placeholder: 'Name of the teacher',
    hint: 'Type at least 2 letters.',
    searching: 'Searching...',
    results_one: '{{count}} teacher found',
    results_other: '{{count}} teachers found',
    none: 'No teacher matches this search.',
    error: 'An error occurred while searching for teachers.',
    clear: 'Change teacher',
    resultsLabel: 'Teachers found',
  },
};
export default en;
export type ReviewUiCatalogue = typeof en;
