import { useId } from 'react';
import type { FileReview } from '../../shared/pageEditor';
import { ActionResult, type Result } from './ActionResult';
import { saveText } from './DraftNotices';
import type { Companion } from './pagesApi';
import { PublishCompanions } from './PublishCompanions';
import { publishHint } from './ReviewNotice';
import type { SaveState } from './useDraftSaving';

interface Props {
  save: SaveState;
  /** Whether the store holds a draft of this file newer than what is live. */
  hasDraft: boolean;
  errors: number;
  /** The heading of the check's list of problems, which the count links to. */
  problemsId: string;
  note: string;
  onNote: (note: string) => void;
  companions: readonly Companion[];
  chosen: readonly string[];
  onChoose: (files: string[]) => void;
  review: FileReview;
  onPublish: () => void;
  onDiscard: () => void;
  result: Result | undefined;
}

/** Why Publish cannot be pressed now, or what it will do. */
function publishState({ save, hasDraft, errors, review }: Pick<Props, 'save' | 'hasDraft' | 'errors' | 'review'>): {
  enabled: boolean;
  why: string;
} {
  if (errors > 0) return { enabled: false, why: 'Fix the problems first.' };
  if (save.state !== 'saved') return { enabled: false, why: 'Publishing waits for the draft to be saved.' };
  if (!hasDraft) return { enabled: false, why: 'Nothing to publish: the text is what visitors see. Change something first.' };
  return { enabled: true, why: publishHint(review) };
}

/**
 * What the person does with the draft, in a bar that stays on screen however long the page:
 * the autosave's state and the check's count, Publish (enabled only when a saved draft is newer
 * than what is live and the check finds no error), Discard, and their result beside them.
 */
export function PublishBar(props: Props) {
  const { save, hasDraft, errors, problemsId, note, onNote, companions, chosen, onChoose, onPublish, onDiscard, result } = props;
  const id = useId();
  const { enabled, why } = publishState(props);
  return (
    <section className="pages-actions" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="visually-hidden">
        Publish
      </h2>
      <p className="pages-actions__state" role="status">
        {saveText(save, hasDraft)}{' '}
        {errors > 0 ? (
          <a href={`#${problemsId}`}>
            {errors} problem{errors === 1 ? '' : 's'} to fix
          </a>
        ) : (
          'No problems found.'
        )}
      </p>
      <form
        className="pages-actions__form"
        onSubmit={(event) => {
          event.preventDefault();
          onPublish();
        }}
      >
        <div className="desk-form__group pages-actions__note">
          <label htmlFor={`${id}-note`}>Note for the history (optional)</label>
          <input id={`${id}-note`} className="text-input" maxLength={200} value={note} onChange={(event) => onNote(event.target.value)} />
        </div>
        <div className="pages-actions__buttons">
          <button type="submit" className="button" disabled={!enabled} aria-describedby={`${id}-why`}>
            Publish
          </button>
          {hasDraft && (
            <button type="button" className="button button--ghost" onClick={onDiscard}>
              Discard the draft
            </button>
          )}
        </div>
        <p id={`${id}-why`} className="field-hint pages-actions__why">
          {why}
        </p>
        <PublishCompanions companions={companions} chosen={chosen} onChange={onChoose} />
      </form>
      <ActionResult result={result} />
    </section>
  );
}
