import type { ImportType } from '@portal/contracts';

/** [A4.11] The wizard's steps in order: type, parent, service (services only), template (download and upload), preview. */
export const IMPORT_STEPS = ['type', 'parent', 'service', 'template', 'preview'] as const;
export type ImportStep = (typeof IMPORT_STEPS)[number];

/** [A2.46] The steps of an import of this type: Select service only for services. */
export function importSteps(type: ImportType | null): ImportStep[] {
  return IMPORT_STEPS.filter((step) => step !== 'service' || type === 'Product');
}

export interface ImportAnswers {
  type: ImportType | null;
  parentId: number | null;
  /** The service of a service import. */
  productName: string | null;
  name: string;
  /** The stored name of the uploaded template and when it was uploaded (ms since the epoch). */
  upload: { path: string; originalName: string; uploadedAt: number } | null;
}

/**
 * Whether the wizard may leave a step forwards: a type, then a parent, then [A5.4] the import name plus the
 * uploaded file (Preview). The preview's Finish is decided by the validation, not here.
 */
export function canLeaveStep(step: ImportStep, answers: ImportAnswers): boolean {
  switch (step) {
    case 'type':
      return answers.type !== null;
    case 'parent':
      return answers.parentId !== null;
    case 'service':
      return answers.productName !== null;
    case 'template':
      return answers.name.trim() !== '' && answers.upload !== null;
    case 'preview':
      return false;
  }
}

/** [A5.4] Only .xlsm files are uploaded as templates. */
export const isXlsmName = (name: string) => name.toLowerCase().endsWith('.xlsm');
