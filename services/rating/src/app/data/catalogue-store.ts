import { type CatalogueImportResult, colorSchema } from '@pupitre/contracts';
import { isDuplicateKey, isWriteConflict, writeRetried } from '@pupitre/server-kit';
import { type Model } from 'mongoose';
import { allocateIds } from './allocate-ids';
import { catalogueChanged } from './catalogue-version';
import { teacherOid } from './keys';
import { type Counter } from './counter.schema';
import { type Subject } from '../subjects/subject.schema';
import { teacherSearchKey } from '../teachers/search-key';
import { type Teacher } from '../teachers/teacher.schema';
import { parseCsv } from '../catalogue/csv';

export class CatalogueError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    readonly key: string,
    message: string,
  ) {
    super(message);
  }
}

export interface CatalogueModels {
  counters: Model<Counter>;
  subjects: Model<Subject>;
  teachers: Model<Teacher>;
}

export type SubjectRow = Pick<Subject, 'id' | 'name' | 'color' | 'archived'>;
export type TeacherRow = Pick<Teacher, 'id' | 'prefix' | 'name' | 'subjectIds' | 'archived'>;

const TEACHER_FIELDS = { _id: 0, id: 1, prefix: 1, name: 1, subjectIds: 1, archived: 1 } as const;
const shownRow = (t: TeacherRow): TeacherRow => ({
  id: t.id,
  prefix: t.prefix,
  name: t.name,
  subjectIds: t.subjectIds,
  archived: t.archived ?? false,
});
const SUBJECT_FIELDS = { _id: 0, id: 1, name: 1, color: 1, archived: 1 } as const;

/** Teachers and subjects for the admin API and the CLI. Teachers are never deleted (their reviews stay): archiving takes them out. */
export class CatalogueStore {
  constructor(private readonly m: CatalogueModels) {}

  listSubjects(): Promise<SubjectRow[]> {
    return this.m.subjects.find({}, SUBJECT_FIELDS).sort({ id: 1 }).lean<SubjectRow[]>().exec();
  }

  listTeachers(): Promise<TeacherRow[]> {
    return this.m.teachers
      .find({}, TEACHER_FIELDS)
      .sort({ id: 1 })
      .lean<TeacherRow[]>()
      .exec()
      .then((rows) => rows.map(shownRow));
  }

  async teacher(id: number): Promise<TeacherRow | null> {
    const t = await this.m.teachers
      .findOne({ _id: teacherOid(id) }, TEACHER_FIELDS)
      .lean<TeacherRow>()
      .exec();
    return t ? shownRow(t) : null;
  }

  async addSubject(input: { name: string; color: string }): Promise<SubjectRow> {
    const [id] = await allocateIds(this.m.counters as never, 'subjects');
    try {
      await writeRetried(() => this.m.subjects.create({ id, name: input.name, color: input.color, archived: false }));
    } catch (err) {
      if (isDuplicateKey(err)) throw new CatalogueError(409, 'duplicate-name', `a subject named ${input.name} exists`);
      throw err;
    }
    await catalogueChanged(this.m.counters);
    return { id, name: input.name, color: input.color, archived: false };
  }

  async updateSubject(id: number, patch: { name?: string; color?: string; archived?: boolean }): Promise<SubjectRow> {
    try {
      const doc = await this.m.subjects.findOneAndUpdate({ id }, { $set: patch }, { returnDocument: 'after' }).lean<SubjectRow>().exec();
      if (!doc) throw new CatalogueError(404, 'not-found', `no subject ${id}`);
      await catalogueChanged(this.m.counters);
      return { id: doc.id, name: doc.name, color: doc.color, archived: doc.archived ?? false };
    } catch (err) {
      if (isDuplicateKey(err)) throw new CatalogueError(409, 'duplicate-name', `a subject named ${patch.name} exists`);
      throw err;
    }
  }

