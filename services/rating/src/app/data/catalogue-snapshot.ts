import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Subject as SubjectView } from '@pupitre/contracts';
import { sharedWork } from '@pupitre/server-kit';
import { Model } from 'mongoose';
import { Subject } from '../subjects/subject.schema';
import { Teacher } from '../teachers/teacher.schema';

export type TeacherRow = Pick<Teacher, 'id' | 'prefix' | 'name' | 'searchKey' | 'subjectIds' | 'archived'> & {
  /** Delisted (an accepted objection): in no public answer. */
  delisted: boolean;
};

export interface Catalogue {
  teachers: Map<number, TeacherRow>;
  /** Teachers by name (French order), for search. */
  sorted: TeacherRow[];
  subjects: Map<number, SubjectView & { archived: boolean }>;
  /** The delisted teachers' ids. */
  delisted: ReadonlySet<number>;
}

/**
 * Every teacher and subject, held in memory (a school has a few hundred): teacher pages, search,
 * the ranking and the review objects read it instead of the database. Read again after a change
 * of the catalogue (admin API, catalogue CLI: a change notice, data/change-feed.ts).
 */
@Injectable()
export class CatalogueSnapshot {
  private current?: Promise<Catalogue>;
  /** Moves on every change of the catalogue (answers built from it are memoized under it). */
  generation = 0;

  constructor(
    @InjectModel('Teacher') private readonly teachers: Model<Teacher>,
    @InjectModel('Subject') private readonly subjects: Model<Subject>,
  ) {}

  get(): Promise<Catalogue> {
    if (!this.current) {
      // Filled for every request: not the database work of the one that finds it empty.
      const loading = sharedWork(() => this.load());
      this.current = loading;
      loading.catch(() => {
        if (this.current === loading) this.current = undefined;
      });
    }
    return this.current;
  }

  /** The catalogue changed: the next `get` reads it again. */
  invalidate(): void {
    this.current = undefined;
    this.generation++;
  }

  private async load(): Promise<Catalogue> {
    const [teachers, subjects] = await Promise.all([
      this.teachers
        .find({}, { _id: 0, id: 1, prefix: 1, name: 1, searchKey: 1, subjectIds: 1, archived: 1, delistedAt: 1 })
        .lean<(Omit<TeacherRow, 'delisted'> & { delistedAt?: Date | null })[]>()
        .exec(),
      this.subjects.find({}, { _id: 0, id: 1, name: 1, color: 1, archived: 1 }).lean().exec(),
    ]);
    const rows: TeacherRow[] = teachers.map(({ delistedAt, ...t }) => ({
      ...t,
      archived: t.archived ?? false,
      delisted: Boolean(delistedAt),
    }));
    // Delisted teachers are in no public list (search, ranking); their page and reviews answer 404.
    const sorted = rows.filter((t) => !t.delisted).sort((a, b) => a.name.localeCompare(b.name, 'fr') || a.id - b.id);
    return {
      teachers: new Map(rows.map((t) => [t.id, t])),
      sorted,
      delisted: new Set(rows.filter((t) => t.delisted).map((t) => t.id)),
      subjects: new Map(subjects.map((s) => [s.id, { id: s.id, name: s.name, color: s.color, archived: s.archived ?? false }])),
    };
  }
}
