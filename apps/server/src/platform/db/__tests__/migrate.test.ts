import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../db.js';
import { migrate, splitStatements } from '../migrate.js';
import { MIGRATIONS_DIR } from '../paths.js';

describe('splitStatements', () => {
  it.each([
    { name: 'splits on semicolons', sql: 'SELECT 1; SELECT 2;', statements: ['SELECT 1', 'SELECT 2'] },
    { name: 'keeps a last statement without a semicolon', sql: 'SELECT 1;\nSELECT 2', statements: ['SELECT 1', 'SELECT 2'] },
    { name: 'drops empty statements', sql: ';;\n  ;SELECT 1;;', statements: ['SELECT 1'] },
    {
      name: 'keeps a semicolon inside a single-quoted string',
      sql: "INSERT INTO t VALUES ('a;b'); SELECT 2;",
      statements: ["INSERT INTO t VALUES ('a;b')", 'SELECT 2'],
    },
    {
      name: 'keeps doubled single quotes inside a string',
      sql: "INSERT INTO t VALUES ('it''s; fine'); SELECT 2;",
      statements: ["INSERT INTO t VALUES ('it''s; fine')", 'SELECT 2'],
    },
    {
      name: 'keeps a semicolon inside a double-quoted identifier',
      sql: 'CREATE TABLE "odd;name" (id int); SELECT 2;',
      statements: ['CREATE TABLE "odd;name" (id int)', 'SELECT 2'],
    },
    {
      name: 'keeps semicolons inside an anonymous dollar-quoted body',
      sql: 'DO $$ BEGIN PERFORM 1; PERFORM 2; END $$; SELECT 3;',
      statements: ['DO $$ BEGIN PERFORM 1; PERFORM 2; END $$', 'SELECT 3'],
    },
    {
      name: 'keeps semicolons inside a tagged dollar-quoted body',
      sql: "CREATE FUNCTION f() RETURNS int AS $fn$ SELECT 1; $fn$ LANGUAGE sql; SELECT 'x';",
      statements: ['CREATE FUNCTION f() RETURNS int AS $fn$ SELECT 1; $fn$ LANGUAGE sql', "SELECT 'x'"],
    },
    {
      name: 'keeps semicolons inside a dollar-quoted body whose tag has digits',
      sql: 'DO $body1$ BEGIN PERFORM 1; END $body1$; SELECT 2;',
      statements: ['DO $body1$ BEGIN PERFORM 1; END $body1$', 'SELECT 2'],
    },
    {
      name: 'does not end a tagged body at a different tag',
      sql: 'DO $a$ SELECT $b$;$b$; $a$; SELECT 2;',
      statements: ['DO $a$ SELECT $b$;$b$; $a$', 'SELECT 2'],
    },
    {
      name: 'leaves positional parameters alone',
      sql: 'SELECT $1; SELECT $2;',
      statements: ['SELECT $1', 'SELECT $2'],
    },
    {
      name: 'drops a line comment, including a semicolon and a quote in it',
      sql: "-- it's a comment; still\nSELECT 1; -- trailing; comment\nSELECT 2;",
      statements: ['SELECT 1', 'SELECT 2'],
    },
    {
      name: 'keeps two dashes inside a string',
      sql: "SELECT '--not a comment;'; SELECT 2;",
      statements: ["SELECT '--not a comment;'", 'SELECT 2'],
    },
    {
      name: 'keeps a single quote inside a dollar-quoted body',
      sql: "DO $$ BEGIN RAISE NOTICE 'it''s'; END $$; SELECT 2;",
      statements: ["DO $$ BEGIN RAISE NOTICE 'it''s'; END $$", 'SELECT 2'],
    },
    {
      name: 'ignores a comment at the end of the file without a newline',
      sql: 'SELECT 1; -- the end',
      statements: ['SELECT 1'],
    },
  ])('$name', ({ sql, statements }) => {
    expect(splitStatements(sql)).toEqual(statements);
  });
});

describe('migrate', () => {
  let db: Db;
  let extraDir: string;

  beforeAll(async () => {
    db = await createDb({ databaseUrl: null, dataDir: 'memory://' });
    extraDir = mkdtempSync(join(tmpdir(), 'portal-migrations-'));
  });
  afterAll(async () => {
    await db.close();
    rmSync(extraDir, { recursive: true, force: true });
  });

  it('applies every migration once and nothing on the second run', async () => {
    const first = await migrate(db, MIGRATIONS_DIR);
    const [before] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM field_definitions');

    const second = await migrate(db, MIGRATIONS_DIR);

    expect(first.length).toBeGreaterThan(0);
    expect(first).toEqual([...first].sort());
    expect(second).toEqual([]);
    const [after] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM field_definitions');
    expect(after?.n).toBe(before?.n);
    const applied = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(applied.map((r) => r.name)).toEqual(first);
  });

  it('applies only the new file, in name order, and ignores files not named NNNN_name.sql', async () => {
    writeFileSync(join(extraDir, '0002_add_b.sql'), "CREATE TABLE b (v text DEFAULT 'x;y'); INSERT INTO b VALUES ('one');");
    writeFileSync(join(extraDir, '0001_add_a.sql'), 'CREATE TABLE a (id int);\n-- a comment; with a semicolon\n');
    writeFileSync(join(extraDir, 'notes.txt'), 'not sql');
    writeFileSync(join(extraDir, '3_bad_name.sql'), 'SELECT broken syntax here');

    expect(await migrate(db, extraDir)).toEqual(['0001_add_a.sql', '0002_add_b.sql']);
    writeFileSync(join(extraDir, '0003_add_c.sql'), 'CREATE TABLE c (id int);');

    expect(await migrate(db, extraDir)).toEqual(['0003_add_c.sql']);
    expect(await db.query('SELECT v FROM b')).toEqual([{ v: 'one' }]);
  });

  it('rolls back a failing migration completely and applies it once fixed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-migrations-'));
    try {
      writeFileSync(join(dir, '0001_create_d.sql'), 'CREATE TABLE d (id int); INSERT INTO missing VALUES (1);');

      await expect(migrate(db, dir)).rejects.toThrow();

      expect(await db.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'd'")).toEqual([]);
      writeFileSync(join(dir, '0001_create_d.sql'), 'CREATE TABLE d (id int);');
      expect(await migrate(db, dir)).toEqual(['0001_create_d.sql']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
