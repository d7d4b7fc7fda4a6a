const en = {
  community: {
    title: 'Community',
    lead: 'Find a teacher, read what students and parents think of them, and share your own experience.',
    bestTeachers: 'Best-rated teachers',
    seeRanking: 'See the full ranking',
    noReviews: 'No review has been published yet.',
    pause: 'Pause the carousels',
    play: 'Play the carousels',
  },
  ranking: {
    title: 'Ranking of the best teachers',
    lead: 'Teachers ordered by their average rating out of 10.',
    empty: 'No teacher has been rated yet.',
  },
  teacher: {
    title: 'Teacher',
    rating: 'Average rating: {{rating}} / 10',
    noRating: 'This teacher has no published review yet.',
    reviews_one: '{{count}} review',
    reviews_other: '{{count}} reviews',
    subjects: 'Subjects',
    publish: 'Publish a review about this teacher',
    reviewsTitle: 'Reviews',
    noReviews: 'No published review about this teacher yet.',
    invalid: 'This teacher address is not valid.',
  },
  categories: {
    recent: 'Most recent',
    highest: 'Highest rated',
    lowest: 'Lowest rated',
    relevant: 'Most relatable',
  },
};
export default en;
export type CommunityCatalogue = typeof en;
