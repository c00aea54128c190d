import { createRoot } from 'react-dom/client';
import './theme/fonts.css';
import './theme/theme.css.ts';
import { App } from './app/app.tsx';
import { language } from './i18n/languages.ts';

language.load();
const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
