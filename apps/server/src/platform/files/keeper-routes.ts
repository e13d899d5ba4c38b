import { randomBytes } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import { refusalMessage } from '@portal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../db/db.js';
import { sendProblem } from '../http/error-handler.js';
import type { Caller, LocatedAccount } from '../operations/types.js';
import { isInScope } from '../tenancy/scope.js';
import { cleanOriginalName, detectFileType, MAX_UPLOAD_BYTES } from './file-types.js';
import { deleteStoredFile, findStoredFile, insertStoredFile } from './files.repository.js';
import { type FileStorage, isStoredName } from './storage.js';

/** Which account a stored file belongs to once a domain attached it, and what reading it takes. */
export interface FileAttachment {
  accountId: number;
  /** The capability a caller needs to download it, e.g. FIELDS_CREDITLIMIT_READ. */
  capability: string;
  /**
   * Any signed-in user may download it, whatever the scope: the pictures and downloads of a service
   * are shown to every buyer of the marketplace.
   */
  everyone?: boolean;
  /**
   * Only callers whose organisation is above the account read it: a company's own staff never read the papers
   * its reseller keeps about it (a credit check's attachments), even with the read capability.
   */
  aboveOnly?: boolean;
}

/** A domain that attaches uploaded files to its records answers for them here. */
export type AttachmentResolver = (db: Queryable, storedName: string) => Promise<FileAttachment | null>;

export interface KeeperOptions {
  db: Db;
  storage: FileStorage;
  resolveCaller: (db: Db, request: FastifyRequest) => Promise<Caller | null>;
  locateAccount: (db: Queryable, id: number) => Promise<LocatedAccount | null>;
  attachmentResolvers: readonly AttachmentResolver[];
}

const UPLOAD_ERROR = 'Error uploading file';
const ALLOWED = 'Only PDF, PNG, JPEG, GIF, XLSX, DOCX and TXT files can be uploaded';

/**
 * [A7.2] POST /keeper/upload, POST /keeper/delete and GET /keeper/download/{name}. Every route needs a
 * session (config.session, checked here); a file attached to a record follows that record's tenant
 * scope and capability, a file not yet attached is visible to its uploader only.
 */
