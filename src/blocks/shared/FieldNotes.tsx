import { useLanguage } from '../../shell/useLanguage';

/** The ids a field's hint and error take, and the aria-describedby that ties them to it. */
export function fieldNoteIds(id: string, hint: string | undefined, error: string | undefined) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return { hintId, errorId, describedBy: [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined };
}

/** A field's hint, then its error (with a visually hidden "Error:"), between the label and the input, as GOV.UK places them. */
export function FieldNotes({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  const { hintId, errorId } = fieldNoteIds(id, hint, error);
  const { common } = useLanguage().words.ui;
  return (
    <>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          <span className="visually-hidden">{common.error} </span>
          {error}
        </p>
      )}
    </>
  );
}
