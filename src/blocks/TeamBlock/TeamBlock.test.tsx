import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { BlockOf } from '../../content/blockTypes';
import { iconsNamed, renderBlock } from '../../../tests/helpers/renderBlock';
import { TeamBlock } from './TeamBlock';

const assets = { icons: await iconsNamed('landmark', 'handshake', 'badge-indian-rupee') };

const team: BlockOf<'team'> = {
  type: 'team',
  heading: 'Our team',
  intro: 'Bankers, chartered accountants and engineers who have sat on both sides of the table.',
  members: [
    { title: 'Former bankers', description: 'Fifteen years of business lending.', icon: 'landmark' },
    { title: 'Chartered accountants', description: 'Project reports and financial statements.', icon: 'badge-indian-rupee' },
    { title: 'Relationship managers', description: 'One contact from first call to disbursement.', icon: 'handshake' },
  ],
};

describe('TeamBlock', () => {
  test('shows the heading and the intro', () => {
    renderBlock(<TeamBlock block={team} />, { assets });
    expect(screen.getByRole('heading', { level: 2, name: team.heading })).toBeVisible();
    expect(screen.getByText(team.intro!)).toBeVisible();
  });

  test('shows every member as a list item with an h3 title and the description, in order', () => {
    renderBlock(<TeamBlock block={team} />, { assets });
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(team.members.length);
    team.members.forEach((member, index) => {
      expect(within(items[index]!).getByRole('heading', { level: 3 }).textContent).toBe(member.title);
      expect(within(items[index]!).getByText(member.description)).toBeVisible();
    });
  });

  test('each card shows its icon, which screen readers skip', () => {
    renderBlock(<TeamBlock block={team} />, { assets });
    for (const item of within(screen.getByRole('list')).getAllByRole('listitem')) {
      const icons = item.querySelectorAll('svg');
      expect(icons).toHaveLength(1);
      expect(icons[0]!.getAttribute('aria-hidden')).toBe('true');
      expect(within(item).queryByRole('img')).toBeNull();
    }
  });

  test('shows no intro when the page gives none', () => {
    const { container } = renderBlock(<TeamBlock block={{ ...team, intro: undefined }} />, { assets });
    expect(screen.queryByText(team.intro!)).toBeNull();
    expect(container.querySelectorAll('p')).toHaveLength(team.members.length);
  });
});
