import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TextDiff } from './TextDiff';

describe('<TextDiff>', () => {
  it('marks the words added in <ins> and those removed in <del>, saying which is which to screen readers', () => {
    const { container } = render(<TextDiff before="A bronze orca by the water" after="A steel orca by the water, facing west" />);
    const removed = screen.getByRole('deletion');
    const added = screen.getAllByRole('insertion');
    expect(removed.tagName).toBe('DEL');
    expect(removed).toHaveTextContent(/^removed: bronze \(end removed\)$/);
    expect(added.map((e) => e.tagName)).toEqual(['INS', 'INS']);
    expect(added.map((e) => e.textContent)).toEqual(['added: steel (end added)', 'added: , facing west (end added)']);
    // What only screen readers hear is hidden from sight.
    expect(container.querySelectorAll('.visually-hidden')).toHaveLength(6);
    expect(container.textContent).toBe(
      'A removed: bronze (end removed)added: steel (end added) orca by the wateradded: , facing west (end added)',
    );
  });

  it('keeps the spaces around a change outside its mark', () => {
    const { container } = render(<TextDiff before="Digital Orca" after="Digital Orca II" />);
    const nodes = [...container.querySelector('.text-diff')!.childNodes];
    expect(nodes.map((n) => [n.nodeName, n.textContent])).toEqual([
      ['#text', 'Digital Orca'],
      ['#text', ' '],
      ['INS', 'added: II (end added)'],
    ]);
  });

  it('marks nothing when nothing changed, and says so when only the spacing did', () => {
    const same = render(<TextDiff before="A bronze orca" after="A bronze orca" />);
    expect(same.container.querySelectorAll('ins, del')).toHaveLength(0);
    expect(same.container).toHaveTextContent('A bronze orca');
    same.unmount();

    const spacing = render(<TextDiff before={'A bronze orca.\nBy the water.'} after={'A bronze orca.\n\nBy the water.'} />);
    expect(spacing.container.querySelectorAll('ins, del')).toHaveLength(0);
    expect(spacing.container).toHaveTextContent('(only spacing changes)');
  });
});
