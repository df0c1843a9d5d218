import type { BlockOf } from '../../content/blockTypes';
import { Section } from '../shared/Section';
import './TableBlock.css';

export function TableBlock({ block }: { block: BlockOf<'table'> }) {
  return (
    <Section heading={block.heading} className="table-block">
      {/* Focusable so keyboard users can scroll a wide table sideways on a phone. */}
      <div className="table-block__scroll" role="region" aria-label={block.caption} tabIndex={0}>
        <table className="table-block__table">
          <caption>{block.caption}</caption>
          <thead>
            <tr>
              {block.columns.map((column, index) => (
                <th key={index} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {block.rows.map((row, rowIndex) => (
              <tr key={rowIndex}>
                {row.map((cell, cellIndex) =>
                  cellIndex === 0 ? (
                    <th key={cellIndex} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={cellIndex}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}