  /** One insert: a namesake (unique key: teacher.schema.ts) answers 409 duplicate-name, a concurrent add of the same one included. */
  async addTeacher(input: { prefix: string; name: string; subjects: number[] }): Promise<TeacherRow> {
    await this.checkSubjects(input.subjects);
    const [id] = await allocateIds(this.m.counters as never, 'teachers');
    const row = { id, prefix: input.prefix, name: input.name, subjectIds: [...new Set(input.subjects)], archived: false };
    try {
      await writeRetried(() =>
        this.m.teachers.create({ _id: teacherOid(id), ...row, twin: 0, searchKey: teacherSearchKey(input.prefix, input.name) }),
      );
    } catch (err) {
      // DocumentDB may answer a lost race on a unique key 112 (a deadlock) instead of E11000: a namesake if one is there now.
      if (
        isDuplicateKey(err) ||
        (isWriteConflict(err) && (await this.m.teachers.exists({ prefix: input.prefix, name: input.name, twin: 0 })))
      )
        throw new CatalogueError(409, 'duplicate-name', `${input.prefix} ${input.name} exists`);
      throw err;
    }
    await catalogueChanged(this.m.counters);
    return row;
  }

  // Edits a teacher. The search key is derived from the prefix and the name, so the write's filter
  // holds the ones it was derived from: an edit of the other field meanwhile makes it read again.
  async updateTeacher(id: number, patch: { prefix?: string; name?: string; subjects?: number[]; archived?: boolean }): Promise<TeacherRow> {
    if (patch.subjects) await this.checkSubjects(patch.subjects);
    for (;;) {
      const current = await this.m.teachers
        .findOne({ _id: teacherOid(id) }, TEACHER_FIELDS)
        .lean<TeacherRow>()
        .exec();
      if (!current) throw new CatalogueError(404, 'not-found', `no teacher ${id}`);
      const prefix = patch.prefix ?? current.prefix;
      const name = patch.name ?? current.name;
      const set: Record<string, unknown> = { prefix, name, searchKey: teacherSearchKey(prefix, name) };
      if (patch.subjects) set.subjectIds = [...new Set(patch.subjects)];
      if (patch.archived !== undefined) set.archived = patch.archived;
      const doc = await this.m.teachers
        .findOneAndUpdate({ _id: teacherOid(id), prefix: current.prefix, name: current.name }, { $set: set }, { returnDocument: 'after' })
        .lean<TeacherRow>()
        .exec()
        .catch((err: unknown) => {
          if (isDuplicateKey(err)) throw new CatalogueError(409, 'duplicate-name', `${prefix} ${name} exists`);
          throw err;
        });
      if (!doc) continue;
      await catalogueChanged(this.m.counters);
      return shownRow(doc);
    }
  }

  /** Teacher `id` is no longer listed (an accepted objection), kept until `eraseAfter`; false when there is no such teacher. */
  async delist(id: number, at: Date, eraseAfter: Date, options: { ifListed?: boolean } = {}): Promise<boolean> {
    const filter = options.ifListed ? { _id: teacherOid(id), delistedAt: null } : { _id: teacherOid(id) };
    const res = await this.m.teachers.updateOne(filter, { $set: { delistedAt: at, eraseAfter } }).exec();
    if (res.matchedCount === 1) await catalogueChanged(this.m.counters);
    return res.matchedCount === 1;
  }

  /** The delisted teachers whose retention period ended by `now` (index `eraseAfter`). */
  async dueForErasure(now: Date): Promise<number[]> {
    const rows = await this.m.teachers
      .find({ eraseAfter: { $lte: now } }, { _id: 0, id: 1 })
      .lean<{ id: number }[]>()
      .exec();
    return rows.map((r) => r.id);
  }

  async eraseTeacher(id: number): Promise<void> {
    await this.m.teachers.deleteOne({ _id: teacherOid(id) }).exec();
    await catalogueChanged(this.m.counters);
  }

