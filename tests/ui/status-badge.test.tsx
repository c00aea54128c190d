import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../../src/i18n/i18n.tsx';
import { language } from '../../src/i18n/languages.ts';
import { StatusBadge } from '../../src/ui/status-badge.tsx';
import * as ui from '../../src/ui/ui.css.ts';

// spec: S4.BADGE.PENDING, S4.BADGE.ONGOING, S4.BADGE.RESPONDED, S4.BADGE.VERIFIED, S4.BADGE.REJECTED
describe('the status badge of spec section 4', () => {
  it.each([
    ['pending', 'pending', 'grey'],
    ['ongoing', 'processing', 'blue'],
    ['responded', 'processing', 'blue'],
    ['verified', 'responded', 'green'],
    ['rejected', 'rejected', 'red'],
  ] as const)('a %s case reads "%s", in %s', (status, word, colour) => {
    localStorage.setItem('lan', 'En');
    language.load();
    render(
      <I18nProvider>
        <StatusBadge status={status} />
      </I18nProvider>,
    );
    expect(screen.getByText(word)).toHaveClass(ui.badge[colour]);
  });
});
