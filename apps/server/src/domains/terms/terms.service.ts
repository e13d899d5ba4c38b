import type { ConfirmedTerm, PlatformTerms, Term } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { DomainError, forbidden, notFound } from '../../platform/errors/domain-error.js';
import { enqueueJob } from '../../platform/jobs/index.js';
import type { Caller, OperationContext } from '../../platform/operations/types.js';
import { findById } from '../accounts/index.js';
import * as repo from './terms.repository.js';
import { nextVersion, pendingRevisions } from './terms.rules.js';
import { TERMS_CHANGED_JOB_TYPE, type TermsChangedPayload } from './terms-changed.job.js';

/** The user's language for texts: User.Language when it is a two-letter code, else en. */
const languageFrom = (language: unknown): string =>
  typeof language === 'string' && /^[a-z]{2}$/.test(language) ? language : 'en';

async function languageOf(db: Queryable, userId: number): Promise<string> {
  const account = await findById(db, userId);
  return languageFrom(account?.attributes['User.Language']);
}

/**
 * [M3.9], [M4.12] The user's TermsConditions list: the newest revision of every document still to accept, in the
 * user's language (User.Language, else en). One statement when nothing is pending, two when texts are needed.
 */
export async function listPendingTerms(db: Queryable, userId: number): Promise<Term[]> {
  const { revisions, acceptedIds, language } = await repo.listRevisionsForUser(db, userId);
  const pending = pendingRevisions({ revisions, acceptedIds });
  const texts = await repo.findTexts(
    db,
    pending.map((p) => p.id),
    languageFrom(language),
  );
  return pending.map((p) => {
    const revision = revisions.find((r) => r.id === p.id);
    const text = texts.get(p.id);
    return {
      Id: p.id,
      Name: text?.name ?? '',
      TermsText: text?.body ?? '',
      IsPrivacyPolicy: revision?.isPrivacyPolicy ?? false,
      Version: p.version,
    };
  });
}

/** [M7.10], [M4.12] ConfirmUserTerms(termId, termName): records the acceptance of exactly the revision shown. */
export async function confirmUserTerms(ctx: OperationContext, caller: Caller, input: { termId: number; termName: string }) {
  // An impersonator must not accept terms in someone else's name [A6.8].
  if (caller.impersonatorId !== null) throw forbidden('Terms cannot be accepted while impersonating a user');
  const pending = await listPendingTerms(ctx.db, caller.userId);
  const term = pending.find((t) => t.Id === input.termId);
  if (!term) {
    const revisions = await repo.listRevisions(ctx.db);
    if (!revisions.some((r) => r.id === input.termId)) throw notFound('Terms');
    throw new DomainError('CONFLICT', 'These terms have been updated or were already accepted. Reload to see the current text.');
  }
  const texts = await repo.findTexts(ctx.db, [term.Id], 'en');
  if (input.termName !== term.Name && input.termName !== texts.get(term.Id)?.name)
    throw new DomainError('CONFLICT', 'These terms have been updated. Reload to see the current text.');
  await repo.insertAcceptance(ctx.db, caller.userId, term.Id, ctx.now);
  ctx.audit({ accountId: caller.userId, after: { AcceptedTerms: term.Name, Version: term.Version } });
  return { Remaining: pending.length - 1 };
}

/** [M7.19] GetMyConfirmedTerms: what the user accepted, in the text of the revision accepted. */
export async function getMyConfirmedTerms(db: Queryable, caller: Caller): Promise<ConfirmedTerm[]> {
  const rows = await repo.listConfirmed(db, caller.userId);
  const texts = await repo.findTexts(
    db,
    rows.map((r) => r.id),
    await languageOf(db, caller.userId),
  );
  return rows.map((r) => ({
    Name: texts.get(r.id)?.name ?? '',
    TermsText: texts.get(r.id)?.body ?? '',
    IsPrivacyPolicy: r.is_privacy_policy,
    Version: r.version,
    AcceptedAt: r.accepted_at.toISOString(),
  }));
}

function assertProvider(caller: Caller) {
  if (caller.scope.rootType !== 'Provider') throw forbidden('Only the platform provider manages the platform terms');
}

export async function listPlatformTerms(db: Queryable, caller: Caller): Promise<PlatformTerms[]> {
  assertProvider(caller);
  const [revisions, counts, languages] = await Promise.all([
    repo.listRevisions(db),
    repo.countAcceptances(db),
    repo.listLanguages(db),
  ]);
  const newest = new Map<number, number>();
  for (const r of revisions) newest.set(r.termsId, r.id);
  const texts = await repo.findTexts(db, [...newest.values()], 'en');
  return [...newest.entries()].map(([termsId, newestId]) => {
    const own = revisions.filter((r) => r.termsId === termsId);
    return {
      TermsId: termsId,
      Name: texts.get(newestId)?.name ?? '',
      IsPrivacyPolicy: own[0]?.isPrivacyPolicy ?? false,
      TermsText: texts.get(newestId)?.body ?? '',
      Revisions: own
        .map((r) => ({
          Id: r.id,
          Version: r.version,
          IsMajor: r.isMajor,
          PublishedAt: r.publishedAt.toISOString(),
          Languages: languages.get(r.id) ?? [],
          AcceptedCount: counts.get(r.id) ?? 0,
        }))
        .reverse(),
    };
  });
}

