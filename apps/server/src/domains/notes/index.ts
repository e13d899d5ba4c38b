export { noteOperations } from './notes.operations.js';
export { seedNotesDemo } from './notes.service.js';
