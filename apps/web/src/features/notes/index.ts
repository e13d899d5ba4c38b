export { NotesTab } from './components/notes-tab';
