import { useEffect, useId, useRef, useState } from 'react';
import type { ContentOutlines } from '../../shared/pageEditor';
import { readData } from './form/yamlEdits';
import { pagesApi } from './pagesApi';
import { markGaps, withGaps } from './previewGaps';

/** The preview is drawn again this long after typing pauses. */
const PREVIEW_AFTER_MS = 250;
const WIDTHS = [
  { width: 360, height: 740, label: 'Phone (360 px)' },
  { width: 1280, height: 800, label: 'Desktop (1280 px)' },
] as const;

/**
 * The page as a visitor's browser draws it, without running its scripts: the `<noscript>` styles
 * are left out, as a browser with JavaScript on leaves them out (the menu stays closed on a phone).
 */
export const previewDocument = (html: string) =>
  html.replace(/<script\b[\s\S]*?<\/script>/gi, '').replace(/<noscript\b[\s\S]*?<\/noscript>/gi, '');

/**
 * The draft as the published page will be: the server draws it with the site's own renderer,
 * and the frame shows that document without running its scripts, as with JavaScript off.
 */
export function PagePreview({
  file,
  source,
  companions,
  outlines,
}: {
  file: string;
  source: string;
  companions: readonly string[];
  /** A page's schemas: a page with places still to write is drawn with each as a marked gap. Absent for site files. */
  outlines?: ContentOutlines;
}) {
  const [html, setHtml] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [width, setWidth] = useState<360 | 1280>(360);
  const id = useId();
  // The frame is drawn at the chosen width and scaled down to fit its column, as a thumbnail is.
  const box = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState<number | undefined>();
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setRoom(entry!.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const size = WIDTHS.find((entry) => entry.width === width)!;
  const scale = room ? Math.min(1, room / size.width) : 1;

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void (async () => {
        const answer = await pagesApi.preview(file, source, companions, controller.signal);
        if (!answer.ok) return setProblem(answer.message);
        if ('html' in answer.data) {
          setHtml(previewDocument(answer.data.html));
          return setProblem(undefined);
        }
        // Still being written: drawn leniently, each place to write a marked gap (only ever here, never published).
        const gapped = outlines && withGaps(readData(source), outlines);
        const lenient = gapped === undefined ? undefined : await pagesApi.preview(file, gapped, companions, controller.signal);
        if (lenient?.ok && 'html' in lenient.data) {
          setHtml(markGaps(previewDocument(lenient.data.html)));
          return setProblem('Places still to write are marked as gaps; the page can be published once they are written.');
        }
        setProblem('The preview shows the last version without errors: fix the problems listed to see this one.');
      })().catch(() => undefined);
    }, PREVIEW_AFTER_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [file, source, companions, outlines]);

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
      <div className="pages-preview__frame" ref={box} style={{ height: `${Math.ceil(size.height * scale)}px` }}>
        {html === undefined ? (
          <p role="status">Drawing the preview…</p>
        ) : (
          <iframe
            title={`Preview of ${file} at ${width} px${scale < 1 ? `, shown at ${Math.round(scale * 100)}%` : ''}`}
            srcDoc={html}
            sandbox="allow-same-origin"
            style={{ width: `${size.width}px`, height: `${size.height}px`, transform: `scale(${scale})` }}
          />
        )}
      </div>
    </section>
  );
}
