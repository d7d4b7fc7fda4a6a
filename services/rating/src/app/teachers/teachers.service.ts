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
import { TeacherStatsStore } from '../data/teacher-stats-store';
import { CatalogueSnapshot } from '../data/catalogue-snapshot';
import { meanRating, rankTeachers, roundToOneDecimal, schoolMean } from './ranking/bayesian-ranking';
import { searchKey } from './search-key';
import { type ListedFigures, statsView, type TeacherStats } from '../reading/teacher-stats';
import { breakdownView, monthKey, monthStartOf } from '../reading/year-groups';

/** Teacher pages, search and ranking: the catalogue and each teacher's figures over his public reviews (teacher_stats). */
@Injectable()
export class TeachersService {
  constructor(
    @Inject(CatalogueSnapshot) private readonly catalogue: CatalogueSnapshot,
    @Inject(TeacherStatsStore) private readonly stats: TeacherStatsStore,
    @Inject(APP_CONFIG) private readonly config: RatingConfig,
  ) {}

  /** The last ranking, computed again when the figures (TeacherStatsStore.recent) or the catalogue moved. */
  private last?: { stats: ReadonlyMap<number, ListedFigures>; generation: number; ranking: RankingEntry[] };

  /** Teachers with enough public reviews, best first (see bayesian-ranking.ts), each with the score the order follows. */
  async ranking(): Promise<RankingEntry[]> {
    const { sorted, subjects } = await this.catalogue.get();
    const generation = this.catalogue.generation;
    const { stats: figures } = await this.stats.recent();
    if (this.last?.stats === figures && this.last.generation === generation) return this.last.ranking;
    const active = sorted.filter((t) => !t.archived).map((t) => ({ ...t, ...(figures.get(t.id) ?? { reviewCount: 0, ratingSum: 0 }) }));
    const totals = active.reduce((acc, t) => ({ sum: acc.sum + t.ratingSum, count: acc.count + t.reviewCount }), { sum: 0, count: 0 });
    const ranking = rankTeachers(active, {
      minReviews: this.config.RANKING_MIN_REVIEWS,
      schoolMean: schoolMean(totals.sum, totals.count),
    }).map(({ teacher, rating, score }) => ({
      id: teacher.id,
      prefix: teacher.prefix,
      name: teacher.name,
      subjects: teacher.subjectIds.flatMap((id) => subjects.get(id)?.name ?? []),
      rating,
      score: roundToOneDecimal(score),
      reviews: teacher.reviewCount,
    }));
    this.last = { stats: figures, generation, ranking };
    return ranking;
  }

  async detail(id: number): Promise<TeacherDetail | null> {
    const { teachers, subjects } = await this.catalogue.get();
    const teacher = teachers.get(id);
    if (!teacher || teacher.delisted) return null;
    // His whole figures (the distribution, criteria, breakdown): read for his page, again only once they changed.
    const stats = await this.stats.page(id);
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
      ...this.byYear(stats),
    };
  }

  /** The breakdown by school level (year-groups.ts): the one frozen at the start of the month, never what moved since. */
  private byYear(stats: TeacherStats): Pick<TeacherDetail, 'by_year' | 'by_year_until'> {
    const month = stats.breakdown?.month ?? monthKey(Date.now());
    return {
      by_year: breakdownView(stats.breakdown, this.config.YEAR_GROUP_MIN_REVIEWS),
      by_year_until: new Date(monthStartOf(month)).toISOString(),
    };
  }

  /** Every word of the query must appear in the teacher's search key (`mme gar` finds Mme García); under TEACHER_SEARCH_MIN: []. */
  async search(query: string): Promise<TeacherSearchResult[]> {
    if (query.trim().length < TEACHER_SEARCH_MIN) return [];
    const words = searchKey(query).split(' ').filter(Boolean);
    if (!words.length) return [];
    const { sorted, subjects } = await this.catalogue.get();
    const matches = sorted.filter((t) => !t.archived && words.every((w) => t.searchKey.includes(w)));
    const { stats: figures } = await this.stats.recent();
    return matches.slice(0, TEACHER_SEARCH_LIMIT).map((t) => {
      const stats = figures.get(t.id) ?? { reviewCount: 0, ratingSum: 0 };
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
