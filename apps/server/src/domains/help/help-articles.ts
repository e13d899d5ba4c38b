import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Queryable } from '../../platform/db/db.js';
import * as repo from './help.repository.js';
import { type HelpArticle, parseArticle } from './help.rules.js';

/** apps/server/help-articles, from both src/ (tsx, tests) and dist/ (built). */
export const HELP_ARTICLES_DIR = resolve(
  dirname(fileURLToPath(import.meta.url)),
  process.env.PORTAL_BUNDLED ? '../help-articles' : '../../../help-articles',
);

/** Every shipped article (`<slug>.md`), sorted by slug. */
export function readHelpArticles(dir = HELP_ARTICLES_DIR): HelpArticle[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => parseArticle(name.slice(0, -3), readFileSync(join(dir, name), 'utf8')));
}

const hashOf = (article: HelpArticle) => createHash('sha256').update(JSON.stringify(article)).digest('hex');

/**
 * Brings the help_articles table in line with the shipped files (run at start, after the migrations): new and
 * changed articles are written, removed ones deleted; an unchanged set costs one read.
 */
export async function syncHelpArticles(db: Queryable, dir = HELP_ARTICLES_DIR): Promise<{ written: number; removed: number }> {
  const articles = readHelpArticles(dir).map((article) => ({ ...article, hash: hashOf(article) }));
  const loaded = await repo.listArticleHashes(db);
  const changed = articles.filter((a) => loaded.get(a.slug) !== a.hash);
  const shipped = new Set(articles.map((a) => a.slug));
  const removed = [...loaded.keys()].filter((slug) => !shipped.has(slug));
  await repo.upsertArticles(db, changed);
  await repo.deleteArticles(db, removed);
  return { written: changed.length, removed: removed.length };
}
