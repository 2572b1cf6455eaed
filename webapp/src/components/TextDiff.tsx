/**
 * A change to a text shown as one text: the words it keeps as they are, the words added in
 * `<ins>` and those removed in `<del>` (word by word, `lib/wordDiff`). Marked by more than colour
 * (added underlined, removed struck through), and said in words to screen readers, which do not
 * all announce `<ins>` and `<del>`: "added: … (end added)". Line breaks are kept; a change of
 * spacing alone is said in words, as it would not show.
 */
import { useMemo } from 'react';
import { useT, type MessageKey } from '../i18n';
import { wordDiff, type DiffSegment } from '../lib/wordDiff';
import './TextDiff.css';

/** What a screen reader hears before and after a change's words. */
const SAID: Record<'added' | 'removed', { start: MessageKey; end: MessageKey }> = {
  added: { start: 'components.textDiff.addedStart', end: 'components.textDiff.addedEnd' },
  removed: { start: 'components.textDiff.removedStart', end: 'components.textDiff.removedEnd' },
};

export function TextDiff({ before, after }: { before: string; after: string }) {
  const t = useT();
  const segments = useMemo(() => wordDiff(before, after), [before, after]);
  const marked = segments.some((s) => s.kind !== 'same' && s.text.trim() !== '');
  return (
    <span className="text-diff">
      {segments.map((s, i) => (
        <Segment key={i} segment={s} />
      ))}
      {!marked && before !== after && <span className="muted"> {t('components.textDiff.spacingOnly')}</span>}
    </span>
  );
}

function Segment({ segment: { kind, text } }: { segment: DiffSegment }) {
  const t = useT();
  if (kind === 'same') return text;
  // The spaces around a change stay outside its mark, so that only words are highlighted.
  const [, lead = '', core = '', trail = ''] = /^(\s*)([\s\S]*?)(\s*)$/.exec(text) ?? [];
  // Spacing alone: as the text now has it.
  if (!core) return kind === 'added' ? text : null;
  const Mark = kind === 'added' ? 'ins' : 'del';
  return (
    <>
      {lead}
      <Mark className={`text-diff__${kind}`}>
        <span className="visually-hidden">{`${t(SAID[kind].start)} `}</span>
        {core}
        <span className="visually-hidden">{` ${t(SAID[kind].end)}`}</span>
      </Mark>
      {trail}
    </>
  );
}
