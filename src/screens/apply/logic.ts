import type { RefObject } from 'react';
import { useIntl } from 'react-intl';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { fromPromise } from 'xstate';
import type { CaseSummary } from '../../../contract/entities.ts';
import { ATTACHMENT_MAX_BYTES, MB } from '../../../contract/limits.ts';
import type { ApplyOptions, ApplyPayload, ApplyValues, KeptApplication } from '../../../machines/apply.machine.ts';
import { applyMachine, questionsOf } from '../../../machines/apply.machine.ts';
import { call } from '../../api/client.ts';
import { keepApplication, sendApplication } from '../../api/uploads.ts';
import { readDraft, writeDraft } from '../../app/for-screens/draft-store.ts';
import { APPLY_DRAFT_KEY } from '../../../machines/session-storage.ts';
import { useLan } from '../../i18n/i18n.tsx';
import { language } from '../../i18n/languages.ts';
import { localized } from '../../i18n/localize.ts';

/**
 * The apply machine with its real calls. The draft lives in sessionStorage: it survives a
 * reload, is gone at logout, and is kept for its customer when the session expires
 * (src/app/session.tsx).
 */
export const logic = applyMachine.provide({
  actors: {
    loadOptions: fromPromise<ApplyOptions>(async () => {
      const [divisions, caseLists, ownCases] = await Promise.all([
        call('getDivisions'),
        call('getCaseLists'),
        call('getCasesByCustomer'),
      ]);
      return { divisions, caseLists, ownCases };
    }),
    submit: fromPromise<{ case: CaseSummary }, ApplyPayload>(({ input }) => sendApplication(input)),
    // Kept as a letter with this session's token, for this customer only (src/letters).
    keep: fromPromise<void, KeptApplication>(({ input }) =>
      keepApplication(input, input.request ? localized(input.request, 'case_name', language.get()) : ''),
    ),
  },
  actions: {
    saveDraft: (_, params) => writeDraft(APPLY_DRAFT_KEY, JSON.stringify(params.values)),
    clearDraft: () => writeDraft(APPLY_DRAFT_KEY, ''),
  },
});

export type ApplyState = SnapshotFrom<typeof logic>;
export type ApplySend = (event: EventFrom<typeof logic>) => void;
/** What each part of the apply screen is given. */
export interface ApplyPartProps {
  state: ApplyState;
  send: ApplySend;
  top: RefObject<HTMLHeadingElement | null>;
}

/** The application written so far in this tab, if any. */
export function savedDraft(): ApplyValues | null {
  try {
    return JSON.parse(readDraft(APPLY_DRAFT_KEY) ?? 'null') as ApplyValues | null;
  } catch {
    return null;
  }
}

/** Each field's label in the reader's language (the questions' too), the element id a field's error leads to, and the texts. */
export function useApplyLabels(state: ApplyState) {
  const intl = useIntl();
  const lan = useLan();
  const { options, values } = state.context;
  const questions = questionsOf(options, values.caselist);
  const labels: Record<string, string> = {
    division: intl.formatMessage({ id: 'apply.division' }),
    caselist: intl.formatMessage({ id: 'apply.caselist' }),
    related_case_id: intl.formatMessage({ id: 'apply.related' }),
    remark: intl.formatMessage({ id: 'apply.remark' }),
    attachment: intl.formatMessage({ id: 'apply.attachment' }, { max: ATTACHMENT_MAX_BYTES / MB }),
    ...Object.fromEntries(questions.map((q) => [q._id, localized(q, 'name', lan)])),
  };
  const fieldId = (f: string) => (questions.some((q) => q._id === f) ? `q-${f}` : f);
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id }, v);
  return { labels, fieldId, questions, t, lan };
}
