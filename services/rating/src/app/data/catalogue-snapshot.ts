import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Subject as SubjectView } from '@pupitre/contracts';
import { sharedWork } from '@pupitre/server-kit';
import { Model } from 'mongoose';
import { Subject } from '../subjects/subject.schema';
import { Teacher } from '../teachers/teacher.schema';
import { catalogueVersion, catalogueVersionIfMoved } from './catalogue-version';
import { type Counter } from './counter.schema';
import { TeacherStatsStore } from './teacher-stats-store';

/** How long a snapshot is served before the catalogue's version is read again. */
export const CATALOGUE_CHECK_MS = 1000;

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

// Every teacher and subject in memory (a few hundred), read instead of the database; reloaded when the catalogue's version
// (moved by every change: admin API, CLI, worker) moved, checked every CATALOGUE_CHECK_MS.
@Injectable()
export class CatalogueSnapshot {
  private current?: Promise<Catalogue>;
  private version = -1;
  private checkedAt = 0;
  private checking?: Promise<void>;
  /** Moves on every reload (answers built from the catalogue are cached under it). */
  generation = 0;

  constructor(
    @InjectModel('Teacher') private readonly teachers: Model<Teacher>,
    @InjectModel('Subject') private readonly subjects: Model<Subject>,
    @InjectModel('Counter') private readonly counters: Model<Counter>,
    @Inject(TeacherStatsStore) private readonly stats: TeacherStatsStore,
  ) {}

  async get(): Promise<Catalogue> {
    if (this.current && Date.now() - this.checkedAt >= CATALOGUE_CHECK_MS) {
      // Checked for every request: not the database work of the one that happens to do it.
      this.checking ??= sharedWork(() => this.check()).finally(() => (this.checking = undefined));
      await this.checking;
    }
    if (!this.current) {
      const loading = sharedWork(() => this.load());
      this.current = loading;
      loading.catch(() => {
        if (this.current === loading) this.current = undefined;
      });
    }
    return this.current;
  }

  private async check(): Promise<void> {
    // Reads nothing while the version is the one loaded (an index probe by `_id`).
    const moved = await catalogueVersionIfMoved(this.counters, this.version).catch(() => null);
    this.checkedAt = Date.now();
    if (moved !== null) this.invalidate();
  }

  /**
   * The catalogue changed (here, or in another process: its version moved): the next `get` reads it again, and the next look
   * at the figures reads every teacher's (a teacher removed, a process started: what no change of figures shows).
   */
  invalidate(): void {
    this.current = undefined;
    this.checkedAt = 0;
    this.generation++;
    this.stats.readAllAgain();
  }

  private async load(): Promise<Catalogue> {
    const version = await catalogueVersion(this.counters);
    this.checkedAt = Date.now();
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
    this.version = version;
    const sorted = rows.filter((t) => !t.delisted).sort((a, b) => a.name.localeCompare(b.name, 'fr') || a.id - b.id);
    return {
      teachers: new Map(rows.map((t) => [t.id, t])),
      sorted,
      delisted: new Set(rows.filter((t) => t.delisted).map((t) => t.id)),
      subjects: new Map(subjects.map((s) => [s.id, { id: s.id, name: s.name, color: s.color, archived: s.archived ?? false }])),
    };
  }
}
