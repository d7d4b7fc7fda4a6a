import { Inject, Injectable } from '@nestjs/common';
import {
  type RankingEntry,
  type TeacherDetail,
  TEACHER_SEARCH_LIMIT,
  TEACHER_SEARCH_MIN,
  type TeacherSearchResult,
} from '@pupitre/contracts';
import { APP_CONFIG } from '@pupitre/server-kit';
import { type RatingConfig } from '../../config/rating-config';
import { PublicView } from '../reading/public-view';
import { CatalogueSnapshot } from '../data/catalogue-snapshot';
import { meanRating, rankTeachers, roundToOneDecimal, schoolMean } from './ranking/bayesian-ranking';
import { searchKey } from './search-key';
import { statsView } from '../reading/teacher-stats';
import { monthStart, yearGroups } from '../reading/year-groups';

/** Teacher pages, search and ranking: the catalogue and each teacher's figures over his public reviews, in memory. */
@Injectable()
export class TeachersService {
  constructor(
    @Inject(CatalogueSnapshot) private readonly catalogue: CatalogueSnapshot,
    @Inject(PublicView) private readonly view: PublicView,
    @Inject(APP_CONFIG) private readonly config: RatingConfig,
  ) {}

  /** Teachers with enough public reviews, best first (see bayesian-ranking.ts), each with the score the order follows. */
  async ranking(): Promise<RankingEntry[]> {
    const { sorted, subjects } = await this.catalogue.get();
    return this.view.index.memo(`ranking:${this.catalogue.generation}`, () => {
      const active = sorted.filter((t) => !t.archived).map((t) => ({ ...t, ...this.view.index.teacherStats(t.id) }));
      const totals = active.reduce((acc, t) => ({ sum: acc.sum + t.ratingSum, count: acc.count + t.reviewCount }), { sum: 0, count: 0 });
      return rankTeachers(active, { minReviews: this.config.RANKING_MIN_REVIEWS, schoolMean: schoolMean(totals.sum, totals.count) }).map(
        ({ teacher, rating, score }) => ({
          id: teacher.id,
          prefix: teacher.prefix,
          name: teacher.name,
          subjects: teacher.subjectIds.flatMap((id) => subjects.get(id)?.name ?? []),
          rating,
          score: roundToOneDecimal(score),
          reviews: teacher.reviewCount,
        }),
      );
    });
  }

  /** One teacher with the subjects he teaches, or null when there is none with this id. */
  async detail(id: number): Promise<TeacherDetail | null> {
    const { teachers, subjects } = await this.catalogue.get();
    const teacher = teachers.get(id);
    if (!teacher || teacher.delisted) return null;
    const stats = this.view.index.teacherStats(id);
    return {
      id: teacher.id,
      prefix: teacher.prefix,
      name: teacher.name,
      rating: meanRating(stats.reviewCount, stats.ratingSum),
      reviews: stats.reviewCount,
      subjects: teacher.subjectIds.flatMap((sid) => {
        const s = subjects.get(sid);
        return s ? [{ id: s.id, name: s.name, color: s.color }] : [];
      }),
      ...statsView(stats),
      ...this.byYear(id),
    };
  }

  /** The breakdown by class year (year-groups.ts): reviews written before this month, groups of YEAR_GROUP_MIN_REVIEWS or more. */
  private byYear(id: number): Pick<TeacherDetail, 'by_year' | 'by_year_until'> {
    const until = monthStart(Date.now());
    const min = this.config.YEAR_GROUP_MIN_REVIEWS;
    return {
      by_year: this.view.index.memo(`years:${id}:${until}:${min}`, () => yearGroups(this.view.index.reviewsOf(id), min, until)),
      by_year_until: new Date(until).toISOString(),
    };
  }

  /**
   * Accent- and case-insensitive search on prefix and name: every word of the query must start a
   * word of the teacher's search key, or appear inside it (`dup` finds Dupont, `mme gar` Mme García).
   * Archived teachers are left out; at most TEACHER_SEARCH_LIMIT results, by name. A query under
   * TEACHER_SEARCH_MIN characters finds nothing (older clients search from the first keystroke).
   */
  async search(query: string): Promise<TeacherSearchResult[]> {
    if (query.trim().length < TEACHER_SEARCH_MIN) return [];
    const words = searchKey(query).split(' ').filter(Boolean);
    if (!words.length) return [];
    const { sorted, subjects } = await this.catalogue.get();
    const matches = sorted.filter((t) => !t.archived && words.every((w) => t.searchKey.includes(w)));
    return matches.slice(0, TEACHER_SEARCH_LIMIT).map((t) => {
      const stats = this.view.index.teacherStats(t.id);
      return {
        id: t.id,
        prefix: t.prefix,
        name: t.name,
        rating: meanRating(stats.reviewCount, stats.ratingSum),
        subjects: t.subjectIds.flatMap((sid) => {
          const s = subjects.get(sid);
          return s ? [{ id: s.id, name: s.name }] : [];
        }),
      };
    });
  }
}
