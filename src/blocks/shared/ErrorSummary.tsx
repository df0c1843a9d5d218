import { useEffect, useId, useRef } from 'react';
import { useLanguage } from '../../shell/useLanguage';
import './FormFields.css';

interface Props {
  /**
   * Each problem with the id of the field it is about, in the order of the fields, and the
   * field's label, which names the link when several fields have the same message.
   */
  errors: { id: string; message: string; label?: string }[];
  /** Changes every time the form is sent with problems, so focus moves to the summary each time. */
  shown: number;
}

/**
 * The GOV.UK error summary: a box headed "There is a problem" that takes focus when the
 * form is sent with mistakes, and links each one to its field.
 */
export function ErrorSummary({ errors, shown }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const { common } = useLanguage().words.ui;
  useEffect(() => {
    if (shown) box.current?.focus();
  }, [shown]);
  if (errors.length === 0) return null;
  const repeated = (message: string) => errors.filter((other) => other.message === message).length > 1;
  // "Choose yes or no" three times would not say which question each link goes to.
  const linkText = ({ message, label }: Props['errors'][number]) =>
    label && repeated(message) ? `${label}${/[?:.]$/.test(label) ? ' ' : ': '}${message}` : message;
  return (
    <div className="error-summary" ref={box} tabIndex={-1} aria-labelledby={titleId}>
      <h3 id={titleId} className="error-summary__title">
        {common.errorSummary}
      </h3>
      <ul className="error-summary__list">
        {errors.map((error) => (
          <li key={error.id}>
            <a
              href={`#${error.id}`}
              onClick={(event) => {
                event.preventDefault();
                document.getElementById(error.id)?.focus();
              }}
            >
              {linkText(error)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
