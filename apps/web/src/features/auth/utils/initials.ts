/** Up to two initials of a display name (its first and last word), upper-cased; '?' for an empty name. */
export function initialsOf(displayName: string): string {
  const words = displayName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const chosen = words.length === 1 ? words : [words[0] as string, words[words.length - 1] as string];
  return chosen.map((word) => (Array.from(word)[0] ?? '').toLocaleUpperCase()).join('');
}
