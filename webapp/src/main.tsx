// The shared styles first: the styles components and features import come after them.
import './styles/index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { registerServiceWorker } from './lib/serviceWorker';
import { applyTheme, storedTheme } from './lib/theme';

applyTheme(storedTheme());
registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
