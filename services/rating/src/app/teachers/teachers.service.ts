import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type RankingEntry, type TeacherDetail } from '@pupitre/contracts';
import { APP_CONFIG, groupSums } from '@pupitre/server-kit';
import { Model } from 'mongoose';
import { type RatingConfig } from '../../config/rating-config';
import { SubjectsService } from '../subjects/subjects.service';
import { meanRating, rankTeachers, schoolMean } from './ranking/bayesian-ranking';
import { Teacher } from './teacher.schema';

const RANKING_FIELDS = { _id: 0, id: 1, prefix: 1, name: 1, subjectIds: 1, reviewCount: 1, ratingSum: 1 } as const;

@Injectable()
export class TeachersService {
  constructor(
    @InjectModel(Teacher.name) private readonly teachers: Model<Teacher>,
    @Inject(SubjectsService) private readonly subjects: SubjectsService,
    @Inject(APP_CONFIG) private readonly config: RatingConfig,
  ) {}

  /** Teachers with enough published reviews, best first (see bayesian-ranking.ts). */
  async ranking(): Promise<RankingEntry[]> {
    const minReviews = this.config.RANKING_MIN_REVIEWS;
    const [candidates, totals] = await Promise.all([
      this.teachers.find({ archived: false, reviewCount: { $gte: minReviews } }, RANKING_FIELDS).lean().exec(),
      this.schoolTotals(),
    ]);
    const ranked = rankTeachers(candidates, { minReviews, schoolMean: schoolMean(totals.ratingSum, totals.reviewCount) });
    const subjects = await this.subjects.byIds(candidates.flatMap((t) => t.subjectIds));
    return ranked.map(({ teacher, rating }) => ({
      id: teacher.id,
      prefix: teacher.prefix,
      name: teacher.name,
      subjects: teacher.subjectIds.flatMap((id) => subjects.get(id)?.name ?? []),
      rating,
    }));
  }

  /** One teacher with the subjects he teaches, or null when there is none with this id. */
  async detail(id: number): Promise<TeacherDetail | null> {
    const teacher = await this.teachers.findOne({ id }, RANKING_FIELDS).lean().exec();
    if (!teacher) return null;
    const subjects = await this.subjects.byIds(teacher.subjectIds);
    return {
      id: teacher.id,
      prefix: teacher.prefix,
      name: teacher.name,
      rating: meanRating(teacher.reviewCount, teacher.ratingSum),
      reviews: teacher.reviewCount,
      subjects: teacher.subjectIds.flatMap((sid) => subjects.get(sid) ?? []),
    };
  }

  /** Sums of the maintained aggregates over the school (groupSums: FerretDB-safe). */
  private async schoolTotals(): Promise<{ ratingSum: number; reviewCount: number }> {
    const totals = await groupSums<null, 'ratingSum' | 'reviewCount'>(this.teachers, {
      match: { archived: false },
      by: null,
      sums: { ratingSum: '$ratingSum', reviewCount: '$reviewCount' },
    });
    return totals.get(null) ?? { ratingSum: 0, reviewCount: 0 };
  }
}
