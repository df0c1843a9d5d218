import { MergeView } from '@codemirror/merge';
import { yaml } from '@codemirror/lang-yaml';
import { EditorState } from '@codemirror/state';
import { EditorView, lineNumbers } from '@codemirror/view';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { styleNonce } from './styleNonce';

export interface TextCompareHandle {
  /** The right-hand text as it is now (merged by hand). */
  merged(): string;
}

interface Props {
  left: string;
  right: string;
  leftLabel: string;
  rightLabel: string;
  /** The right-hand text can be edited, and each difference can be taken from the left. */
  editable?: boolean;
}

/** Two versions side by side with their differences marked, as @codemirror/merge draws them. */
export const TextCompare = forwardRef<TextCompareHandle, Props>(function TextCompare(
  { left, right, leftLabel, rightLabel, editable = false },
  ref,
) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<MergeView | undefined>(undefined);

  useEffect(() => {
    const side = (doc: string, label: string, canEdit: boolean) => ({
      doc,
      extensions: [
        lineNumbers(),
        yaml(),
        EditorView.lineWrapping,
        styleNonce(),
        EditorState.readOnly.of(!canEdit),
        EditorView.editable.of(canEdit),
        EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
      ],
    });
    const merge = new MergeView({
      a: side(left, leftLabel, false),
      b: side(right, rightLabel, editable),
      parent: host.current!,
      ...(editable && { revertControls: 'a-to-b' as const }),
      collapseUnchanged: { margin: 3, minSize: 6 },
    });
    view.current = merge;
    return () => merge.destroy();
  }, [left, right, leftLabel, rightLabel, editable]);

  useImperativeHandle(ref, () => ({ merged: () => view.current!.b.state.doc.toString() }));

  return (
    <div className="pages-compare">
      <p className="pages-compare__labels">
        <span>{leftLabel}</span>
        <span>{rightLabel}</span>
      </p>
      <div ref={host} />
    </div>
  );
});
