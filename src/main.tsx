import { createRoot } from 'react-dom/client';
import './theme/fonts.css';
import './theme/theme.css.ts';
import { App } from './app/app.tsx';
import { language } from './i18n/languages.ts';

const root = document.getElementById('root');
// The saved language's catalog first (Amharic is already in the page), then the app.
void language.load().then(() => {
  if (root) createRoot(root).render(<App />);
});
