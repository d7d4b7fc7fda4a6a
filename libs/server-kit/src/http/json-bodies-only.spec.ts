import express from 'express';
import request from 'supertest';
import { AllExceptionsFilter } from './all-exceptions.filter';
import { API_CONTENT_DISPOSITION, apiContentDisposition } from './api-content-disposition';
import { jsonBodiesOnly } from './json-bodies-only';

// The two middlewares on a bare express app, errors answered as the services' filter answers them.
function app() {
  const a = express();
  a.use(apiContentDisposition());
  a.use(jsonBodiesOnly());
  a.use(express.json());
  a.post('/echo', (req, res) => res.status(201).json({ got: req.body ?? null }));
  a.get('/page', (_req, res) => res.type('html').send('<p>docs</p>'));
  a.get('/text', (_req, res) => res.type('text/plain').send('metrics 1'));
  a.get('/moved', (_req, res) => res.redirect(302, '/page'));
  a.get('/own', (_req, res) => res.attachment('export.json').json([]));
  const filter = new AllExceptionsFilter();
  a.use((err: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) =>
    filter.catch(err, { switchToHttp: () => ({ getRequest: () => req, getResponse: () => res }) } as never),
  );
  return a;
}

describe('JSON bodies only', () => {
  it.each(['application/json', 'application/json; charset=utf-8', 'Application/JSON;charset=UTF-8'])('takes %s', async (type) => {
    const res = await request(app()).post('/echo').set('Content-Type', type).send('{"a":1}').expect(201);
    expect(res.body).toEqual({ got: { a: 1 } });
  });

  it.each([
    'text/plain',
    'text/plain;charset=UTF-8',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
  ])('answers 415 with the error key to %s', async (type) => {
    const res = await request(app()).post('/echo').set('Content-Type', type).send('{"a":1}').expect(415);
    expect(res.body).toEqual({ error: 'unsupported-media-type', detail: 'request bodies must be JSON (Content-Type: application/json)' });
  });

  it('answers 415 to a body without Content-Type, and lets bodiless requests through whatever their type', async () => {
    await request(app()).post('/echo').send(Buffer.from('{"a":1}')).unset('Content-Type').expect(415);
    await request(app()).post('/echo').set('Content-Type', 'text/plain').expect(201, { got: {} });
    await request(app()).post('/echo').expect(201);
  });
});

describe('Content-Disposition on the JSON answers', () => {
  it('marks JSON answers, errors included, as an attachment named api.json', async () => {
    await request(app()).post('/echo').send({ a: 1 }).expect(201).expect('Content-Disposition', API_CONTENT_DISPOSITION);
    await request(app())
      .post('/echo')
      .set('Content-Type', 'text/plain')
      .send('x')
      .expect(415)
      .expect('Content-Disposition', API_CONTENT_DISPOSITION);
    expect(API_CONTENT_DISPOSITION).toBe('attachment; filename="api.json"');
  });

  it('leaves HTML, text, redirects and a handler’s own disposition alone', async () => {
    for (const path of ['/page', '/text', '/moved']) {
      const res = await request(app()).get(path);
      expect([path, res.headers['content-disposition']]).toEqual([path, undefined]);
    }
    await request(app()).get('/own').expect('Content-Disposition', 'attachment; filename="export.json"');
  });
});
