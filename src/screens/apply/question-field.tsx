import { useIntl } from 'react-intl';
import type { Question } from '../../../contract/entities.ts';
import { useLan } from '../../i18n/i18n.tsx';
import { localized } from '../../i18n/localize.ts';
import { TEXTAREA_ROWS_QUESTION } from '../../theme/sizes.ts';
import { Field } from '../../ui/field.tsx';
import { Select } from '../../ui/select.tsx';
import * as ui from '../../ui/ui.css.ts';

/** A question's field: normal_input -> one line, text_area -> textarea, anything else -> a select of its values. */
export function QuestionField({
  q,
  value,
  error,
  onChange,
}: {
  q: Question;
  value: string;
  error: string | undefined;
  onChange: (v: string) => void;
}) {
  const intl = useIntl();
  const lan = useLan();
  const id = `q-${q._id}`;
  return (
    <Field id={id} label={localized(q, 'name', lan)} required={q.isRequired === 'yes'} error={error}>
      {(aria) =>
        q.inputType === 'normal_input' ? (
          <input
            {...aria}
            className={ui.input}
            type={q.dataType === 'string' ? 'text' : 'number'}
            inputMode={q.dataType === 'string' ? undefined : 'decimal'}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        ) : q.inputType === 'text_area' ? (
          <textarea
            {...aria}
            className={ui.input}
            rows={TEXTAREA_ROWS_QUESTION}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        ) : (
          <Select
            id={id}
            aria={aria}
            value={value}
            placeholder={intl.formatMessage({ id: 'apply.choose' })}
            options={q.enumValues.map((v) => ({ value: v._id, label: localized(v.expectedValues, 'value', lan) }))}
            onChange={onChange}
          />
        )
      }
    </Field>
  );
}
