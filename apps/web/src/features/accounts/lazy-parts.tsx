import { DialogLoader, lazyPart } from '../../components/ui/lazy-part';

// A custom action's window is fetched when an action is opened.
export const CustomActionModal = lazyPart(() => import('./components/custom-action-modal'), 'CustomActionModal', {
  fallback: <DialogLoader />,
});
