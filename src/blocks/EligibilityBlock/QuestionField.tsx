import type { Question } from '../../content/page.generated';
import { useLanguage } from '../../shell/useLanguage';
import { FieldNotes, fieldNoteIds } from '../shared/FieldNotes';
import '../shared/FormFields.css';

interface Props {
  question: Question;
  id: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

/**
 * One question: a fieldset of radios with the question as its legend (a choice or yes/no),
 * or a labelled number box with its unit. Hint and error are tied to it as on the other forms.
 */
export function QuestionField({ question, id, value, error, onChange }: Props) {
  const { describedBy } = fieldNoteIds(id, question.hint, error);
  const { common, eligibility } = useLanguage().words.ui;
  const group = `form-group${error ? ' form-group--error' : ''}`;
  const notes = <FieldNotes id={id} hint={question.hint} error={error} />;

  if (question.kind === 'number') {
    return (
      <div className={group}>
        <label htmlFor={id} className="form-label">
          {question.label}
        </label>
        {notes}
        <div className="eligibility__number">
          {question.unit === 'rupees' && <span aria-hidden="true">₹</span>}
          <input
            id={id}
            name={question.id}
            className="text-input eligibility__input"
            inputMode="numeric"
            autoComplete="off"
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange(event.target.value)}
          />
          {question.unit === 'years' && <span>{eligibility.yearsUnit}</span>}
        </div>
      </div>
    );
  }

  const yesNo = [
    { value: 'yes', label: common.yes },
    { value: 'no', label: common.no },
  ];
  const options = question.kind === 'yes-no' ? yesNo : question.options!;
  return (
    <fieldset className={`${group} eligibility__choices`} aria-describedby={describedBy}>
      <legend className="form-label">{question.label}</legend>
      {notes}
      {options.map((option, index) => (
        <label key={option.value} className="eligibility__choice">
          {/* The first radio carries the id, so the error summary's link lands in the group. */}
          <input
            type="radio"
            id={index === 0 ? id : undefined}
            name={question.id}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
