import type { FieldSchema } from '../../shared/forms/formSchemas';
import { useLanguage } from '../../shell/useLanguage';
import { FieldNotes, fieldNoteIds } from '../shared/FieldNotes';
import { ConsentField } from './ConsentField';
import '../shared/FormFields.css';

interface Props {
  id: string;
  name: string;
  field: FieldSchema;
  required: boolean;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

/** One labelled field with its hint and error message tied to it by aria-describedby. */
export function FormField({ id, name, field, required, value, error, onChange }: Props) {
  const { selectOption } = useLanguage().words.ui.forms;
  const kind = field['x-input'];
  if (kind === 'consent') {
    return (
      <ConsentField id={id} name={name} checked={value === 'true'} error={error} onChange={(ticked) => onChange(ticked ? 'true' : '')} />
    );
  }
  if (kind === 'honeypot') {
    // Off-screen and out of the tab order: only robots fill it in.
    return (
      <div className="enquiry-form__trap" aria-hidden="true">
        <label htmlFor={id}>{field.title}</label>
        <input
          id={id}
          name={name}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    );
  }
  const { describedBy } = fieldNoteIds(id, field['x-hint'], error);
  const common = {
    id,
    name,
    required,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    className: 'text-input',
  };
  return (
    <div className={`form-group${error ? ' form-group--error' : ''}`}>
      <label htmlFor={id} className="form-label">
        {field.title}
      </label>
      <FieldNotes id={id} hint={field['x-hint']} error={error} />
      {kind === 'textarea' ? (
        <textarea {...common} rows={4} autoComplete={field['x-autocomplete']} onChange={(event) => onChange(event.target.value)} />
      ) : kind === 'select' ? (
        <select {...common} onChange={(event) => onChange(event.target.value)}>
          <option value="" disabled>
            {selectOption}
          </option>
          {field['x-options']!.map((option, index) => (
            <option key={option.label} value={index}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input {...common} type={kind} autoComplete={field['x-autocomplete']} onChange={(event) => onChange(event.target.value)} />
      )}
    </div>
  );
}
