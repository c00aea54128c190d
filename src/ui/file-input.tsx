import type { InputHTMLAttributes, Ref } from 'react';
import { FormattedMessage } from 'react-intl';
import * as s from './ui.css.ts';

type FileInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  id: string;
  /** The name of the file the form holds (what its machine kept), or null. */
  chosen: string | null;
  inputRef?: Ref<HTMLInputElement>;
};

/**
 * A file field in the page's language (issue 51): the browser's own control says "Choose File /
 * No file chosen" in the browser's language whatever the page's. The native input stays, out
 * of sight but in the Tab order (its focus ring drawn on the button beside it), so the keyboard,
 * screen readers and the field's label work as before; the button and the chosen file's name
 * are ours, translated, and the name is the one the form holds, not the one the browser last
 * picked.
 */
export function FileInput({ id, chosen, inputRef, ...rest }: FileInputProps) {
  return (
    <span className={s.filePicker}>
      <input
        {...rest}
        id={id}
        ref={inputRef}
        type="file"
        className={s.fileNative}
        // Enter opens the picker as Space does (a native file field out of sight does not on Enter).
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          const input = e.currentTarget;
          if (typeof input.showPicker === 'function') input.showPicker();
          else input.click();
        }}
      />
      <label htmlFor={id} className={s.secondaryButton} aria-hidden="true">
        <FormattedMessage id="file.choose" />
      </label>
      <span className={s.fileChosen}>{chosen ?? <FormattedMessage id="file.none" />}</span>
    </span>
  );
}
