/** Whether an account path lies inside a caller's scope root path (both '/1/5/' style, the root included). */
export function isInScope(scopeRootPath: string, accountPath: string): boolean {
  return accountPath.startsWith(scopeRootPath);
}

/** The exclusive upper bound of a path prefix range: '/1/5/' -> '/1/50' ('0' follows '/' in C collation). */
export function pathUpperBound(prefix: string): string {
  return `${prefix.slice(0, -1)}0`;
}

export function pathIds(path: string): number[] {
  return path.split('/').filter(Boolean).map(Number);
}
