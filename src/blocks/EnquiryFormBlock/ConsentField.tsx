import { useLanguage } from '../../shell/useLanguage';
import { FieldNotes, fieldNoteIds } from '../shared/FieldNotes';
import { PrivacyNotice } from './PrivacyNotice';

interface Props {
  id: string;
  name: string;
  checked: boolean;
  error?: string;
  onChange: (checked: boolean) => void;
}

/**
 * The privacy notice and, under it, the consent box: unticked at first, required to send,
 * its label saying what the visitor agrees to. Its error sits between the notice and the box,
 * as GOV.UK places a checkbox's error above it.
 */
export function ConsentField({ id, name, checked, error, onChange }: Props) {
  const { describedBy } = fieldNoteIds(id, undefined, error);
  const { privacy } = useLanguage().words;
  return (
    <div className={`form-group${error ? ' form-group--error' : ''}`}>
      <PrivacyNotice id={`${id}-notice`} />
      <FieldNotes id={id} error={error} />
      <div className="consent-box">
        <input
          id={id}
          name={name}
          type="checkbox"
          className="consent-box__input"
          required
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={id} className="consent-box__label">
          {privacy.consentLabel}
        </label>
      </div>
    </div>
  );
}
