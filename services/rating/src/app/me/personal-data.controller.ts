import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  EXPORTED_REVIEW_STATUSES,
  type ExportedReview,
  type ExportedReviewStatus,
  PERSONAL_DATA_LIMIT,
  RATING_EXPORT_FILENAME,
  type RatingDataExport,
  ratingDataExportSchema,
  YEARS,
} from '@pupitre/contracts';
import { zodApiSchema } from '@pupitre/server-kit';
import { CurrentUser, RequireAuth } from '../auth/auth.guard';
import { type AuthUser } from '../auth/token-verifier';
import { type Catalogue, CatalogueSnapshot } from '../data/catalogue-snapshot';
import { ReviewStore } from '../data/review-store';
import { ReviewVotes } from '../data/review-votes';
import { UserStore } from '../data/user-store';
import { publicAnswers, publicGrades } from '../reading/review-view';
import { type ReviewDoc } from '../reviews/review';

const iso = (date: Date | string | number): string => new Date(date).toISOString();
const isoOrNull = (date: Date | string | number | null | undefined): string | null => (date ? iso(date) : null);

/**
 * The rating service's part of a user's copy of their own data (issue #41): their reviews (latest version, class year, exact
 * dates), votes, favourites and reports; read by the indexes `user_index._id`, `reviews._id` and `reviews.voters.u`, each list
 * bounded. Never an e-mail, never another user's id (a report's review is named by its number only, never by its author).
 */
@ApiTags('me')
@Controller('auth/me')
export class PersonalDataController {
  constructor(
    @Inject(ReviewStore) private readonly reviews: ReviewStore,
    @Inject(ReviewVotes) private readonly votes: ReviewVotes,
    @Inject(UserStore) private readonly users: UserStore,
    @Inject(CatalogueSnapshot) private readonly catalogue: CatalogueSnapshot,
  ) {}

  @Get('export')
  @RequireAuth()
  @Header('Content-Disposition', `attachment; filename="${RATING_EXPORT_FILENAME}"`)
  @ApiOperation({ summary: "The caller's reviews, votes, favourites and reports, for their copy of their data." })
  @ApiOkResponse({ schema: zodApiSchema(ratingDataExportSchema) })
  async export(@CurrentUser() user: AuthUser): Promise<RatingDataExport> {
    const [index, catalogue, votes] = await Promise.all([
      this.users.get(user.id),
      this.catalogue.get(),
      this.votes.votesOf(user.id, PERSONAL_DATA_LIMIT),
    ]);
    const [written, reported] = await Promise.all([
      this.reviews.getMany(index.reviews.slice(-PERSONAL_DATA_LIMIT)),
      this.reviews.getMany(index.reported.slice(-PERSONAL_DATA_LIMIT)),
    ]);
    const reviews = written
      .filter((doc) => doc.authorId === user.id)
      .sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime() || a.id - b.id)
      .map((doc) => exportedReview(doc, catalogue));
    const reports = reported
      .flatMap((doc) => doc.reports.filter((r) => r.userId === user.id).map((report) => ({ id: doc.id, report })))
      .sort((a, b) => new Date(a.report.at).getTime() - new Date(b.report.at).getTime())
      .map(({ id, report }) => ({
        review_id: id,
        text: report.content,
        created_at: iso(report.at),
        outcome: report.outcome,
        decided_at: isoOrNull(report.decidedAt),
      }));
    return {
      reviews,
      votes: votes.map((v) => ({ review_id: v.id, relatable: v.v === 1 })).sort((a, b) => a.review_id - b.review_id),
      favorites: index.favorites.slice(-PERSONAL_DATA_LIMIT),
      reports,
    };
  }
}

function exportedReview(doc: ReviewDoc, catalogue: Catalogue): ExportedReview {
  const teacher = catalogue.teachers.get(doc.teacherId);
  const status: ExportedReviewStatus = (EXPORTED_REVIEW_STATUSES as readonly string[]).includes(doc.status) ? doc.status : 'pending';
  return {
    id: doc.id,
    teacher: teacher ? `${teacher.prefix} ${teacher.name}`.trim() : '',
    subject: catalogue.subjects.get(doc.subjectId)?.name ?? '',
    class_year: YEARS[doc.year] ?? String(doc.year),
    overall: doc.tot_rating,
    grades: publicGrades(doc.grades),
    answers: publicAnswers(doc.flags),
    text: doc.text_rating ?? '',
    status,
    created_at: iso(doc.createdAt),
    updated_at: iso(doc.updatedAt ?? doc.createdAt),
    first_published_at: isoOrNull(doc.firstPublishedAt ?? doc.pub?.publishedAt),
    published_at: isoOrNull(doc.pub?.publishedAt),
  };
}
