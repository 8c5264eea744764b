import { Button, useTranslation } from '@site/shared-ui';
import { remoteFolder, type PreviewPin } from '@site/shared-ui/remotes-document';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { endPreview, previewPin } from '../remotes/preview';
import { reloadPage } from '../remotes/reloadOnce';

const Banner = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem 1.5rem;
  padding: 0.75rem ${({ theme }) => theme.layout.gutter};
  color: ${({ theme }) => theme.color.text};
  background: ${({ theme }) => theme.color.surfaceRaised};
  border-bottom: 4px solid ${({ theme }) => theme.color.highlight};
  p {
    margin: 0;
    max-width: 70ch;
  }
`;

/**
 * Said at the top of every page while this browser is pinned to a version by a preview link: which
 * version of which remote it is shown, until when, and a button that ends the preview (the page is
 * then loaded again, in the versions every visitor gets). A named region, drawn once the page is
 * the browser's (the server's HTML is the same for every visitor of the version).
 */
export function PreviewBanner() {
  const { t, i18n } = useTranslation('shell');
  const [pin, setPin] = useState<PreviewPin | null>(null);
  useEffect(() => setPin(previewPin()), []);
  if (!pin) return null;
  const until = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(pin.expiresAt);
  const end = () => {
    endPreview();
    reloadPage();
  };
  return (
    <Banner aria-label={t('preview.label')}>
      <p>{t('preview.showing', { version: pin.version, remote: remoteFolder(pin.remote), until })}</p>
      <Button type="button" onClick={end}>
        {t('preview.end')}
      </Button>
    </Banner>
  );
}
