import andrei from '../../assets/founder-andrei.svg';
import ioana from '../../assets/founder-ioana.svg';

/** The founders; their words live in the translation files under founders.<key>. */
export const FOUNDERS = [
  { key: 'andrei', image: andrei },
  { key: 'ioana', image: ioana },
] as const;
