import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';
import { IntlProvider } from 'react-intl';
import type { LanCode } from '../../contract/languages.ts';
import { BCP47, language, messagesFor } from './languages.ts';

export function useLan(): LanCode {
  return useSyncExternalStore(language.subscribe, language.get, language.get);
}

export function I18nProvider({ children }: { children: ReactNode }) {
  const lan = useLan();
  return (
    <IntlProvider locale={BCP47[lan]} messages={messagesFor(lan)} defaultLocale="en" onError={() => undefined}>
      {children}
    </IntlProvider>
  );
}
