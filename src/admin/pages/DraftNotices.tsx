// The notices about the draft itself (what the autosave did, a copy this device kept, a deploy that
// changed the file, someone else's save to merge), kept apart from the editor that lays them out.
import { useRef } from 'react';
import type { OpenedFile } from './pagesApi';
import { TextCompare, type TextCompareHandle } from './TextCompare';
import { localKey, type SaveState } from './useDraftSaving';

/** What the autosave did, in a sentence; `hasDraft` when what is saved is not what visitors see. */
export function saveText(save: SaveState, hasDraft: boolean): string {
  switch (save.state) {
    case 'saved':
      return hasDraft
        ? `Draft saved (revision ${save.revision}), not published yet.`
        : `No unpublished changes: visitors see this text (revision ${save.revision}).`;
    case 'saving':
      return 'Saving…';
    case 'waiting':
      return 'Changes not saved yet…';
    case 'offline':
      return 'Offline: your text is kept on this device and will be saved as soon as the connection is back.';
    case 'conflict':
      return 'Not saved: someone else changed this file. Compare the two versions below.';
    case 'failed':
      return `Not saved: ${save.message}`;
  }
}

/**
 * The copy of the text this device kept, the deploy's version of a file it changed too, and
 * someone else's save beside the person's text: each says what happened and offers what to keep.
 */
export function DraftNotices({
  opened,
  save,
  local,
  onLocalDone,
  takeVersion,
  basedOn,
  id,
}: {
  opened: OpenedFile;
  save: SaveState;
  local: { source: string } | undefined;
  onLocalDone: () => void;
  takeVersion: (source: string, revision: string) => void;
  basedOn: () => string;
  id: string;
}) {
  const merge = useRef<TextCompareHandle>(null);
  const { file } = opened;
  return (
    <>
      {local && (
        <div className="desk-notice desk-notice--error">
          <p>This device kept a copy of your text that never reached the server.</p>
          <button
            type="button"
            className="button"
            onClick={() => {
              takeVersion(local.source, basedOn());
              onLocalDone();
            }}
          >
            Restore the copy from this device
          </button>{' '}
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              localStorage.removeItem(localKey(file));
              onLocalDone();
            }}
          >
            Discard it
          </button>
        </div>
      )}
      {opened.deployChanged && (
        <section className="pages-deploy-changed" aria-labelledby={`${id}-deploy-changed`}>
          <h2 id={`${id}-deploy-changed`}>A deploy changed this file too</h2>
          <p>The site shows the version published here. Take what you need from the deploy’s version into the text, then publish.</p>
          <TextCompare
            left={opened.deployChanged.deployed ?? ''}
            right={opened.published?.source ?? ''}
            leftLabel="The deploy’s version"
            rightLabel="Live now"
          />
        </section>
      )}
      {save.state === 'conflict' && (
        <section className="pages-conflict" aria-labelledby={`${id}-conflict`}>
          <h2 id={`${id}-conflict`}>Someone else changed this file</h2>
          <p>
            On the left is what was saved meanwhile (revision {save.current.revision}); on the right, your text. Take their changes across
            with the arrows, or edit the right, then save the result. Nothing has been overwritten.
          </p>
          <TextCompare
            ref={merge}
            left={save.current.source ?? ''}
            right={save.mine}
            leftLabel="Saved meanwhile"
            rightLabel="Yours"
            editable
          />
          <button type="button" className="button" onClick={() => takeVersion(merge.current!.merged(), save.current.revision)}>
            Save the version on the right
          </button>{' '}
          <button
            type="button"
            className="button button--ghost"
            onClick={() => takeVersion(save.current.source ?? '', save.current.revision)}
          >
            Use the version saved meanwhile
          </button>
        </section>
      )}
    </>
  );
}