export async function registerKeeperRoutes(app: FastifyInstance, options: KeeperOptions) {
  const { db, storage } = options;

  async function requireCaller(request: FastifyRequest, reply: FastifyReply): Promise<Caller | null> {
    const caller = await options.resolveCaller(db, request);
    if (!caller) {
      await sendProblem(reply, request, { status: 401, code: 'UNAUTHENTICATED', detail: 'Sign in to continue' });
      return null;
    }
    return caller;
  }

  function sameOrigin(request: FastifyRequest, reply: FastifyReply): boolean {
    const origin = request.headers.origin;
    if (!origin) return true;
    let host: string | null = null;
    try {
      host = new URL(origin).host;
    } catch {
      host = null;
    }
    if (host === request.headers.host) return true;
    void sendProblem(reply, request, { status: 403, code: 'FORBIDDEN', detail: 'Cross-origin requests are not allowed' });
    return false;
  }

  async function attachmentOf(name: string): Promise<FileAttachment | null> {
    for (const resolve of options.attachmentResolvers) {
      const found = await resolve(db, name);
      if (found) return found;
    }
    return null;
  }

  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    sendProblem(reply, request, { status: 404, code: 'NOT_FOUND', detail: 'File not found' });

  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 },
    });

    scope.post('/keeper/upload', { config: { session: true } }, async (request, reply) => {
      if (!sameOrigin(request, reply)) return reply;
      const caller = await requireCaller(request, reply);
      if (!caller) return reply;
      if (!request.isMultipart()) {
        return sendProblem(reply, request, {
          status: 415,
          code: 'BAD_REQUEST',
          title: UPLOAD_ERROR,
          detail: 'Send the file as multipart/form-data',
        });
      }
      let file: Awaited<ReturnType<typeof request.file>>;
      let data: Buffer;
      try {
        file = await request.file();
        if (!file) {
          return sendProblem(reply, request, {
            status: 400,
            code: 'BAD_REQUEST',
            title: UPLOAD_ERROR,
            detail: 'Choose a file to upload',
            errors: [{ field: 'file', message: 'Choose a file to upload' }],
          });
        }
        data = await file.toBuffer();
        // busboy can mark the stream truncated after the last chunk was read; check it ourselves.
        if (file.file.truncated || data.length > MAX_UPLOAD_BYTES)
          throw Object.assign(new Error('too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') {
          return sendProblem(reply, request, {
            status: 413,
            code: 'BAD_REQUEST',
            title: UPLOAD_ERROR,
            detail: 'The file is larger than 10 MB',
            errors: [{ field: 'file', message: 'The file is larger than 10 MB' }],
          });
        }
        return sendProblem(reply, request, {
          status: 400,
          code: 'BAD_REQUEST',
          title: UPLOAD_ERROR,
          detail: 'The upload could not be read; send one file as multipart/form-data',
        });
      }
      const originalName = cleanOriginalName(file.filename);
      const type = data.length === 0 ? null : detectFileType(originalName, file.mimetype, data);
      if (!type) {
        const detail = data.length === 0 ? 'The file is empty' : ALLOWED;
        return sendProblem(reply, request, {
          status: 415,
          code: 'BAD_REQUEST',
          title: UPLOAD_ERROR,
          detail,
          errors: [{ field: 'file', message: detail }],
        });
      }
      const name = `${randomBytes(16).toString('hex')}.${type.extension}`;
      await storage.write(name, data);
      try {
        await insertStoredFile(db, {
          name,
          original_name: originalName,
          content_type: type.contentType,
          size_bytes: data.length,
          uploaded_by: caller.userId,
        });
      } catch (error) {
        await storage.remove(name);
        throw error;
      }
      return reply.status(201).send({ data: { path: name, originalName } });
    });
  });

  app.post<{ Body: { filePathName?: unknown } }>('/keeper/delete', { config: { session: true } }, async (request, reply) => {
    if (!sameOrigin(request, reply)) return reply;
    if (!String(request.headers['content-type'] ?? '').startsWith('application/json')) {
      return sendProblem(reply, request, {
        status: 415,
        code: 'BAD_REQUEST',
        detail: 'Send { filePathName } as application/json',
      });
    }
    const caller = await requireCaller(request, reply);
    if (!caller) return reply;
    const name = request.body?.filePathName;
    if (typeof name !== 'string' || !isStoredName(name)) {
      return sendProblem(reply, request, {
        status: 422,
        code: 'VALIDATION_FAILED',
        detail: 'One or more validation errors present',
        errors: [{ field: 'filePathName', message: 'Give the path returned by the upload' }],
      });
    }
    const stored = await findStoredFile(db, name);
    if (!stored) return notFound(request, reply);
    if (stored.uploaded_by !== caller.userId) {
      return sendProblem(reply, request, {
        status: 403,
        code: 'FORBIDDEN',
        detail: 'Only the person who uploaded a file can delete it',
      });
    }
    if (await attachmentOf(name)) {
      return sendProblem(reply, request, {
        status: 409,
        code: 'CONFLICT',
        detail: 'This file is attached to a saved record and cannot be deleted',
      });
    }
    await deleteStoredFile(db, name);
    await storage.remove(name);
    return reply.send({ data: { path: name } });
  });

  app.get<{ Params: { '*': string } }>('/keeper/download/*', { config: { session: true } }, async (request, reply) => {
    const caller = await requireCaller(request, reply);
    if (!caller) return reply;
    const name = request.params['*'];
    // Only names we generated can exist; anything else ('..', '/etc/passwd', '%2e%2e') is simply absent.
    if (!isStoredName(name)) return notFound(request, reply);
    const stored = await findStoredFile(db, name);
    if (!stored) return notFound(request, reply);
    const attachment = await attachmentOf(name);
    if (attachment?.everyone) {
      // Shown to every signed-in user (service icons, screenshots and downloads).
    } else if (attachment) {
      const account = await options.locateAccount(db, attachment.accountId);
      // Outside the caller's scope a file looks exactly like one that does not exist.
      if (!account || !isInScope(caller.scope.rootPath, account.path)) return notFound(request, reply);
      if (attachment.aboveOnly && account.path === caller.scope.rootPath) return notFound(request, reply);
      if (!caller.capabilities.has(attachment.capability)) {
        return sendProblem(reply, request, {
          status: 403,
          code: 'FORBIDDEN',
          detail: refusalMessage([attachment.capability]),
        });
      }
    } else if (stored.uploaded_by !== caller.userId) {
      return notFound(request, reply);
    }
    const stream = await storage.read(name);
    if (!stream) return notFound(request, reply);
    const ascii = stored.original_name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
    return reply
      .header('content-type', stored.content_type)
      .header('content-length', String(stored.size_bytes))
      .header(
        'content-disposition',
        `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(stored.original_name)}`,
      )
      .header('cache-control', 'private, no-store')
      .send(stream);
  });
}

declare module 'fastify' {
  /**
   * @fastify/multipart adds a property to the route config type, which would make TypeScript reject the
   * access markers every route declares (`public`, `operations`, `session`, ...). Keep them allowed.
   */
  interface FastifyContextConfig {
    [marker: string]: unknown;
  }
}
