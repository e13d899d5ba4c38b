/** A revision as the acceptance rules need it. */
export interface RevisionFacts {
  id: number;
  termsId: number;
  version: number;
  isMajor: boolean;
}

/**
 * [M4.12] Which documents a user still has to accept, as the revision to show (the newest one). A user who accepted
 * any revision at or after the newest major revision is done with a document: minor revisions do not ask again,
 * a new major revision does. The first revision of a document always counts as major.
 */
export function pendingRevisions(params: {
  revisions: readonly RevisionFacts[];
  acceptedIds: ReadonlySet<number>;
}): RevisionFacts[] {
  const byTerms = new Map<number, RevisionFacts[]>();
  for (const r of params.revisions) byTerms.set(r.termsId, [...(byTerms.get(r.termsId) ?? []), r]);
  const pending: RevisionFacts[] = [];
  for (const revisions of byTerms.values()) {
    const sorted = [...revisions].sort((a, b) => a.version - b.version);
    const newest = sorted.at(-1);
    if (!newest) continue;
    const majors = sorted.filter((r, i) => r.isMajor || i === 0);
    const required = majors.at(-1)?.version ?? newest.version;
    const accepted = sorted.some((r) => r.version >= required && params.acceptedIds.has(r.id));
    if (!accepted) pending.push(newest);
  }
  return pending;
}

/** The version number a new revision gets. */
export function nextVersion(existing: readonly number[]): number {
  return existing.length === 0 ? 1 : Math.max(...existing) + 1;
}

/** The e-mail telling a user that a new major revision waits for their acceptance (decision 0053). */
export function termsChangedMail(params: { recipientName: string; name: string; version: number; isPrivacyPolicy: boolean }): {
  subject: string;
  text: string;
} {
  const what = params.isPrivacyPolicy ? 'privacy policy' : 'terms';
  return {
    subject: `New ${what}: ${params.name} (version ${params.version})`,
    text: `Hello ${params.recipientName},\n\nA new version of ${params.name} (version ${params.version}) has been published.\n\nWhat happens next: the portal shows it at your next sign-in and asks you to accept it before you carry on.\n`,
  };
}
