import { createHashRouter } from 'react-router';
import { AccountPage } from './routes/account-page';
import { HomeRedirect } from './routes/home-redirect';
import { NotFoundPage } from './routes/not-found-page';
import { OutboxPage } from './routes/outbox-page';
import { ShellLayout } from './routes/shell-layout';
import { SignInPage } from './routes/sign-in-page';

/** Hash routes as the spec spells them. */
export const router = createHashRouter([
  { path: '/login', element: <SignInPage /> },
  {
    element: <ShellLayout />,
    children: [
      { index: true, element: <HomeRedirect /> },
      { path: 'Account/View/:id/:tab?', element: <AccountPage /> },
      { path: 'Account/CustomAction/:action/:id', element: <AccountPage /> },
      { path: 'Outbox/:messageId?', element: <OutboxPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
