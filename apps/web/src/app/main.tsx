import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app.css';
import '../lib/i18n';
// [M2.14] Before the router reads the address: an identity provider's answer goes to #/sso-auth/{code}/{state}.
import './security-entry';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './providers';
import { AppRouter } from './router';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>,
);
