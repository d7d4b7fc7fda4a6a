import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request } from '@pupitre/server-kit/testing';
import { CatalogueStore } from '../app/data/catalogue-store';
import { seedModels } from '../seed/seed-models';
import { type Harness, startHarness } from '../../testing/rating-harness';
import { runCatalogueCommand, UsageError } from './cli';

jest.setTimeout(60_000);

describe('catalogue: admin API and CLI', () => {
  let h: Harness;
  let store: CatalogueStore;
  let admin: { Authorization: string };

  beforeAll(async () => {
    h = await startHarness(__filename);
    store = new CatalogueStore(await seedModels(h.conn));
    admin = await h.auth('cat-admin', ['admin']);
  });
  afterAll(() => h?.close());

  it('adds, edits and archives subjects and teachers through the admin API', async () => {
    const url = h.api.url;
    const subject = (await request(url).post('/api/admin/subjects').set(admin).send({ name: 'Chinois', color: '#d32f2f' }).expect(201))
      .body;
    await request(url).post('/api/admin/subjects').set(admin).send({ name: 'Chinois', color: '#d32f2f' }).expect(409);
    await request(url).post('/api/admin/subjects').set(admin).send({ name: 'X', color: 'red' }).expect(400);
    const teacher = (
      await request(url)
        .post('/api/admin/teachers')
        .set(admin)
        .send({ prefix: 'Mme', name: 'Wáng', subjects: [subject.id] })
        .expect(201)
    ).body;
    expect((await request(url).get('/api/teachers?query=wang').expect(200)).body).toEqual([
      expect.objectContaining({ id: teacher.id, name: 'Wáng', rating: null }),
    ]);
    await request(url).patch(`/api/admin/teachers/${teacher.id}`).set(admin).send({ name: 'Wang Li' }).expect(200);
    expect((await request(url).get('/api/teachers?query=wang li').expect(200)).body).toHaveLength(1);
    await request(url).patch(`/api/admin/teachers/${teacher.id}`).set(admin).send({ archived: true }).expect(200);
    expect((await request(url).get('/api/teachers?query=wang').expect(200)).body).toEqual([]);
    await request(url).patch('/api/admin/teachers/99999').set(admin).send({ archived: true }).expect(404);
    await request(url)
      .patch(`/api/admin/teachers/${teacher.id}`)
      .set(admin)
      .send({ subjects: [99999] })
      .expect(400);
    await request(url).post('/api/admin/teachers').set(admin).send({ prefix: 'M.', name: 'X', subjects: [], extra: 1 }).expect(400);
    await request(url)
      .post('/api/admin/teachers')
      .set(await h.auth())
      .send({ prefix: 'M.', name: 'X', subjects: [subject.id] })
      .expect(403);
    const archivedSubject = (await request(url).patch(`/api/admin/subjects/${subject.id}`).set(admin).send({ archived: true }).expect(200))
      .body;
    expect(archivedSubject).toMatchObject({ id: subject.id, archived: true });
    expect((await request(url).get('/api/subjects').expect(200)).body.map((s: { name: string }) => s.name)).not.toContain('Chinois');
  });

  it('imports CSV through the API: added, updated, unchanged and line errors', async () => {
    const csv = 'prefix,name,subjects\nM.,Okafor,Anglais|SES\nMme,Dupont,Mathématiques\nM.,Nobody,Astrologie\n,Empty,SVT\n';
    const res = await request(h.api.url).post('/api/admin/teachers/import').set(admin).send({ csv }).expect(200);
    expect(res.body).toEqual({
      added: 1,
      updated: 0,
      unchanged: 1,
      errors: [
        { line: 4, error: 'unknown subject(s): Astrologie' },
        { line: 5, error: expect.any(String) },
      ],
    });
    const again = await request(h.api.url)
      .post('/api/admin/teachers/import')
      .set(admin)
      .send({ csv: 'prefix,name,subjects\nM.,Okafor,Anglais\n' })
      .expect(200);
    expect(again.body).toMatchObject({ added: 0, updated: 1, unchanged: 0 });
  });

  it('runs the CLI commands', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-'));
    try {
      const added = (await runCatalogueCommand(store, ['add-subject', 'Portugais', '#2e7d32'])) as { id: number };
      await runCatalogueCommand(store, ['edit-subject', String(added.id), '--color', '#1b5e20']);
      const teacher = (await runCatalogueCommand(store, ['add-teacher', 'M.', 'Souza', 'Portugais,Espagnol'])) as {
        id: number;
        subjectIds: number[];
      };
      expect(teacher.subjectIds).toHaveLength(2);
      await runCatalogueCommand(store, ['edit-teacher', String(teacher.id), '--name', 'Souza Lima']);
      expect(await runCatalogueCommand(store, ['archive-teacher', String(teacher.id)])).toMatchObject({
        archived: true,
        name: 'Souza Lima',
      });
      fs.writeFileSync(path.join(dir, 's.csv'), 'name;color\nItalien;#00897b\nPortugais;#1b5e20\n');
      expect(await runCatalogueCommand(store, ['import-subjects', path.join(dir, 's.csv')])).toEqual({
        added: 1,
        updated: 0,
        unchanged: 1,
        errors: [],
      });
      fs.writeFileSync(path.join(dir, 't.csv'), 'prefix,name,subjects,archived\nMme,Rossi,Italien,no\nM.,Souza Lima,Portugais,no\n');
      expect(await runCatalogueCommand(store, ['import-teachers', path.join(dir, 't.csv')])).toEqual({
        added: 1,
        updated: 1,
        unchanged: 0,
        errors: [],
      });
      const teachers = (await runCatalogueCommand(store, ['teachers'])) as { name: string; archived: boolean }[];
      expect(teachers.find((t) => t.name === 'Souza Lima')?.archived).toBe(false);
      await expect(runCatalogueCommand(store, ['nope'])).rejects.toBeInstanceOf(UsageError);
      await expect(runCatalogueCommand(store, ['add-teacher', 'M.', 'X', 'Astrologie'])).rejects.toThrow('unknown subject Astrologie');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
