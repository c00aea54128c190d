import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { fromPromise } from 'xstate';
import type { EnumValue } from '../../../contract/entities.ts';
import { caseLookupMachine } from '../../../machines/case-lookup.machine.ts';
import { createLoader } from '../../../machines/loader.machine.ts';
import { DEFAULT_CASE_NUMBER_PREFIX } from '../../../contract/limits.ts';
import { ethiopianYear } from '../../../contract/dates.ts';
import { call } from '../../api/client.ts';
import { usePageTitle, useScreenMachine } from '../../app/for-screens/use-screen.ts';
import { useTypedBeforeScript } from '../../app/for-screens/typed-before.ts';
import { CaseDetails } from '../../ui/case-details.tsx';
import { ErrorSummary, Field } from '../../ui/field.tsx';
import { LockoutButton } from '../../ui/lockout-button.tsx';
import { TextTheBureau } from '../../ui/bureau-contact.tsx';
import * as ui from '../../ui/ui.css.ts';

/** The case number prefix of the example placeholder: set VITE_CASE_NUMBER_PREFIX with the server's CASE_NUMBER_PREFIX. */
const PREFIX = import.meta.env.VITE_CASE_NUMBER_PREFIX ?? DEFAULT_CASE_NUMBER_PREFIX;

const logic = caseLookupMachine.provide({
  actors: { lookup: fromPromise(({ input }) => call('getCaseByNumber', { body: input })) },
});
const questionsLogic = createLoader(() => call('getAllQuestions'));

export default function CheckStatus() {
  usePageTitle('lookup.title');
  const intl = useIntl();
  const [state, send] = useScreenMachine(logic);
  // Typed into the pre-rendered page before its script arrived: kept.
  useTypedBeforeScript(['caseNumber', 'phone'], (field, value) => send({ type: 'CHANGE', field, value }));
  const questions = useActorRef(questionsLogic);
  const questionList = useSelector(questions, (s) => (s.matches('loaded') ? (s.context.data ?? []) : []));
  const enumValues = useMemo(
    () => new Map<string, EnumValue>(questionList.flatMap((q) => q.enumValues.map((v) => [v._id, v] as const))),
    [questionList],
  );
  const busy = state.matches('looking');
  // Beside the field: an empty number, or a number no case has (issue 51: not a toast that outstays it).
  const numberError = state.context.errors.caseNumber?.code;
  const numberText = intl.formatMessage({
    id: numberError === 'notFound' ? 'lookup.notFound' : 'errors.emptyCaseNumber',
  });
  return (
    <div className={ui.page}>
      <h1>
        <FormattedMessage id="lookup.title" />
      </h1>
      <ErrorSummary
        errors={state.context.errors}
        labels={{ caseNumber: intl.formatMessage({ id: 'field.caseNumber' }) }}
        fieldId={(f) => f}
        texts={{ caseNumber: numberText }}
      />
      <form
        noValidate
        className={ui.card}
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'SUBMIT' });
        }}
      >
        <p className={ui.hint}>
          <FormattedMessage id="common.requiredHint" />
        </p>
        <Field
          id="caseNumber"
          label={intl.formatMessage({ id: 'field.caseNumber' })}
          required
          error={numberError ? numberText : undefined}
        >
          {(aria) => (
            <input
              {...aria}
              className={ui.input}
              // This year's numbers as the example (case numbers count by the Ethiopian year).
              placeholder={intl.formatMessage({ id: 'lookup.placeholder' }, { prefix: PREFIX, year: ethiopianYear() })}
              value={state.context.caseNumber}
              onChange={(e) => send({ type: 'CHANGE', field: 'caseNumber', value: e.target.value })}
            />
          )}
        </Field>
        <Field
          id="phone"
          label={intl.formatMessage({ id: 'lookup.phone' })}
          hint={intl.formatMessage({ id: 'lookup.phoneHint' })}
        >
          {(aria) => (
            <input
              {...aria}
              className={ui.input}
              type="tel"
              value={state.context.phone}
              onChange={(e) => send({ type: 'CHANGE', field: 'phone', value: e.target.value })}
            />
          )}
        </Field>
        <LockoutButton busy={busy}>
          <FormattedMessage id={busy ? 'common.loading' : 'lookup.submit'} />
        </LockoutButton>
        <TextTheBureau about="case" />
      </form>
      {state.context.found ? (
        <div className={ui.card} style={{ marginTop: '1.5rem' }}>
          <CaseDetails found={state.context.found} enumValues={enumValues} phone={state.context.phone.trim()} />
        </div>
      ) : null}
    </div>
  );
}
