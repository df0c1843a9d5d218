import type { ReactNode } from 'react';

/**
 * The frame of every block but the banner: a section with an optional h2 (the
 * banner alone carries the page's h1) and the page's content width.
 */
export function Section({ heading, className, children }: { heading?: string; className: string; children: ReactNode }) {
  return (
    <section className={`block ${className}`}>
      <div className="container">
        {heading && <h2 className="block__heading">{heading}</h2>}
        {children}
      </div>
    </section>
  );
}
