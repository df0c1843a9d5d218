import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { BlockOf } from '../../content/blockTypes';
import { renderBlock } from '../../../tests/helpers/renderBlock';
import { TextBlock } from './TextBlock';

const text: BlockOf<'text'> = {
  type: 'text',
  heading: 'Why a project report matters',
  paragraphs: [
    'Banks decide on the strength of your project report.',
    'We prepare it with you, from the cost of the project to the repayment schedule.',
    'A clear report shortens the time to sanction.',
  ],
};

describe('TextBlock', () => {
  test('shows the heading as an h2 and every paragraph, in order, as its own paragraph', () => {
    const { container } = renderBlock(<TextBlock block={text} />);
    expect(screen.getByRole('heading', { level: 2, name: text.heading })).toBeVisible();
    const paragraphs = [...container.querySelectorAll('p')].map((p) => p.textContent);
    expect(paragraphs).toEqual(text.paragraphs);
  });

  test('shows no heading when the page gives none', () => {
    renderBlock(<TextBlock block={{ ...text, heading: undefined }} />);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByText(text.paragraphs[0]!)).toBeVisible();
  });

  test('a highlighted panel shows the same heading and text', () => {
    const { container } = renderBlock(<TextBlock block={{ ...text, variant: 'highlight' }} />);
    expect(screen.getByRole('heading', { level: 2, name: text.heading })).toBeVisible();
    expect([...container.querySelectorAll('p')].map((p) => p.textContent)).toEqual(text.paragraphs);
  });
});
