export {
  EXPIRED_JOB_FILES_JOB_TYPE,
  expiredJobFilesJobHandler,
  JOB_FILE_HOURS,
  jobDownloadUrl,
  jobFileReferences,
  PDF_CONTENT_TYPE,
  purgeExpiredJobFiles,
  registerJobDownloadRoute,
  registerJobFile,
  succeedWithFile,
  succeedWithWorkbook,
  writeJobFile,
} from './job-files.js';
export {
  createJobWorker,
  enqueueJob,
  type JobContext,
  JobFailure,
  type JobHandler,
  JobLeaseLost,
  type JobWorker,
  type JobWorkerOptions,
  type RunningJob,
  SCHEDULE_HISTORY_MS,
  waitForJobEnd,
} from './job-worker.js';
export { jobOperations } from './jobs.operations.js';
export { findJob, type JobRow, type NewJob } from './jobs.repository.js';
export { type BackoffPolicy, DEFAULT_BACKOFF, progressOf } from './jobs.rules.js';
export { getVisibleJob, loadJob, toJob } from './jobs.service.js';