  /** `name,color[,archived]` with a header line; subjects matched by name (added or updated). */
  async importSubjectsCsv(csv: string): Promise<CatalogueImportResult> {
    const result: CatalogueImportResult = { added: 0, updated: 0, unchanged: 0, errors: [] };
    const rows = parseCsv(csv);
    const header = (rows.shift() ?? []).map((h) => h.toLowerCase());
    const col = (name: string) => header.indexOf(name);
    if (col('name') < 0 || col('color') < 0)
      return { ...result, errors: [{ line: 1, error: 'the header must name the columns name and color' }] };
    const existing = new Map((await this.listSubjects()).map((s) => [s.name, s]));
    for (const [i, row] of rows.entries()) {
      const line = i + 2;
      const name = row[col('name')] ?? '';
      const color = row[col('color')] ?? '';
      const archived = col('archived') >= 0 ? /^(1|true|yes|oui|si)$/i.test(row[col('archived')] ?? '') : undefined;
      if (!name) {
        result.errors.push({ line, error: 'name is empty' });
        continue;
      }
      if (!colorSchema.safeParse(color).success) {
        result.errors.push({ line, error: `color must be #rrggbb, got ${JSON.stringify(color)}` });
        continue;
      }
      const current = existing.get(name);
      if (!current) {
        const added = await this.addSubject({ name, color });
        if (archived) await this.updateSubject(added.id, { archived });
        existing.set(name, added);
        result.added++;
      } else if (current.color !== color || (archived !== undefined && Boolean(current.archived) !== archived)) {
        await this.updateSubject(current.id, { color, ...(archived !== undefined ? { archived } : {}) });
        result.updated++;
      } else result.unchanged++;
    }
    return result;
  }

  /** `prefix,name,subjects[,archived]` with a header line; subjects by name, separated by `|`; teachers matched by prefix and name. */
  async importTeachersCsv(csv: string): Promise<CatalogueImportResult> {
    const result: CatalogueImportResult = { added: 0, updated: 0, unchanged: 0, errors: [] };
    const rows = parseCsv(csv);
    const header = (rows.shift() ?? []).map((h) => h.toLowerCase());
    const col = (name: string) => header.indexOf(name);
    if (col('prefix') < 0 || col('name') < 0 || col('subjects') < 0) {
      return { ...result, errors: [{ line: 1, error: 'the header must name the columns prefix, name and subjects' }] };
    }
    const subjects = new Map((await this.listSubjects()).map((s) => [s.name.toLowerCase(), s.id]));
    const existing = new Map((await this.listTeachers()).map((t) => [`${t.prefix} ${t.name}`, t]));
    for (const [i, row] of rows.entries()) {
      const line = i + 2;
      const prefix = row[col('prefix')] ?? '';
      const name = row[col('name')] ?? '';
      const subjectNames = (row[col('subjects')] ?? '')
        .split('|')
        .map((s) => s.trim())
        .filter(Boolean);
      const archived = col('archived') >= 0 ? /^(1|true|yes|oui|si)$/i.test(row[col('archived')] ?? '') : undefined;
      if (!prefix || !name || prefix.length > 10 || name.length > 100) {
        result.errors.push({ line, error: 'prefix (≤ 10) and name (≤ 100) are required' });
        continue;
      }
      const unknown = subjectNames.filter((s) => !subjects.has(s.toLowerCase()));
      if (!subjectNames.length || unknown.length) {
        result.errors.push({
          line,
          error: unknown.length ? `unknown subject(s): ${unknown.join(', ')}` : 'at least one subject is required',
        });
        continue;
      }
      const subjectIds = subjectNames.map((s) => subjects.get(s.toLowerCase())!);
      const current = existing.get(`${prefix} ${name}`);
      if (!current) {
        const added = await this.addTeacher({ prefix, name, subjects: subjectIds });
        if (archived) await this.updateTeacher(added.id, { archived });
        existing.set(`${prefix} ${name}`, added);
        result.added++;
        continue;
      }
      const sameSubjects = [...new Set(subjectIds)].sort().join() === [...current.subjectIds].sort().join();
      if (sameSubjects && (archived === undefined || Boolean(current.archived) === archived)) {
        result.unchanged++;
        continue;
      }
      await this.updateTeacher(current.id, { subjects: subjectIds, ...(archived !== undefined ? { archived } : {}) });
      result.updated++;
    }
    return result;
  }

  private async checkSubjects(ids: number[]): Promise<void> {
    const found = await this.m.subjects
      .find({ id: { $in: ids } }, { _id: 0, id: 1 })
      .lean()
      .exec();
    const known = new Set(found.map((s) => s.id));
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length) throw new CatalogueError(400, 'wrong-subject', `unknown subject(s): ${missing.join(', ')}`);
  }
}
