import { useLingui } from '@lingui/react/macro';
import { PLACEHOLDERS, type PlaceholderKey } from '../placeholders.ts';
import { ComingSoonPage } from './coming-soon-page.tsx';

export function Placeholder({ section }: { section: PlaceholderKey }) {
  const { i18n } = useLingui();
  const info = PLACEHOLDERS[section];
  return (
    <ComingSoonPage title={i18n._(info.title)} icon={info.icon} description={i18n._(info.description)} />
  );
}
