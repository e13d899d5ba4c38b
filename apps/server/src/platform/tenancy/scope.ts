/**
 * The tenant guard's rule: an account lies in a caller's scope when its path starts with the scope root's path (both
 * '/1/5/' style, the root included). `isInScope` is the rule in JS, `inScopeSql` the same rule in SQL, for a statement
 * that finds an account only when it lies in the caller's subtree (the guard's own lookup, and the account page's
 * statement, which folds that lookup in: decision 0063).
 */
export function isInScope(scopeRootPath: string, accountPath: string): boolean {
  return accountPath.startsWith(scopeRootPath);
}

/**
 * `isInScope` as a SQL condition: `pathSql` (an account's path column) starts with `rootPathSql` (the scope root's
 * path, usually a parameter). Both are SQL expressions written into the text by the caller.
 */
export const inScopeSql = (pathSql: string, rootPathSql: string): string => `starts_with(${pathSql}, ${rootPathSql})`;

/** The exclusive upper bound of a path prefix range: '/1/5/' -> '/1/50' ('0' follows '/' in C collation). */
export function pathUpperBound(prefix: string): string {
  return `${prefix.slice(0, -1)}0`;
}

export function pathIds(path: string): number[] {
  return path.split('/').filter(Boolean).map(Number);
}
