import * as RadixSelect from '@radix-ui/react-select';
import * as s from './select.css.ts';

export interface Option {
  value: string;
  label: string;
}

/**
 * A select on Radix (keyboard and screen-reader friendly, styled the same everywhere).
 * The trigger carries the field's id and aria wiring, so `<label htmlFor>` names it.
 */
export function Select({
  id,
  value,
  options,
  placeholder,
  onChange,
  aria,
}: {
  id: string;
  value: string;
  options: Option[];
  placeholder: string;
  onChange: (value: string) => void;
  aria: { 'aria-invalid'?: true; 'aria-describedby'?: string; required?: boolean };
}) {
  return (
    <RadixSelect.Root value={value} onValueChange={onChange} required={aria.required ?? false}>
      <RadixSelect.Trigger
        id={id}
        className={s.trigger}
        aria-invalid={aria['aria-invalid']}
        aria-describedby={aria['aria-describedby']}
      >
        <RadixSelect.Value placeholder={placeholder} />
        <RadixSelect.Icon aria-hidden="true">▾</RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content className={s.content} position="popper" sideOffset={4}>
          <RadixSelect.Viewport>
            {options.map((o) => (
              <RadixSelect.Item key={o.value} value={o.value} className={s.item}>
                <RadixSelect.ItemText>{o.label}</RadixSelect.ItemText>
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}
