// The one field that holds a single value (a text, a number, a date, a choice or a switch), kept
// apart from the fields that hold others because it alone keeps what is typed and checks it.
import { useState, type ReactNode } from 'react';
import { fieldId, isLongText, typedError, typedValue } from './formFields';
import { useForm } from './formContext';
import type { FieldProps } from './Field';
import { Problems } from './Problems';

/** A text, a number, a date, a choice or a switch: checked as the person types, written to the YAML as they go. */
export function ScalarField({ pointer, outline, value, required, label, actions }: FieldProps & { label: string }) {
  const { form, edit, problemsAt, promptAt, pages } = useForm();
  const id = fieldId(form, pointer);
  const written = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
  // What is typed is kept while the field has the focus: "12a" or a space at the end stay on screen.
  const [typed, setTyped] = useState<string | undefined>();
  const shown = typed ?? written;
  const typingError = typed === undefined ? undefined : typedError(outline, label, typed, required);
  const problems = problemsAt(pointer);
  const hasError = Boolean(typingError) || problems.some((problem) => problem.severity === 'error');
  const hint = outline.description && outline.description !== outline.title ? outline.description : undefined;
  const count = outline.maxLength && outline.type === 'string' ? `Up to ${outline.maxLength} characters; ${shown.trim().length} now.` : '';
  const describedBy = [hint || count ? `${id}-hint` : '', typingError ? `${id}-typing` : '', problems.length ? `${id}-problems` : '']
    .filter(Boolean)
    .join(' ');

  function change(text: string) {
    setTyped(text);
    if (typedError(outline, label, text, required) && (outline.type === 'integer' || outline.type === 'number')) return;
    const next = typedValue(outline, text);
    if (next === '' && !required) {
      if (value !== undefined) edit({ kind: 'remove', at: pointer });
    } else if (next !== value) edit({ kind: 'set', at: pointer, value: next });
  }

  const common = {
    id,
    className: 'text-input',
    value: shown,
    onFocus: () => setTyped(shown),
    onBlur: () => setTyped(undefined),
    'aria-invalid': hasError || undefined,
    'aria-describedby': describedBy || undefined,
    // What goes here, as a hint in the empty field: never its text, so nothing of it can be published by mistake.
    placeholder: outline.type === 'string' && outline.format !== 'date' ? promptAt(pointer) : undefined,
  };
  let control: ReactNode;
  if (outline.type === 'boolean') {
    control = (
      <input
        id={id}
        type="checkbox"
        checked={value === true}
        aria-describedby={describedBy || undefined}
        onChange={(event) => edit({ kind: 'set', at: pointer, value: event.target.checked })}
      />
    );
  } else if (outline.values || outline.names === 'page') {
    const choices = outline.values
      ? outline.values.map((choice) => ({ value: choice, label: choice }))
      : pages.map((page) => ({ value: page.route, label: `${page.title} (${page.route})` }));
    if (written && !choices.some((choice) => choice.value === written)) choices.unshift({ value: written, label: written });
    control = (
      <select {...common} onChange={(event) => change(event.target.value)}>
        {(!required || !written) && <option value="">{outline.names === 'page' ? 'Choose a page' : 'None'}</option>}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    );
  } else if (isLongText(outline)) {
    control = (
      <textarea
        {...common}
        rows={Math.min(8, Math.max(3, Math.ceil(shown.length / 60)))}
        onChange={(event) => change(event.target.value)}
      />
    );
  } else {
    const numeric = outline.type === 'integer' || outline.type === 'number';
    control = (
      <input
        {...common}
        type={outline.format === 'date' ? 'date' : 'text'}
        {...(numeric && { inputMode: outline.type === 'integer' ? ('numeric' as const) : ('decimal' as const) })}
        spellCheck={outline.names === 'icon' || numeric ? false : undefined}
        onChange={(event) => change(event.target.value)}
      />
    );
  }
  return (
    <div className={`desk-form__group${hasError ? ' page-form__group--error' : ''}`}>
      <label htmlFor={id} className={outline.type === 'boolean' ? 'page-form__check' : undefined}>
        {outline.type === 'boolean' && control}
        {label}
        {!required && outline.type !== 'boolean' && <span className="page-form__optional"> (optional)</span>}
      </label>
      {(hint || count) && (
        <p id={`${id}-hint`} className="field-hint">
          {hint} {count}
        </p>
      )}
      {typingError && (
        <p id={`${id}-typing`} className="field-error">
          <span className="visually-hidden">Error: </span>
          {typingError}
        </p>
      )}
      <Problems problems={problems} id={`${id}-problems`} />
      {outline.type !== 'boolean' && control}
      {actions}
    </div>
  );
}
