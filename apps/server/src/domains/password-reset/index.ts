export { resetPasswordAction } from './admin-reset.service.js';
export { passwordResetOperations } from './password-reset.operations.js';
export type { PasswordResetSettings } from './password-reset.service.js';
export { registerResetTiming } from './password-reset.timing.js';
