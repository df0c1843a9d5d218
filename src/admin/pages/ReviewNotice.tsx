import { formatIndiaTime } from '../../shared/indiaTime';
import type { FileReview } from '../../shared/pageEditor';

/** What Publish does with this file, said under the button: at once, or after an owner's review. */
export function publishHint(review: FileReview): string {
  if (review.owners === 'file') return 'An owner reviews changes to this file before visitors see them.';
  if (review.owners === 'details')
    return 'Changes to the firm’s details go to an owner for review before visitors see them; the menu and footer go live at once.';
  return 'Visitors see it at once.';
}

/** On the file in the editor: its change waiting for an owner, or sent back with the owner's note. */
export function ReviewNotice({ review }: { review: FileReview }) {
  const { submission } = review;
  if (!submission) return null;
  if (submission.returned)
    return (
      <section className="desk-notice desk-notice--error pages-review-notice" aria-labelledby="review-returned">
        <h2 id="review-returned">Sent back by {submission.returned.by}</h2>
        <p>
          On {formatIndiaTime(submission.returned.at)}, {submission.returned.by} sent back the change {submission.by} submitted, with this
          note:
        </p>
        <blockquote>{submission.returned.note}</blockquote>
        <p>Change the text, then publish again to send it for review.</p>
      </section>
    );
  return (
    <section className="pages-review-notice pages-review-notice--waiting" aria-labelledby="review-waiting">
      <h2 id="review-waiting">Waiting for an owner’s review</h2>
      <p>
        {submission.by} sent this change for review on {formatIndiaTime(submission.at)}. Visitors see the live version until an owner
        publishes it. If you change the text now, publish again to send the new version instead.
      </p>
    </section>
  );
}
