import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Subject as SubjectView } from '@pupitre/contracts';
import { Model } from 'mongoose';
import { PublicCache } from '../cache/public-cache';
import { Subject } from '../subjects/subject.schema';
import { effectiveAggregates } from './effective-aggregates';
import { Teacher, type UpcomingDelta } from './teacher.schema';

export type TeacherRow = Pick<Teacher, 'id' | 'prefix' | 'name' | 'searchKey' | 'subjectIds' | 'reviewCount' | 'ratingSum' | 'archived'>;

export interface Catalogue {
  teachers: Map<number, TeacherRow>;
  /** Teachers by name (French order), for search. */
  sorted: TeacherRow[];
  subjects: Map<number, SubjectView & { archived: boolean }>;
}

/**
 * Every teacher (with his maintained aggregates) and subject, held in memory under the public cache
 * (a school has a few hundred): teacher pages, search, the ranking and the review objects read it
 * instead of the database.
 */
@Injectable()
export class CatalogueSnapshot {
  constructor(
    @InjectModel(Teacher.name) private readonly teachers: Model<Teacher>,
    @InjectModel(Subject.name) private readonly subjects: Model<Subject>,
    @Inject(PublicCache) private readonly cache: PublicCache,
  ) {}

  get(): Promise<Catalogue> {
    return this.cache.memo('catalogue', () => this.load());
  }

  private async load(): Promise<Catalogue> {
    const [stored, subjects] = await Promise.all([
      this.teachers
        .find({}, { _id: 0, id: 1, prefix: 1, name: 1, searchKey: 1, subjectIds: 1, reviewCount: 1, ratingSum: 1, upcoming: 1, archived: 1 })
        .lean<(TeacherRow & { upcoming?: UpcomingDelta[] })[]>()
        .exec(),
      this.subjects.find({}, { _id: 0, id: 1, name: 1, color: 1, archived: 1 }).lean().exec(),
    ]);
    // The aggregates as of now; the snapshot expires when the next upcoming change takes effect.
    const now = Date.now();
    const teachers = stored.map(({ upcoming, ...t }) => {
      const { reviewCount, ratingSum, nextChange } = effectiveAggregates({ ...t, upcoming }, now);
      if (nextChange !== null) this.cache.expireAt(nextChange);
      return { ...t, reviewCount, ratingSum };
    });
    const sorted = [...teachers].sort((a, b) => a.name.localeCompare(b.name, 'fr') || a.id - b.id);
    return {
      teachers: new Map(teachers.map((t) => [t.id, t])),
      sorted,
      subjects: new Map(subjects.map((s) => [s.id, { id: s.id, name: s.name, color: s.color, archived: s.archived ?? false }])),
    };
  }
}