export async function publishTermsRevision(
  ctx: OperationContext,
  caller: Caller,
  input: {
    TermsId: number | null;
    IsPrivacyPolicy: boolean;
    IsMajor: boolean;
    Texts: { Language: string; Name: string; TermsText: string }[];
  },
): Promise<PlatformTerms> {
  assertProvider(caller);
  const termsId = input.TermsId ?? (await repo.insertTerms(ctx.db, input.IsPrivacyPolicy));
  if (input.TermsId !== null && !(await repo.termsExists(ctx.db, input.TermsId))) throw notFound('Terms');
  const versions = (await repo.listRevisions(ctx.db)).filter((r) => r.termsId === termsId).map((r) => r.version);
  const version = nextVersion(versions);
  await repo.insertRevision(ctx.db, {
    termsId,
    version,
    // The first revision is what everyone accepts first: always major.
    isMajor: input.IsMajor || version === 1,
    publishedBy: caller.userId,
    texts: input.Texts,
  });
  ctx.audit({ accountId: null, after: { TermsId: termsId, Version: version, IsMajor: input.IsMajor || version === 1 } });
  // A major revision asks everyone again: the users in the publisher's scope hear of it by e-mail (decision 0053),
  // queued as one job that sends in chunks.
  if (input.IsMajor || version === 1) {
    const text = input.Texts.find((t) => t.Language === 'en') ?? input.Texts[0];
    await enqueueJob(ctx.db, {
      type: TERMS_CHANGED_JOB_TYPE,
      payload: {
        rootAccountId: caller.scope.rootId,
        name: text?.Name ?? (input.IsPrivacyPolicy ? 'Privacy policy' : 'Terms of use'),
        version,
        isPrivacyPolicy: input.IsPrivacyPolicy,
      } satisfies TermsChangedPayload,
      createdBy: caller.userId,
      accountId: null,
      maxAttempts: 5,
    });
  }
  const all = await listPlatformTerms(ctx.db, caller);
  const published = all.find((t) => t.TermsId === termsId);
  if (!published) throw new Error(`published terms ${termsId} could not be read back`);
  return published;
}

const DEMO_TERMS = [
  {
    isPrivacyPolicy: false,
    name: 'Terms of use',
    body: `These terms govern your use of the Northwind Cloud portal.

1. Your account. You keep your credentials to yourself and tell your administrator when you suspect someone else used them.

2. Acceptable use. You use the portal only to manage the accounts and services of your own organisation and of the customers it serves.

3. Orders. An order placed in the portal binds your organisation under the agreement it holds with its reseller or with Northwind Cloud.

4. Availability. We aim for the portal to be available at all times but planned maintenance is announced in advance.

5. Changes. When these terms change in a way that matters, you are asked to accept them again before you continue.

6. Security. You do not try to reach accounts outside your organisation, test the portal's security without written permission, or share one sign-in between several people.

7. Data you enter. Your organisation stays the owner of the data it enters. We process it only to run the portal and the services ordered through it.

8. Third parties. Services from vendors in the marketplace come with the vendor's own terms, which you accept when you order them.

9. Suspension. We may suspend a sign-in that is used against these terms, and tell your administrator why.

10. Law. These terms are governed by Dutch law; the court of Amsterdam decides disputes unless your agreement with your reseller says otherwise.

11. Contact. Questions about these terms go to your reseller first, or to legal@northwind.example.`,
  },
  {
    isPrivacyPolicy: true,
    name: 'Privacy policy',
    body: `This policy explains which personal data the portal keeps and why.

We keep your name, username, e-mail address and the organisation you belong to, so that you can sign in and your administrators can manage your access.

We record the changes you make (who, what and when) in an audit log that your organisation's auditors can read.

The portal sets one cookie, which keeps you signed in. It sets no advertising or tracking cookies.

You can ask your administrator for a copy of your data or for its removal.`,
  },
];

/** Demo platform terms, already accepted by every demo user except those named (who see the terms screen). */
export async function seedDemoTerms(db: Queryable, options: { notAcceptedBy: readonly number[] }) {
  const existing = await repo.listRevisions(db);
  if (existing.length > 0) return;
  for (const terms of DEMO_TERMS) {
    const termsId = await repo.insertTerms(db, terms.isPrivacyPolicy);
    const revisionId = await repo.insertRevision(db, {
      termsId,
      version: 1,
      isMajor: true,
      publishedBy: null,
      texts: [{ Language: 'en', Name: terms.name, TermsText: terms.body }],
    });
    await db.query(
      `INSERT INTO platform_terms_acceptances (user_id, revision_id)
       SELECT id, $1 FROM accounts WHERE account_type = 'User' AND NOT (id = ANY($2::int[]))`,
      [revisionId, options.notAcceptedBy],
    );
  }
}

/** [A5.11] A company accepts the current revision of a service's terms (the creation wizard's terms step). */
export async function acceptServiceTerms(
  db: Queryable,
  a: { companyId: number; serviceName: string; revision: number; acceptedBy: number },
): Promise<void> {
  await repo.insertServiceTermsAcceptance(db, a);
}

/** Whether a company accepted this revision of a service's terms. */
export async function hasAcceptedServiceTerms(
  db: Queryable,
  a: { companyId: number; serviceName: string; revision: number },
): Promise<boolean> {
  return repo.hasServiceTermsAcceptance(db, a);
}

/**
 * [M4.22] The newest accepted revision of each service's terms for a company (by lower-case service name; absent
 * when never accepted). A revision older than the service's latest counts as not accepted.
 */
export async function latestAcceptedServiceTerms(
  db: Queryable,
  companyId: number,
  serviceNames: readonly string[],
): Promise<Map<string, number>> {
  if (serviceNames.length === 0) return new Map();
  const rows = await repo.listLatestServiceTermsAcceptances(db, companyId, serviceNames);
  return new Map(rows.map((r) => [r.service_name, r.revision]));
}
