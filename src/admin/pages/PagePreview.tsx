import { useEffect, useId, useState } from 'react';
import { pagesApi } from './pagesApi';

/** The preview is drawn again this long after typing pauses. */
const PREVIEW_AFTER_MS = 250;
const WIDTHS = [
  { width: 360, label: 'Phone (360 px)' },
  { width: 1280, label: 'Desktop (1280 px)' },
] as const;

/**
 * The draft as the published page will be: the server draws it with the site's own renderer,
 * and the frame shows that document without running its scripts, as with JavaScript off.
 */
export function PagePreview({ file, source, together }: { file: string; source: string; together: readonly string[] }) {
  const [html, setHtml] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [width, setWidth] = useState<360 | 1280>(360);
  const id = useId();

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      pagesApi.preview(file, source, together, controller.signal).then(
        (answer) => {
          if (!answer.ok) return setProblem(answer.message);
          if (!('html' in answer.data))
            return setProblem('The preview shows the last version without errors: fix the problems listed to see this one.');
          // Shown as with JavaScript off: the page's scripts would not run in the frame anyway.
          setHtml(answer.data.html.replace(/<script\b[\s\S]*?<\/script>/gi, ''));
          setProblem(undefined);
        },
        () => undefined,
      );
    }, PREVIEW_AFTER_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [file, source, together]);

  return (
    <section aria-labelledby={`${id}-title`} className="pages-preview">
      <h2 id={`${id}-title`}>Preview</h2>
      <fieldset className="pages-preview__widths">
        <legend>Width</legend>
        {WIDTHS.map((entry) => (
          <label key={entry.width}>
            <input type="radio" name={`${id}-width`} checked={width === entry.width} onChange={() => setWidth(entry.width)} />
            {entry.label}
          </label>
        ))}
      </fieldset>
      <p aria-live="polite" className="pages-preview__note">
        {problem}
      </p>
      <div className="pages-preview__frame">
        {html === undefined ? (
          <p role="status">Drawing the preview…</p>
        ) : (
          <iframe title={`Preview of ${file} at ${width} px`} srcDoc={html} sandbox="allow-same-origin" style={{ width: `${width}px` }} />
        )}
      </div>
    </section>
  );
}
