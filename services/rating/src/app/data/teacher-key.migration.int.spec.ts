// Teachers' unique key (title, name): concurrent adds of one teacher create one, the others answer 409 duplicate-name; the
// migration keeps namesakes added before the key apart (none lost, with their reviews) and can run again.
import { useTestDatabase } from '@pupitre/server-kit/testing';
import { CatalogueError, CatalogueStore } from './catalogue-store';
import { seedModels } from '../../seed/seed-models';
import { migrateToTeacherKey, TEACHER_KEY_MIGRATION } from './teacher-key.migration';

jest.setTimeout(60_000);
describe("teachers' unique key", () => {
  const db = useTestDatabase(__filename);

  it('two (and ten) concurrent adds of the same teacher create one; the others answer 409 duplicate-name', async () => {
    const models = await seedModels(db.conn);
    const store = new CatalogueStore(models);
    const subject = await store.addSubject({ name: 'Histoire', color: '#123456' });
    for (const [n, name] of [
      [2, 'Durand'],
      [10, 'Martin'],
    ] as const) {
      const results = await Promise.allSettled(
        Array.from({ length: n }, () => store.addTeacher({ prefix: 'M.', name, subjects: [subject.id] })),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results.filter((r) => r.status === 'rejected'))
        expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 409, key: 'duplicate-name' });
      expect(await models.teachers.countDocuments({ prefix: 'M.', name })).toBe(1);
    }
    await expect(store.addTeacher({ prefix: 'M.', name: 'Durand', subjects: [subject.id] })).rejects.toBeInstanceOf(CatalogueError);
    const other = await store.addTeacher({ prefix: 'Mme', name: 'Durand', subjects: [subject.id] }); // another title: another teacher
    await expect(store.updateTeacher(other.id, { prefix: 'M.' })).rejects.toMatchObject({ status: 409, key: 'duplicate-name' });
  });

  it('the migration keeps namesakes of an earlier release apart, then the key holds; it can run again', async () => {
    const teachers = db.conn.collection('teachers');
    const migrations = db.conn.collection<{ _id: string }>('migrations');
    // As an earlier release left it: no key, no twin field, two imports that each added M. Dupont.
    await teachers.drop().catch(() => undefined);
    await migrations.deleteOne({ _id: TEACHER_KEY_MIGRATION });
    const row = (id: number, name: string) => ({ _id: `teacher:${id}`, id, prefix: 'M.', name, searchKey: name, subjectIds: [] });
    await teachers.insertMany([row(1, 'Dupont'), row(2, 'Dupont'), row(3, 'Dupont'), row(4, 'Leroy')] as never);
    const logged: string[] = [];
    await migrateToTeacherKey(db.conn, (msg) => logged.push(msg));
    const twins = await teachers
      .find({}, { projection: { _id: 0, id: 1, twin: 1 } })
      .sort({ id: 1 })
      .toArray();
    expect(twins).toEqual([
      { id: 1, twin: 0 },
      { id: 2, twin: 2 },
      { id: 3, twin: 3 },
      { id: 4, twin: 0 },
    ]);
    expect(logged).toContain('namesake teachers kept apart: archive or rename them');
    await expect(teachers.insertOne({ ...row(5, 'Dupont'), twin: 0 } as never)).rejects.toMatchObject({ code: 11000 });
    // A previous release, still running, adds a namesake without a twin meanwhile: the next run keeps him apart too.
    await teachers.insertOne(row(6, 'Dupont') as never);
    await migrations.deleteOne({ _id: TEACHER_KEY_MIGRATION });
    await migrateToTeacherKey(db.conn);
    expect(
      await teachers
        .find({ name: 'Dupont' }, { projection: { _id: 0, id: 1, twin: 1 } })
        .sort({ id: 1 })
        .toArray(),
    ).toEqual([
      { id: 1, twin: 0 },
      { id: 2, twin: 2 },
      { id: 3, twin: 3 },
      { id: 6, twin: 6 },
    ]);
  });
});
