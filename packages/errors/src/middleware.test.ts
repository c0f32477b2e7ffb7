import express from 'express';
import pg from 'pg';
import request from 'supertest';
import { errorHandler, toHttpError } from './index.js';

function app() {
  const a = express();
  a.get('/items/:id', (req, res) => {
    res.json({ id: req.params.id });
  });
  a.get('/store', async (req) => {
    // What a store call does with a value from the request: PostgreSQL refuses NUL in text.
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres', max: 1 });
    try {
      await pool.query('SELECT $1::text', [String(req.query.name)]);
    } finally {
      await pool.end();
    }
  });
  a.use(errorHandler());
  return a;
}

it('bad %-encoding in a route parameter: 400 INVALID_REQUEST, not 500', async () => {
  for (const path of ['/items/%E0%A4%A', '/items/%', '/items/%zz']) {
    const res = await request(app()).get(path);
    expect([path, res.status, res.body.error]).toEqual([path, 400, 'INVALID_REQUEST']);
  }
});

it('a NUL character PostgreSQL refuses to store: 400 INVALID_REQUEST, not 500', async () => {
  const res = await request(app()).get('/store').query({ name: 'a\u0000b' });
  expect([res.status, res.body.error]).toEqual([400, 'INVALID_REQUEST']);
  expect(res.body.message).toMatch(/NUL|cannot be stored/);
});

it('the same error as Prisma reports it through the pg adapter', () => {
  const prismaLike = Object.assign(new Error('Invalid invocation'), {
    code: 'P2010',
    meta: { driverAdapterError: { cause: { originalCode: '22021', kind: 'postgres' } } },
  });
  expect(toHttpError(prismaLike, 'r1')).toMatchObject({ status: 400, code: 'INVALID_REQUEST' });
  expect(toHttpError(new Error('boom'), 'r1')).toMatchObject({ status: 500, code: 'INTERNAL_ERROR' });
});
