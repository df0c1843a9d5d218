import { autocompletion, type CompletionSource } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { yaml } from '@codemirror/lang-yaml';
import { bracketMatching, indentOnInput, syntaxHighlighting, defaultHighlightStyle } from '@codemirror/language';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { EditorState, type Extension } from '@codemirror/state';
import { EditorView, highlightActiveLine, keymap, lineNumbers, hoverTooltip, type Tooltip } from '@codemirror/view';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import type { ContentProblem } from '../../shared/pageEditor';
import { styleNonce } from './styleNonce';

export interface YamlEditorHandle {
  /** Puts the cursor at a line and column (from 1) and gives the editor the focus. */
  goTo(line: number, col: number): void;
  /** Inserts text at the start of the cursor's line. */
  insertLines(text: string): void;
  /** Inserts lines where the cursor is, each after the first indented to line up with the first. */
  insertAtCursor(lines: readonly string[]): void;
  /** Replaces the whole text (a merge, a restored copy). */
  replace(text: string): void;
}

interface Props {
  initial: string;
  /** The id of the element that names the editor, for screen readers. */
  labelledBy: string;
  describedBy?: string;
  onChange: (text: string) => void;
  /** The check's problems in this file, underlined in place. */
  problems: readonly ContentProblem[];
  complete?: CompletionSource;
  hover?: (text: string, position: number) => { from: number; to: number; text: string } | undefined;
}

/** A position in the document from a 1-based line and column, kept inside the document. */
function offsetOf(state: EditorState, line: number, col: number): number {
  const target = state.doc.line(Math.min(Math.max(line, 1), state.doc.lines));
  return Math.min(target.from + Math.max(col - 1, 0), target.to);
}

function diagnosticsOf(state: EditorState, problems: readonly ContentProblem[]): Diagnostic[] {
  return problems.map((problem) => {
    const from = offsetOf(state, problem.line, problem.col);
    const lineEnd = state.doc.lineAt(from).to;
    return { from, to: Math.max(from + 1, lineEnd), severity: problem.severity, message: `${problem.path}  ${problem.message}` };
  });
}

/**
 * The YAML of one content file in CodeMirror 6: line numbers, undo, search, the check's
 * problems underlined with their messages, completion and help from the schema. Tab
 * indents; Escape then Tab leaves the editor, as CodeMirror documents for keyboard users.
 */
export const YamlEditor = forwardRef<YamlEditorHandle, Props>(function YamlEditor(
  { initial, labelledBy, describedBy, onChange, problems, complete, hover },
  ref,
) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | undefined>(undefined);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const extensions: Extension[] = [
      lineNumbers(),
      history(),
      indentOnInput(),
      bracketMatching(),
      highlightActiveLine(),
      highlightSelectionMatches(),
      syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
      yaml(),
      lintGutter(),
      keymap.of([...defaultKeymap, ...historyKeymap, ...searchKeymap, indentWithTab]),
      EditorView.lineWrapping,
      styleNonce(),
      EditorView.contentAttributes.of({
        'aria-labelledby': labelledBy,
        ...(describedBy && { 'aria-describedby': describedBy }),
        'aria-multiline': 'true',
        // Already in the tab order as editable text; said outright so checkers see its scroller can be reached by keyboard.
        tabindex: '0',
      }),
      EditorView.updateListener.of((update) => {
        if (update.docChanged) changed.current(update.state.doc.toString());
      }),
    ];
    if (complete) extensions.push(autocompletion({ override: [complete] }));
    if (hover)
      extensions.push(
        hoverTooltip((editor, position): Tooltip | null => {
          const found = hover(editor.state.doc.toString(), position);
          if (!found) return null;
          return {
            pos: found.from,
            end: found.to,
            create: () => {
              const dom = document.createElement('div');
              dom.className = 'pages-hover';
              dom.textContent = found.text;
              return { dom };
            },
          };
        }),
      );
    const editor = new EditorView({ parent: host.current!, state: EditorState.create({ doc: initial, extensions }) });
    view.current = editor;
    return () => editor.destroy();
    // The editor is made once per file; later text comes from typing or replace().
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (editor) editor.dispatch(setDiagnostics(editor.state, diagnosticsOf(editor.state, problems)));
  }, [problems]);

  useImperativeHandle(ref, () => ({
    goTo(line, col) {
      const editor = view.current!;
      const at = offsetOf(editor.state, line, col);
      editor.dispatch({ selection: { anchor: at }, scrollIntoView: true });
      editor.focus();
    },
    insertLines(text) {
      const editor = view.current!;
      const line = editor.state.doc.lineAt(editor.state.selection.main.head);
      const at = line.text.trim() === '' ? line.from : line.to + 1 > editor.state.doc.length ? line.to : line.to + 1;
      const insert = at === line.to && at === editor.state.doc.length ? `\n${text}` : text;
      editor.dispatch({
        changes: { from: at, insert },
        selection: { anchor: at + insert.length - (insert.endsWith('\n') ? 1 : 0) },
        scrollIntoView: true,
      });
      editor.focus();
    },
    insertAtCursor(lines) {
      const editor = view.current!;
      const at = editor.state.selection.main.head;
      const line = editor.state.doc.lineAt(at);
      const before = line.text.slice(0, at - line.from);
      // At the start of a line or of a list item ("- "), the lines go where the cursor is;
      // after other text, on a line of their own at that line's indentation.
      const inline = /^ *(- +)?$/.test(before);
      const indent = inline ? ' '.repeat(before.length) : /^ */.exec(line.text)![0];
      const insert = (inline ? '' : `\n${indent}`) + lines.map((text, index) => (index === 0 ? text : `${indent}${text}`)).join('\n');
      editor.dispatch({ changes: { from: at, insert }, selection: { anchor: at + insert.length }, scrollIntoView: true });
      editor.focus();
    },
    replace(text) {
      // Only the part that differs is replaced, so undo, the cursor and the scroll stay where they were.
      const editor = view.current!;
      const old = editor.state.doc.toString();
      let from = 0;
      while (from < old.length && from < text.length && old[from] === text[from]) from++;
      let end = 0;
      while (end < old.length - from && end < text.length - from && old[old.length - 1 - end] === text[text.length - 1 - end]) end++;
      if (from === old.length && from === text.length) return;
      editor.dispatch({ changes: { from, to: old.length - end, insert: text.slice(from, text.length - end) } });
    },
  }));

  return <div ref={host} className="pages-editor__code" />;
});
